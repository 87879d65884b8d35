import type { ApiFixtureCore, ApiFixtureFull, ApiLeagueEntry } from '../../store/provider-types.ts';
import { LIGA_PRO_CLUBS, SERIE_B_CLUBS, VENUES } from './data/clubs.ts';
import {
  ANCHOR_WEEK, CUP_GROUP_NOTES, CUP_TIMES, ECUADOR_FRIENDLIES, ELIMINATORIAS, FIFA_WINDOWS, FINAL_PHASE_OPENING, FINAL_TIME, FINAL_WEEKS,
  FRIENDLIES, LEAGUE_DAY_TIMES, LEAGUE_TIMES, LIBERTADORES, LIGA_PRO, LIGA_PRO_DAYS, LIGA_PRO_FINAL_GROUPS, LIGA_PRO_FIRST_STAGE_NOTES,
  LIGA_PRO_TODAY, QUALIFIER_TIMES, QUALIFIER_WINDOWS, SERIE_B, SERIE_B_DAYS, SERIE_B_OVERALL, SERIE_B_STAGE_NOTES, SERIE_B_STAGES,
  SERIE_B_TODAY, SUDAMERICANA, type CupPlan, type LeagueMeta, type RankNotes, type Time,
} from './data/competitions.ts';
import type { TeamInfo, VenueInfo } from './data/types.ts';
import { computeTable } from './derive.ts';
import type { CompetitionBuild, FixtureRecord, PlaceOdds, SeasonContext, StandingsGroup } from './model.ts';
import { playMatch, teamRef, type MatchSide } from './match.ts';
import { ecuadorSquad } from './people-build.ts';
import type { DemoPlayer } from './people.ts';
import { ECUADOR_ID, NATIONS, teamInfo } from './registry.ts';
import { rngFor, type Rng } from './rng.ts';
import { FRI, MON, SAT, THU, TUE, WED, fitStadiums, type Leg, type Pairing, type SeasonCalendar } from './schedule.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, floorToMinutes, guayaquilParts, providerDate } from './time.ts';

/** Matches that kick off from this long before the anchor are scripted (revealed by the clock). */
export const SCRIPTED_WINDOW_MS = 3 * HOUR_MS;

/** Builds fixtures for one competition and plays those already kicked off. */
class CompetitionBuilder {
  ctx: SeasonContext;
  meta: LeagueMeta;
  fixtures: FixtureRecord[] = [];
  squads = new Map<number, DemoPlayer[]>();
  suspended = new Map<number, Set<number>>();
  nextId: number;
  rng: Rng;
  refereePick: (home: TeamInfo, away: TeamInfo) => string;

  constructor(ctx: SeasonContext, meta: LeagueMeta, refereePick: (rng: Rng, home: TeamInfo, away: TeamInfo) => string) {
    this.ctx = ctx;
    this.meta = meta;
    this.nextId = meta.fixtureBase;
    this.rng = rngFor(ctx.seed, `competition:${meta.id}`);
    this.refereePick = (home, away) => refereePick(this.rng, home, away);
  }

  addTeams(teams: TeamInfo[], squadOf: (team: TeamInfo) => DemoPlayer[]): void {
    for (const t of teams) this.squads.set(t.id, squadOf(t));
  }

  /** A not-yet-played fixture in the provider's shape. */
  skeleton(round: string, kickoffMs: number, home: TeamInfo, away: TeamInfo, venue: VenueInfo | null, group: string | null): FixtureRecord {
    const soon = kickoffMs - this.ctx.anchorMs < 7 * DAY_MS;
    const data: ApiFixtureFull = {
      fixture: {
        id: this.nextId++,
        // Referees are appointed a few days before a match, as the provider shows them.
        referee: soon ? this.refereePick(home, away) : null,
        timezone: 'UTC',
        date: providerDate(kickoffMs),
        timestamp: Math.floor(kickoffMs / 1000),
        periods: { first: null, second: null },
        venue: { id: venue?.id ?? null, name: venue?.name ?? null, city: venue?.city ?? null },
        status: { long: 'Not Started', short: 'NS', elapsed: null, extra: null },
      },
      league: {
        id: this.meta.id,
        name: this.meta.name,
        country: this.meta.country.name,
        logo: `/media/leagues/${this.meta.id}.png`,
        flag: this.meta.country.flag,
        season: this.ctx.season,
        round,
        standings: this.meta.standings,
      },
      teams: { home: { ...teamRef(home), winner: null }, away: { ...teamRef(away), winner: null } },
      goals: { home: null, away: null },
      score: {
        halftime: { home: null, away: null },
        fulltime: { home: null, away: null },
        extratime: { home: null, away: null },
        penalty: { home: null, away: null },
      },
      events: [],
      lineups: [],
      statistics: [],
    };
    const record: FixtureRecord = { data, scripted: false, group };
    this.fixtures.push(record);
    return record;
  }

  side(team: TeamInfo, kickoffMs: number): MatchSide {
    const squad = this.squads.get(team.id) ?? [];
    const unavailable = new Set(this.suspended.get(team.id) ?? []);
    // The currently injured miss the last weeks' matches; earlier in the season they were fit.
    if (this.ctx.anchorMs - kickoffMs < 30 * DAY_MS) for (const p of squad) if (p.injured) unavailable.add(p.id);
    const formationRng = rngFor(this.ctx.seed, `formation:${team.id}:${kickoffMs}`);
    const preferred = this.ctx.people.formations.get(team.id) ?? '4-4-2';
    const formation = formationRng.chance(0.78) ? preferred : formationRng.pick(['4-2-3-1', '4-3-3', '4-4-2', '4-1-4-1', '3-5-2']);
    const coach = this.ctx.people.coaches.get(team.id) ?? { id: 0, name: '' };
    return { team, squad, coach, formation, unavailable };
  }

  /**
   * Plays, in kickoff order, every pending fixture that has kicked off by the scripted window's
   * start, and every fixture marked scripted (its plan is stored; the clock reveals it).
   */
  playDue(firstLegOf?: (record: FixtureRecord) => FixtureRecord | undefined): void {
    const due = this.fixtures
      .filter((r) => r.data.fixture.status.short === 'NS' && !r.data.lineups?.length)
      .filter((r) => r.scripted || r.data.fixture.timestamp * 1000 < this.ctx.anchorMs - SCRIPTED_WINDOW_MS)
      .sort((a, b) => a.data.fixture.timestamp - b.data.fixture.timestamp || a.data.fixture.id - b.data.fixture.id);
    for (const record of due) {
      const core = record.data as ApiFixtureCore;
      const kickoffMs = core.fixture.timestamp * 1000;
      const home = teamInfo(core.teams.home.id)!;
      const away = teamInfo(core.teams.away.id)!;
      if (!core.fixture.referee) core.fixture.referee = this.refereePick(home, away);
      const firstLeg = firstLegOf?.(record);
      const knockout = firstLeg?.data.goals.home != null
        ? { firstLeg: { homeTeamGoals: firstLeg.data.goals.away ?? 0, awayTeamGoals: firstLeg.data.goals.home ?? 0 } }
        : {};
      const rng = rngFor(this.ctx.seed, `match:${core.fixture.id}`);
      const result = playMatch(rng, core, this.side(home, kickoffMs), this.side(away, kickoffMs), knockout);
      record.data = result.fixture;
      for (const team of [home, away]) {
        const squadIds = new Set((this.squads.get(team.id) ?? []).map((p) => p.id));
        this.suspended.set(team.id, new Set(result.sentOff.filter((id) => squadIds.has(id))));
      }
    }
  }

  build(teams: TeamInfo[], groups: StandingsGroup[]): CompetitionBuild {
    const league: ApiLeagueEntry = {
      league: { id: this.meta.id, name: this.meta.name, type: this.meta.type, logo: `/media/leagues/${this.meta.id}.png` },
      country: this.meta.country,
      seasons: [{ year: this.ctx.season, ...seasonSpan(this.fixtures), current: true }],
    };
    this.fixtures.sort((a, b) => a.data.fixture.timestamp - b.data.fixture.timestamp || a.data.fixture.id - b.data.fixture.id);
    return { league, shortName: this.meta.shortName, teams, squads: this.squads, fixtures: this.fixtures, groups };
  }
}

function seasonSpan(fixtures: FixtureRecord[]): { start: string; end: string } {
  const times = fixtures.map((f) => f.data.fixture.timestamp * 1000);
  const iso = (ms: number) => new Date(ms - 5 * HOUR_MS).toISOString().slice(0, 10);
  return { start: iso(Math.min(...times)), end: iso(Math.max(...times)) };
}

/** Winner of a two-legged tie: more goals on aggregate, else the penalty shoot-out after the second leg. */
export function tieWinner(first: ApiFixtureFull, second: ApiFixtureFull): number {
  const home = (second.goals.home ?? 0) + (first.goals.away ?? 0);
  const away = (second.goals.away ?? 0) + (first.goals.home ?? 0);
  if (home !== away) return home > away ? second.teams.home.id : second.teams.away.id;
  return (second.score.penalty.home ?? 0) > (second.score.penalty.away ?? 0) ? second.teams.home.id : second.teams.away.id;
}

/** Circle-method round robin: every pair meets once per half, home and away alternate. */
export function doubleRoundRobin(rng: Rng, teamIds: number[]): Array<Array<[number, number]>> {
  const ids = rng.shuffle(teamIds);
  if (ids.length % 2) ids.push(-1);
  const n = ids.length;
  const firstHalf: Array<Array<[number, number]>> = [];
  const rotating = ids.slice(1);
  for (let r = 0; r < n - 1; r++) {
    const order = [ids[0], ...rotating];
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < n / 2; i++) {
      const a = order[i];
      const b = order[n - 1 - i];
      if (a === -1 || b === -1) continue;
      pairs.push((r + i) % 2 === 0 ? [a, b] : [b, a]);
    }
    firstHalf.push(pairs);
    rotating.unshift(rotating.pop()!);
  }
  const secondHalf = firstHalf.map((round) => round.map(([h, a]) => [a, h] as [number, number]));
  return [...firstHalf, ...secondHalf];
}

// ---------------------------------------------------------------- the season's calendar

/** Week (from the anchor's, see schedule.ts) of the Thursday of every FIFA window near the anchor. */
function fifaWindowWeeks(cal: SeasonCalendar): number[] {
  const { year } = guayaquilParts(cal.dayStartMs + 12 * HOUR_MS);
  const weeks: number[] = [];
  for (let y = year - 4; y <= year + 4; y++) {
    for (const [month, fromDay] of FIFA_WINDOWS) {
      if (month === 6 && y % 2 === 0) continue;
      const first = Date.UTC(y, month - 1, fromDay);
      const thursday = first + ((4 - new Date(first).getUTCDay() + 7) % 7) * DAY_MS;
      // Both are midnights in Guayaquil (UTC−5, no daylight saving): a whole number of days apart.
      const day = Math.round((thursday + 5 * HOUR_MS - cal.dayStartMs) / DAY_MS);
      weeks.push((day - cal.day(0, THU)) / 7);
    }
  }
  return weeks.sort((a, b) => a - b);
}

interface SeasonWeeks {
  /** Week of the Thursday of each qualifier window (two rounds each: Thursday, then Tuesday). */
  qualifiers: number[];
  /** Week of each friendly (its day is in ECUADOR_FRIENDLIES). */
  friendlies: number[];
  /** Calendar week of each Liga Pro final-phase week (1..10): six before the anchor's, three after. */
  finalPhase: number[];
  /** Calendar week of each Liga Pro first-stage round (1..30): a free weekend before the final phase, a break in mid-season. */
  firstStage: number[];
}

/** Where the national team's windows fall for this anchor, and the Liga Pro weekends around them. */
function seasonWeeks(cal: SeasonCalendar): SeasonWeeks {
  // A window whose weekend is the anchor's, or with a match day within two days of the anchor, is
  // left free: Liga Pro plays then (today's matches are around the anchor).
  // The cups' midweeks are fixed around the anchor (data/competitions.ts): a window on one of them is
  // skipped too (the cups play, the national team waits), so that no stadium hosts both within 48 hours.
  const nearAnchor = (day: number) => Math.abs(day) <= 2;
  const cupWeeks = new Set([LIBERTADORES.weeks, SUDAMERICANA.weeks].flatMap((w) => [...w.groups, ...w.r16, ...w.qf, ...w.sf]));
  const windows = fifaWindowWeeks(cal).filter(
    (k) => k !== -1 && !nearAnchor(cal.day(k, THU)) && !nearAnchor(cal.day(k + 1, TUE)) && !cupWeeks.has(k) && !cupWeeks.has(k + 1),
  );
  const next = windows.findIndex((k) => k >= 0);
  const windowWeek = (offset: number) => windows[next + offset];
  const qualifiers = QUALIFIER_WINDOWS.map(windowWeek);
  const friendlies = ECUADOR_FRIENDLIES.map(([, window, day]) => windowWeek(window) + (day === TUE ? 1 : 0));
  const fifaWeekends = new Set([...qualifiers, ...ECUADOR_FRIENDLIES.map(([, window]) => windowWeek(window))].map((w) => w + 1));
  /** Weekends free of FIFA windows, walking from `from` by `step` (−1 back, +1 forward). */
  const leagueWeekends = (from: number, step: number, count: number): number[] => {
    const weeks: number[] = [];
    for (let k = from; weeks.length < count; k += step) if (!fifaWeekends.has(k)) weeks.push(k);
    return weeks;
  };
  const finalPhase = [...leagueWeekends(-1, -1, 6).reverse(), 0, ...leagueWeekends(1, 1, 3)];
  const second = leagueWeekends(finalPhase[0] - 2, -1, 15);
  const first = leagueWeekends(second[14] - 3, -1, 15);
  return { qualifiers, friendlies, finalPhase, firstStage: [...first.reverse(), ...second.reverse()] };
}

/** The cups' knockout midweeks: league matches of cup clubs keep clear of them (leagueDays, stadiumRoom). */
const KNOCKOUT_WEEKS = new Set([LIBERTADORES.weeks, SUDAMERICANA.weeks].flatMap((w) => [...w.r16, ...w.qf, ...w.sf]));

/** Preferred kickoffs for `count` matches on the given days of a week, then every window time of those days. */
function weekSlots(ctx: SeasonContext, rng: Rng, week: number, days: number[], count: number, times: Record<number, Time[]> | Time[]): { preferred: number[]; fallback: number[] } {
  const cal = ctx.calendar;
  const timesOf = (day: number) => (Array.isArray(times) ? times : times[day] ?? LEAGUE_TIMES);
  const pools = new Map<number, Time[]>();
  const preferred: number[] = [];
  for (let i = 0; preferred.length < count && i < count * 4; i++) {
    const day = days[i % days.length];
    if (!pools.has(day)) pools.set(day, rng.shuffle(timesOf(day)));
    const t = pools.get(day)!.shift();
    if (t) preferred.push(cal.at(week, day, t[0], t[1]));
  }
  const all = [...new Set(days)].flatMap((day) => (Array.isArray(times) ? times : LEAGUE_TIMES).map(([h, m]) => cal.at(week, day, h, m)));
  return { preferred, fallback: rng.shuffle(all) };
}

/** Liga Pro and Serie B days of a week, leaving out Monday before a knockout midweek and Friday after one for `busy` matches. */
function leagueDays(week: number, busy: boolean, order: number[]): number[] {
  if (!busy) return order;
  return order.filter((d) => !(d === MON && KNOCKOUT_WEEKS.has(week)) && !(d === FRI && KNOCKOUT_WEEKS.has(week - 1)));
}

/** Clubs of the CONMEBOL cups and their stadiums: their league matches leave room for the cup's midweek. */
const CUP_CLUBS = new Set([...LIBERTADORES.ecuadorians, ...SUDAMERICANA.ecuadorians]);
const CUP_VENUES = new Set([...CUP_CLUBS].map((id) => teamInfo(id)!.venue!.id));
const isCupBound = (p: Pairing) => CUP_CLUBS.has(p.home.id) || CUP_CLUBS.has(p.away.id) || (p.venue !== null && CUP_VENUES.has(p.venue.id));

interface LeagueMatch extends Pairing {
  round: string;
  group: string;
  required?: boolean;
}

/** One competition's matches of one league week. */
interface WeekEntry {
  b: CompetitionBuilder;
  week: number;
  matches: LeagueMatch[];
  days: number[];
  /** Today's kickoffs (minutes from the anchor) where the week is the anchor's. */
  today: number[];
  accept?: (kickoffs: number[]) => boolean;
}

/**
 * Places the league weeks in calendar order, Liga Pro and Serie B of the same week together
 * (they share the Atahualpa): today's kickoffs first where the week is the anchor's, then the
 * others on the weekend; matches of cup clubs keep away from a knockout midweek where they can.
 * Makes the skeletons; today's matches from three hours before the anchor on are scripted.
 */
function placeLeagueWeeks(ctx: SeasonContext, entries: WeekEntry[]): void {
  const cal = ctx.calendar;
  // The anchor's week first: today's kickoffs are fixed points the weeks around it fit to.
  const hasToday = (week: number) => entries.some((e) => e.week === week && e.today.length > 0);
  const weeks = [...new Set(entries.map((e) => e.week))].sort((x, y) => Number(hasToday(y)) - Number(hasToday(x)) || x - y);
  for (const week of weeks) {
    const here = entries.filter((e) => e.week === week);
    const rng = here[0].b.rng;
    const matches = here.flatMap((e) => e.matches);
    const required: number[] = [];
    const requiredFor: Array<(index: number) => boolean> = [];
    const preferred: number[] = [];
    const fallback: number[] = [];
    const starts = here.map((_, i) => here.slice(0, i).reduce((n, e) => n + e.matches.length, 0));
    here.forEach((e, k) => {
      const today = e.today.map((minutes) => floorToMinutes(ctx.baseMs + minutes * MINUTE_MS, 5));
      required.push(...today);
      // Each competition's today kickoffs go to its own matches.
      for (const _ of today) requiredFor.push((index) => index >= starts[k] && index < starts[k] + e.matches.length);
      const days = today.length ? e.days.filter((d) => d !== -cal.fridayOffset) : e.days;
      const slots = weekSlots(ctx, rng, week, days, Math.max(0, e.matches.length - today.length), LEAGUE_DAY_TIMES);
      preferred.push(...slots.preferred.filter((ms) => !preferred.includes(ms)));
      fallback.push(...slots.fallback);
    });
    const accept = (kickoffs: number[]) => here.every((e, i) => !e.accept || e.accept(kickoffs.slice(starts[i], starts[i] + e.matches.length)));
    const boundDays = new Set(leagueDays(week, true, LIGA_PRO_DAYS).map((d) => cal.day(week, d)));
    const dayOfInstant = (ms: number) => Math.floor((ms - ctx.dayStartMs) / DAY_MS);
    const allow = (p: Pairing, ms: number) => !isCupBound(p) || boundDays.has(dayOfInstant(ms));
    const place = () => cal.placeRound(rng, matches, { required, requiredFor, preferred, fallback: [...new Set(fallback)], accept, allow });
    const before = cal.conflicts;
    let kickoffs = place();
    if (cal.conflicts > before) {
      // No room within the rules: swap home and away of a pairing whose return leg is still to be
      // placed (the return leg swaps too), and try again.
      const undo = () => {
        matches.forEach((m, i) => cal.unbook(m, kickoffs[i]));
        cal.conflicts = before;
      };
      const swap = (m: LeagueMatch) => {
        [m.home, m.away] = [m.away, m.home];
        m.venue = m.home.venue;
      };
      for (const m of rng.shuffle(matches)) {
        const owner = here.find((e) => e.matches.includes(m))!.b;
        const twin = entries.filter((e) => e.week > week && e.b === owner).flatMap((e) => e.matches)
          .find((x) => x.home.id === m.away.id && x.away.id === m.home.id && x.group === m.group);
        if (!twin) continue;
        undo();
        swap(m);
        swap(twin);
        kickoffs = place();
        if (cal.conflicts === before) break;
        undo();
        swap(m);
        swap(twin);
        kickoffs = place();
      }
    }
    if (!accept(kickoffs)) {
      // The search gave up the order it was asked for: swap two kickoffs where the rules allow it.
      search: for (let i = 0; i < matches.length; i++) {
        for (let j = i + 1; j < matches.length; j++) {
          const [a, b] = [kickoffs[i], kickoffs[j]];
          cal.unbook(matches[i], a);
          cal.unbook(matches[j], b);
          if (cal.fits(matches[i], b)) {
            cal.book(matches[i], b);
            if (cal.fits(matches[j], a)) {
              cal.book(matches[j], a);
              [kickoffs[i], kickoffs[j]] = [b, a];
              if (accept(kickoffs)) break search;
              [kickoffs[i], kickoffs[j]] = [a, b];
              cal.unbook(matches[j], a);
            }
            cal.unbook(matches[i], b);
          }
          cal.book(matches[i], a);
          cal.book(matches[j], b);
        }
      }
    }
    here.forEach((e, i) => {
      const todayMs = new Set(e.today.map((m) => floorToMinutes(ctx.baseMs + m * MINUTE_MS, 5)));
      e.matches.forEach((m, j) => {
        const kickoff = kickoffs[starts[i] + j];
        const record = e.b.skeleton(m.round, kickoff, m.home, m.away, m.venue, m.group);
        record.scripted = todayMs.has(kickoff) && kickoff >= ctx.anchorMs - SCRIPTED_WINDOW_MS;
        if (record.scripted && !record.data.fixture.referee) record.data.fixture.referee = e.b.refereePick(m.home, m.away);
      });
    });
  }
}

/** Legs of a double round robin placed in calendar weeks, for fitStadiums. */
function legsOf(rounds: Array<Array<[number, number]>>, weekOf: (roundIndex: number) => number): Leg[] {
  const legs: Leg[] = [];
  rounds.forEach((pairs, r) => pairs.forEach(([home, away]) => legs.push({ home, away, week: weekOf(r), twin: -1 })));
  // A pairing's return leg is the one with home and away swapped.
  const byPair = new Map<string, number>();
  legs.forEach((l, i) => byPair.set(`${l.home}:${l.away}`, i));
  legs.forEach((l) => (l.twin = byPair.get(`${l.away}:${l.home}`)!));
  return legs;
}

function roundsFromLegs(legs: Leg[], perRound: number): Array<Array<[number, number]>> {
  const rounds: Array<Array<[number, number]>> = [];
  legs.forEach((l, i) => (rounds[Math.floor(i / perRound)] ??= []).push([l.home, l.away]));
  return rounds;
}

/** A round robin to place: its teams and the calendar week of each of its rounds. */
interface RoundRobinPart {
  teamIds: number[];
  /** Calendar week of each round; `attempt` lets a part with free weeks try other ones. */
  weekOf: (roundIndex: number, attempt: number) => number;
}

/**
 * Double round robins for competitions that share stadiums (Liga Pro and Serie B share the
 * Atahualpa; Liga Pro's final-phase groups share weekends), with their home legs chosen together
 * so that no stadium has more league matches on a weekend than `room` allows. Tries a few seeded
 * draws and keeps the first that fits, else the last.
 */
function roundRobinsFittingStadiums(rng: Rng, parts: RoundRobinPart[], room: (week: number, venueId: number) => number): { rounds: Array<Array<Array<[number, number]>>>; attempt: number } {
  const venueOf = (id: number) => teamInfo(id)?.venue?.id ?? null;
  let best: { rounds: Array<Array<Array<[number, number]>>>; attempt: number; over: number } | null = null;
  for (let attempt = 0; attempt < 8 && best?.over !== 0; attempt++) {
    // After the first try, the rounds of each half are also played in another order.
    const drawn = parts.map((part) => {
      const rounds = doubleRoundRobin(rng, part.teamIds);
      if (attempt === 0) return rounds;
      const half = rounds.length / 2;
      const order = rng.shuffle(Array.from({ length: half }, (_, i) => i));
      return [...order.map((i) => rounds[i]), ...order.map((i) => rounds[i + half])];
    });
    const legs: Leg[] = [];
    const offsets: number[] = [];
    drawn.forEach((rounds, i) => {
      const offset = legs.length;
      offsets.push(offset);
      legs.push(...legsOf(rounds, (r) => parts[i].weekOf(r, attempt)).map((l) => ({ ...l, twin: l.twin + offset })));
    });
    // The anchor's weekend keeps one home match per stadium: today's kickoffs leave no 48 hours for a second.
    const over = fitStadiums(rng, legs, venueOf, (week, venue) => (week === 0 ? Math.min(1, room(week, venue)) : room(week, venue)));
    if (!best || over < best.over) {
      const rounds = drawn.map((r, i) => roundsFromLegs(legs.slice(offsets[i], offsets[i] + r.length * r[0].length), r[0].length));
      best = { rounds, attempt, over };
    }
  }
  return { rounds: best!.rounds, attempt: best!.attempt };
}

/**
 * How many more league matches each stadium can host on a weekend, given what is booked already:
 * as many as fit 48 hours apart between Friday 15:00 and Monday 20:30 and 48 hours away from its
 * midweek matches, less the league matches already there.
 */
function stadiumRoom(ctx: SeasonContext, builds: readonly CompetitionBuilder[], reserveKnockouts = false): (week: number, venueId: number) => number {
  const cal = ctx.calendar;
  const weekend = new Map<string, number>();
  const midweek = new Map<number, number[]>();
  for (const b of builds) {
    for (const r of b.fixtures) {
      const v = r.data.fixture.venue.id;
      if (v == null) continue;
      const ms = r.data.fixture.timestamp * 1000;
      const day = Math.floor((ms - ctx.dayStartMs) / DAY_MS) - cal.fridayOffset;
      const week = Math.floor(day / 7);
      if (day - week * 7 <= MON) weekend.set(`${week}:${v}`, (weekend.get(`${week}:${v}`) ?? 0) + 1);
      else (midweek.get(v) ?? midweek.set(v, []).get(v)!).push(ms);
    }
  }
  return (week, venue) => {
    let from = cal.at(week, FRI, 15, 0);
    let to = cal.at(week, MON, 20, 30);
    for (const ms of midweek.get(venue) ?? []) {
      if (ms < from && ms + 2 * DAY_MS > from) from = ms + 2 * DAY_MS;
      if (ms > to && ms - 2 * DAY_MS < to) to = ms - 2 * DAY_MS;
    }
    // Two need 48 hours between them and some slack for the clubs' own rest; one needs a free window.
    let fit = to < from ? 0 : to - from >= 2.5 * DAY_MS ? 2 : 1;
    // Before the knockouts are drawn, a cup club's stadium keeps its weekends next to a knockout
    // midweek to one league match (on Saturday or Sunday), leaving the midweek free for the cup.
    if (reserveKnockouts && CUP_VENUES.has(venue) && (KNOCKOUT_WEEKS.has(week) || KNOCKOUT_WEEKS.has(week - 1))) fit = Math.min(fit, 1);
    return fit - (weekend.get(`${week}:${venue}`) ?? 0);
  };
}

// ---------------------------------------------------------------- referees and squads

function ecuadorianReferee(ctx: SeasonContext) {
  return (rng: Rng) => rng.pick(ctx.people.referees.ecuador);
}

function neutralReferee(ctx: SeasonContext) {
  return (rng: Rng, home: TeamInfo, away: TeamInfo) => {
    const pool = ctx.people.referees.conmebol.filter((r) => r.nation !== home.nation && r.nation !== away.nation);
    return rng.pick(pool).name;
  };
}

const squadFrom = (ctx: SeasonContext) => (team: TeamInfo) => ctx.people.squads.get(team.id) ?? [];

/** A standings table, by default of the matches of one group (`FixtureRecord.group`), with its notes by rank. */
function groupTable(name: string, teamIds: number[], notes: RankNotes, counts = (f: FixtureRecord) => f.group === name): StandingsGroup {
  return { name, teamIds, counts, describe: (rank) => notes.find(([last]) => rank <= last)?.[1] ?? null };
}

// ---------------------------------------------------------------- Liga Pro and Serie B

const leagueMatch = (h: number, a: number, round: string, group: string): LeagueMatch => ({
  home: teamInfo(h)!, away: teamInfo(a)!, venue: teamInfo(h)!.venue, round, group,
});

function serieBWeeks(b: CompetitionBuilder, stage: (typeof SERIE_B_STAGES)[number], rounds: Array<Array<[number, number]>>): WeekEntry[] {
  return rounds.map((pairs, index) => {
    const week = stage.firstWeek + index;
    const matches = pairs.map(([h, a]) => leagueMatch(h, a, `${stage.name} - ${index + 1}`, stage.name));
    return { b, week, matches, days: SERIE_B_DAYS, today: week === 0 ? SERIE_B_TODAY : [] };
  });
}

function serieBBuild(b: CompetitionBuilder): CompetitionBuild {
  const all = SERIE_B_CLUBS.map((t) => t.id);
  return b.build(SERIE_B_CLUBS, [
    ...SERIE_B_STAGES.map((stage) => groupTable(stage.name, all, SERIE_B_STAGE_NOTES)),
    groupTable(SERIE_B_OVERALL.name, all, SERIE_B_OVERALL.notes, (f) => f.group !== null),
  ]);
}

/**
 * Liga Pro and Serie B. Their first halves are drawn together around the cups' group stage;
 * after Liga Pro's first stage (and the cups' knockouts) its final phase is drawn from the table,
 * together with Serie B's second stage, which shares the Atahualpa with it.
 */
function buildLeagues(ctx: SeasonContext, cups: readonly CupInProgress[]): { ligaPro: CompetitionBuild; serieB: CompetitionBuild; cupBuilds: CompetitionBuild[] } {
  const lp = new CompetitionBuilder(ctx, LIGA_PRO, ecuadorianReferee(ctx));
  lp.addTeams(LIGA_PRO_CLUBS, squadFrom(ctx));
  const sb = new CompetitionBuilder(ctx, SERIE_B, ecuadorianReferee(ctx));
  sb.addTeams(SERIE_B_CLUBS, squadFrom(ctx));

  const cupBuilders = cups.map((c) => c.b);
  const { firstStage: FIRST_STAGE, finalPhase: FINAL_PHASE } = seasonWeeks(ctx.calendar);
  const { rounds: [firstStage, serieBFirst] } = roundRobinsFittingStadiums(lp.rng, [
    { teamIds: LIGA_PRO_CLUBS.map((t) => t.id), weekOf: (r) => FIRST_STAGE[r] },
    { teamIds: SERIE_B_CLUBS.map((t) => t.id), weekOf: (r: number) => SERIE_B_STAGES[0].firstWeek + r },
  ], stadiumRoom(ctx, cupBuilders, true));
  placeLeagueWeeks(ctx, [
    ...firstStage.map((pairs, index) => ({
      b: lp, week: FIRST_STAGE[index], days: LIGA_PRO_DAYS, today: [],
      matches: pairs.map(([h, a]) => leagueMatch(h, a, `Regular Season - ${index + 1}`, 'Primera Etapa')),
    })),
    ...serieBWeeks(sb, SERIE_B_STAGES[0], serieBFirst),
  ]);
  lp.playDue();
  sb.playDue();
  const cupBuilds = cups.map((c) => finishCup(ctx, c));

  const table = computeTable(lp.fixtures.filter((f) => f.group === 'Primera Etapa').map((f) => f.data), LIGA_PRO_CLUBS.map((t) => t.id));
  const order = table.map((row) => row.teamId);
  const groupIds = LIGA_PRO_FINAL_GROUPS.map((g) => order.slice(g.from, g.from + g.size));
  // Serie B's second stage is drawn with the final phase: they share the Atahualpa on the same weekends.
  // The Cuadrangular plays six of the ten weeks: its usual ones first, then others if the stadiums need it.
  const quadWeeks = [FINAL_WEEKS['Cuadrangular de Descenso'], ...Array.from({ length: 7 }, () => lp.rng.shuffle([1, 2, 3, 4, 5, 6, 8, 9, 10]).slice(0, 5).concat(7).sort((x, y) => x - y))];
  const weeksOf = (name: string, attempt: number) => (name === 'Cuadrangular de Descenso' ? quadWeeks[attempt] : FINAL_WEEKS[name]);
  const fitted = roundRobinsFittingStadiums(lp.rng, [
    ...LIGA_PRO_FINAL_GROUPS.map((g, i) => ({ teamIds: groupIds[i], weekOf: (r: number, attempt: number) => FINAL_PHASE[weeksOf(g.name, attempt)[r] - 1] })),
    { teamIds: SERIE_B_CLUBS.map((t) => t.id), weekOf: (r: number) => SERIE_B_STAGES[1].firstWeek + r },
  ], stadiumRoom(ctx, [...cupBuilders, lp, sb]));
  const [hexFinal, hexClas, quad, serieBSecond] = fitted.rounds;
  const finalRounds = [hexFinal, hexClas, quad];
  const pendingSerieB = serieBWeeks(sb, SERIE_B_STAGES[1], serieBSecond);
  const finalWeeks: WeekEntry[] = FINAL_PHASE.map((week, index) => {
    const finalWeek = index + 1;
    const matches: LeagueMatch[] = [];
    LIGA_PRO_FINAL_GROUPS.forEach((group, g) => {
      const r = weeksOf(group.name, fitted.attempt).indexOf(finalWeek);
      if (r !== -1) for (const [h, a] of finalRounds[g][r]) matches.push(leagueMatch(h, a, `${group.name} - ${r + 1}`, group.name));
    });
    const accept = finalWeek === 1
      ? (kickoffs: number[]) => {
        const first = FINAL_PHASE_OPENING.map((name) => Math.min(...kickoffs.filter((_, i) => matches[i].group === name)));
        return first[0] < first[1] && first[1] < first[2];
      }
      : undefined;
    return { b: lp, week, matches, days: LIGA_PRO_DAYS, today: finalWeek === ANCHOR_WEEK ? LIGA_PRO_TODAY : [], accept };
  });
  placeLeagueWeeks(ctx, [...finalWeeks, ...pendingSerieB]);
  lp.playDue();
  sb.playDue();

  const groups = [
    groupTable('Primera Etapa', LIGA_PRO_CLUBS.map((t) => t.id), LIGA_PRO_FIRST_STAGE_NOTES),
    ...LIGA_PRO_FINAL_GROUPS.map((group, g) => groupTable(group.name, groupIds[g], group.notes)),
  ];
  return { ligaPro: lp.build(LIGA_PRO_CLUBS, groups), serieB: serieBBuild(sb), cupBuilds };
}

// ---------------------------------------------------------------- CONMEBOL cups

function drawGroups(rng: Rng, teams: TeamInfo[]): TeamInfo[][] {
  const sorted = [...teams].sort((a, b) => b.strength - a.strength || a.id - b.id);
  const pots = [0, 1, 2, 3].map((p) => rng.shuffle(sorted.slice(p * 8, p * 8 + 8)));
  // Clubs from the same country avoid each other where the draw allows it; after many tries a clash is accepted.
  for (let attempt = 0; ; attempt++) {
    const groups: TeamInfo[][] = pots[0].map((t) => [t]);
    let clash = false;
    for (const pot of pots.slice(1)) {
      const remaining = rng.shuffle(pot);
      for (const group of groups) {
        const index = remaining.findIndex((t) => !group.some((g) => g.country === t.country));
        if (index === -1) clash = true;
        group.push(remaining.splice(Math.max(0, index), 1)[0]);
      }
    }
    if (!clash || attempt >= 200) return groups;
  }
}

/** Stadiums of clubs in both cups (Medellín's): the Libertadores plays there on Tuesday, the Sudamericana on Thursday. */
const SHARED_CUP_VENUES = new Set(LIBERTADORES.foreign.map((t) => t.venue?.id).filter((v) => SUDAMERICANA.foreign.some((t) => t.venue?.id === v)));

/**
 * Places one cup match week (Tuesday to Thursday). Where it can, an Ecuadorian club plays between
 * Tuesday 19:00 and Thursday 19:00 (room for its league weekends on both sides), and a stadium
 * shared with the other cup keeps to its cup's day.
 */
function placeCupWeek(ctx: SeasonContext, rng: Rng, week: number, matches: Pairing[], cupId: number): number[] {
  const cal = ctx.calendar;
  const slots = weekSlots(ctx, rng, week, [TUE, WED, THU], matches.length, CUP_TIMES);
  // An Ecuadorian club plays between Tuesday 19:00 and Thursday 19:00: two days from its weekends.
  const earliest = cal.at(week, TUE, 19, 0);
  const latest = cal.at(week, THU, 19, 0);
  const dayOf = (ms: number) => Math.floor((ms - ctx.dayStartMs) / DAY_MS);
  const allow = (p: Pairing, ms: number) => {
    if (p.venue && SHARED_CUP_VENUES.has(p.venue.id)) return dayOf(ms) === cal.day(week, cupId === 13 ? TUE : THU);
    if (p.home.country === 'Ecuador' || p.away.country === 'Ecuador') return ms >= earliest && ms <= latest;
    return true;
  };
  return cal.placeRound(rng, matches, { ...slots, allow });
}

interface CupInProgress {
  b: CompetitionBuilder;
  plan: CupPlan;
  teams: TeamInfo[];
  groups: StandingsGroup[];
}

/** A cup's draw and group stage, scheduled before the leagues so that they fit around it. */
function startCup(ctx: SeasonContext, plan: CupPlan): CupInProgress {
  const b = new CompetitionBuilder(ctx, plan, neutralReferee(ctx));
  const teams = [...plan.ecuadorians.map((id) => teamInfo(id)!), ...plan.foreign];
  b.addTeams(teams, squadFrom(ctx));
  const drawn = drawGroups(b.rng, teams);
  const letters = 'ABCDEFGH';
  // Clubs sharing a stadium are at home in different cup weeks where the draw allows it.
  const venueOf = (id: number) => teamInfo(id)?.venue?.id ?? null;
  let schedules: Array<Array<Array<[number, number]>>> = [];
  for (let attempt = 0; attempt < 30; attempt++) {
    schedules = drawn.map((members) => doubleRoundRobin(b.rng, members.map((t) => t.id)));
    const legs: Leg[] = [];
    for (const rounds of schedules) {
      const own = legsOf(rounds, (r) => r);
      const offset = legs.length;
      legs.push(...own.map((l) => ({ ...l, twin: l.twin + offset })));
    }
    const fits = fitStadiums(b.rng, legs, venueOf, () => 1);
    schedules = schedules.map((_, g) => roundsFromLegs(legs.slice(g * 12, g * 12 + 12), 2));
    if (fits) break;
  }
  plan.weeks.groups.forEach((week, md) => {
    const matches: Array<Pairing & { group: string }> = [];
    schedules.forEach((rounds, g) => {
      for (const [h, a] of rounds[md]) matches.push({ home: teamInfo(h)!, away: teamInfo(a)!, venue: teamInfo(h)!.venue, group: `Group ${letters[g]}` });
    });
    const kickoffs = placeCupWeek(ctx, b.rng, week, matches, plan.id);
    matches.forEach((m, i) => b.skeleton(`Group Stage - ${md + 1}`, kickoffs[i], m.home, m.away, m.venue, m.group));
  });
  const groups = drawn.map((members, g) => groupTable(`Group ${letters[g]}`, members.map((t) => t.id), CUP_GROUP_NOTES));
  return { b, plan, teams, groups };
}

/** The group stage played, then each knockout round scheduled and played; the final is placed, not played. */
function finishCup(ctx: SeasonContext, cup: CupInProgress): CompetitionBuild {
  const { b, plan, teams, groups } = cup;
  b.playDue();
  const tables = groups.map((g) => computeTable(b.fixtures.filter((f) => f.group === g.name).map((f) => f.data), g.teamIds));
  type Seeded = { id: number; seed: number };
  // Seeds: group winners first, then by points and goal difference, as CONMEBOL orders its draw.
  const seedOf = new Map<number, number>();
  tables.forEach((table) => table.forEach((row, i) => seedOf.set(row.teamId, i * 1000 - row.points * 10 - row.goalsDiff)));
  const seeded = (id: number): Seeded => ({ id, seed: seedOf.get(id)! });
  let ties: Array<[Seeded, Seeded]> = [];
  for (let g = 0; g < 8; g += 2) {
    const [a, c] = [tables[g], tables[g + 1]];
    ties.push([seeded(a[0].teamId), seeded(c[1].teamId)], [seeded(c[0].teamId), seeded(a[1].teamId)]);
  }
  const legOne = new Map<number, FixtureRecord>();
  const firstLegOf = (record: FixtureRecord) => legOne.get(record.data.fixture.id);

  const playTwoLegs = (round: string, weeks: [number, number]): number[] => {
    const firsts: Pairing[] = [];
    const seconds: Pairing[] = [];
    const firstHosts = new Set<number>();
    for (const [x, y] of ties) {
      const [better, worse] = x.seed <= y.seed ? [x, y] : [y, x];
      let bt = teamInfo(better.id)!;
      let wt = teamInfo(worse.id)!;
      // The better seed plays the return leg at home, unless its rival shares a stadium with another
      // first-leg host: then the legs are swapped so the two stadium mates host in different weeks.
      if (wt.venue && firstHosts.has(wt.venue.id)) [bt, wt] = [wt, bt];
      if (wt.venue) firstHosts.add(wt.venue.id);
      firsts.push({ home: wt, away: bt, venue: wt.venue });
      seconds.push({ home: bt, away: wt, venue: bt.venue });
    }
    const firstKickoffs = placeCupWeek(ctx, b.rng, weeks[0], firsts, plan.id);
    const secondKickoffs = placeCupWeek(ctx, b.rng, weeks[1], seconds, plan.id);
    const pairs = firsts.map((p, i) => {
      const first = b.skeleton(round, firstKickoffs[i], p.home, p.away, p.venue, null);
      const second = b.skeleton(round, secondKickoffs[i], seconds[i].home, seconds[i].away, seconds[i].venue, null);
      legOne.set(second.data.fixture.id, first);
      return [first, second] as const;
    });
    b.playDue(firstLegOf);
    return pairs.map(([first, second]) => tieWinner(first.data, second.data));
  };
  const advance = (winners: number[]) => {
    ties = [];
    for (let i = 0; i < winners.length; i += 2) ties.push([seeded(winners[i]), seeded(winners[i + 1])]);
  };
  advance(playTwoLegs('Round of 16', plan.weeks.r16));
  advance(playTwoLegs('Quarter-finals', plan.weeks.qf));
  const finalists = playTwoLegs('Semi-finals', plan.weeks.sf)
    .map((id) => teamInfo(id)!)
    .sort((x, y) => seedOf.get(x.id)! - seedOf.get(y.id)!);
  // The final is one match on a Saturday at a neutral ground chosen in advance, after the anchor.
  const cal = ctx.calendar;
  const kickoff = cal.at(plan.weeks.final, SAT, FINAL_TIME[0], FINAL_TIME[1]);
  const candidates = b.rng.shuffle(NEUTRAL_FINAL_VENUES.filter((v) => !finalists.some((t) => t.venue?.id === v.id)));
  const neutral = candidates.find((v) => cal.fits({ home: finalists[0], away: finalists[1], venue: v }, kickoff)) ?? candidates[0];
  const final = { home: finalists[0], away: finalists[1], venue: neutral };
  if (!cal.fits(final, kickoff)) cal.conflicts++;
  cal.book(final, kickoff);
  b.skeleton('Final', kickoff, finalists[0], finalists[1], neutral, null);
  return b.build(teams, groups);
}

const NEUTRAL_FINAL_VENUES: VenueInfo[] = [
  VENUES.monumentalGye,
  ...NATIONS.filter((t) => t.id !== ECUADOR_ID && t.venue).map((t) => t.venue!),
];

// ---------------------------------------------------------------- Ecuador's national team

/** Places one national-team date: every match of it on the same day, at staggered times. */
function placeNationalDay(ctx: SeasonContext, rng: Rng, week: number, day: number, matches: Pairing[]): number[] {
  const slots = weekSlots(ctx, rng, week, [day], matches.length, QUALIFIER_TIMES);
  return ctx.calendar.placeRound(rng, matches, slots);
}

/**
 * A qualifiers row's note. CONMEBOL has 6 direct places and 1 in the intercontinental play-off; a
 * place is only announced once no result left can take it away, until then the row is in the zone.
 */
export function qualifiersNote(rank: number, odds: PlaceOdds): string | null {
  if (rank <= 6) return odds.surelyWithin(6) ? 'Clasificado al Mundial' : 'En zona de clasificación al Mundial';
  if (rank === 7) return odds.surelyWithin(7) && !odds.possiblyWithin(6) ? 'Repechaje intercontinental' : 'En zona de repechaje';
  return null;
}

function buildEliminatorias(ctx: SeasonContext): CompetitionBuild {
  const b = new CompetitionBuilder(ctx, ELIMINATORIAS, neutralReferee(ctx));
  const teams = NATIONS;
  const ecuador = ecuadorSquad(ctx.people);
  b.addTeams(teams, (t) => (t.id === ECUADOR_ID ? ecuador : ctx.people.squads.get(t.id) ?? []));
  const { qualifiers } = seasonWeeks(ctx.calendar);
  doubleRoundRobin(b.rng, teams.map((t) => t.id)).forEach((pairs, index) => {
    // Two dates per FIFA window: the Thursday, then the Tuesday after.
    const window = qualifiers[Math.floor(index / 2)];
    const [week, day] = index % 2 === 0 ? [window, THU] : [window + 1, TUE];
    const matches = pairs.map(([h, a]) => ({ home: teamInfo(h)!, away: teamInfo(a)!, venue: teamInfo(h)!.venue }));
    const kickoffs = placeNationalDay(ctx, b.rng, week, day, matches);
    matches.forEach((m, i) => b.skeleton(`Group Stage - ${index + 1}`, kickoffs[i], m.home, m.away, m.venue, 'World Cup - Qualification South America'));
  });
  b.playDue();
  return b.build(teams, [{
    name: 'World Cup - Qualification South America',
    teamIds: teams.map((t) => t.id),
    counts: (f) => f.group !== null,
    describe: qualifiersNote,
  }]);
}

function buildFriendlies(ctx: SeasonContext): CompetitionBuild {
  const b = new CompetitionBuilder(ctx, FRIENDLIES, neutralReferee(ctx));
  const ecuadorTeam = teamInfo(ECUADOR_ID)!;
  const opponents = ECUADOR_FRIENDLIES.map(([id]) => teamInfo(id)!);
  const teams = [ecuadorTeam, ...opponents.filter((t, i) => opponents.indexOf(t) === i)];
  const ecuador = ecuadorSquad(ctx.people);
  b.addTeams(teams, (t) => (t.id === ECUADOR_ID ? ecuador : ctx.people.squads.get(t.id) ?? []));
  const weeks = seasonWeeks(ctx.calendar).friendlies;
  ECUADOR_FRIENDLIES.forEach(([opponentId, , day, ecuadorHome], index) => {
    const week = weeks[index];
    const opponent = teamInfo(opponentId)!;
    const [home, away] = ecuadorHome ? [ecuadorTeam, opponent] : [opponent, ecuadorTeam];
    const [kickoff] = placeNationalDay(ctx, b.rng, week, day, [{ home, away, venue: home.venue }]);
    b.skeleton(`Friendlies ${index + 1}`, kickoff, home, away, home.venue, null);
  });
  b.playDue();
  return b.build(teams, []);
}

// ---------------------------------------------------------------- the whole season

/**
 * Builds every competition on one calendar, in the order that lets each fit around the others:
 * the cups' group stages first (fixed midweeks), then the leagues' weekends, the cups' knockouts
 * as their entrants become known, Liga Pro's final phase, and the national team's windows.
 * Returned in the portal's order: Liga Pro, Serie B, Libertadores, Sudamericana, qualifiers, friendlies.
 */
export function buildCompetitions(ctx: SeasonContext): CompetitionBuild[] {
  const cups = [startCup(ctx, LIBERTADORES), startCup(ctx, SUDAMERICANA)];
  const { ligaPro, serieB, cupBuilds } = buildLeagues(ctx, cups);
  return [ligaPro, serieB, ...cupBuilds, buildEliminatorias(ctx), buildFriendlies(ctx)];
}
