import type { ApiFixtureCore, ApiFixtureFull, ApiLeagueEntry } from '../../store/provider-types.ts';
import { LIGA_PRO_CLUBS, SERIE_B_CLUBS, VENUES } from './data/clubs.ts';
import { LIBERTADORES_FOREIGN, SUDAMERICANA_FOREIGN } from './data/foreign.ts';
import type { TeamInfo, VenueInfo } from './data/types.ts';
import { computeTable } from './derive.ts';
import type { CompetitionBuild, FixtureRecord, SeasonContext, StandingsGroup } from './model.ts';
import { playMatch, teamRef, type MatchSide } from './match.ts';
import { ecuadorSquad } from './people-build.ts';
import type { DemoPlayer } from './people.ts';
import { ECUADOR_ID, NATIONS, teamInfo } from './registry.ts';
import { rngFor, type Rng } from './rng.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, floorToMinutes, guayaquilTime, providerDate } from './time.ts';

/** A fixture of the demo season with what the generator knows about it beyond the provider shape. */
/** Matches that kick off from this long before the anchor are scripted (revealed by the clock). */
export const SCRIPTED_WINDOW_MS = 3 * HOUR_MS;

const ECUADOR_COUNTRY = { name: 'Ecuador', code: 'EC', flag: '/media/flags/ec.png' };
const WORLD_COUNTRY = { name: 'World', code: null, flag: null };

interface LeagueMeta {
  id: number;
  name: string;
  shortName: string;
  type: 'League' | 'Cup';
  country: { name: string; code: string | null; flag: string | null };
  standings: boolean;
}

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

  constructor(ctx: SeasonContext, meta: LeagueMeta, fixtureIdBase: number, refereePick: (rng: Rng, home: TeamInfo, away: TeamInfo) => string) {
    this.ctx = ctx;
    this.meta = meta;
    this.nextId = fixtureIdBase;
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

const LEAGUE_TIMES: Array<[number, number]> = [[13, 0], [15, 0], [15, 30], [17, 0], [17, 30], [19, 0], [19, 30], [20, 0]];

/** Kickoffs for a league round spread over three days around `centerDay` (days from the anchor's day). */
function roundKickoffs(ctx: SeasonContext, rng: Rng, centerDay: number, count: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const day = centerDay + rng.pick([-1, 0, 0, 1]);
    const [h, m] = rng.pick(LEAGUE_TIMES);
    times.push(guayaquilTime(ctx.dayStartMs, day, h, m));
  }
  return times.sort((a, b) => a - b);
}

/** Today's kickoffs, in minutes from the anchor, rounded down to 5 minutes. */
function todayKickoff(ctx: SeasonContext, offsetMinutes: number): number {
  return floorToMinutes(ctx.baseMs + offsetMinutes * MINUTE_MS, 5);
}

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

// ---------------------------------------------------------------- Liga Pro

const LIGA_PRO_FINAL_GROUPS = [
  { name: 'Hexagonal Final', from: 0, size: 6, rounds: 10 },
  { name: 'Hexagonal de Clasificación', from: 6, size: 6, rounds: 10 },
  { name: 'Cuadrangular de Descenso', from: 12, size: 4, rounds: 6 },
];
/** Final-phase week (1..10) of each round; the anchor's day is week 7. */
const FINAL_WEEKS: Record<string, number[]> = {
  'Hexagonal Final': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  'Hexagonal de Clasificación': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  'Cuadrangular de Descenso': [1, 2, 4, 5, 7, 9],
};
const ANCHOR_WEEK = 7;
/** Liga Pro's match day at the anchor: two finished, one just finished, two live, three to come. */
const LIGA_PRO_TODAY = [-360, -240, -150, -70, -35, 45, 135, 225];

export function buildLigaPro(ctx: SeasonContext): CompetitionBuild {
  const b = new CompetitionBuilder(ctx, {
    id: 242, name: 'Liga Pro', shortName: 'Liga Pro', type: 'League', country: ECUADOR_COUNTRY, standings: true,
  }, 9_420_000, ecuadorianReferee(ctx));
  const teams = LIGA_PRO_CLUBS;
  b.addTeams(teams, squadFrom(ctx));
  const byId = (id: number) => teamInfo(id)!;

  const rounds = doubleRoundRobin(b.rng, teams.map((t) => t.id));
  rounds.forEach((pairs, index) => {
    const r = index + 1;
    // Thirty weekly rounds with a five-week pause in mid-season; round 30 ends ten days before the final phase.
    const centerDay = r <= 15 ? -150 - 35 - (16 - r) * 7 : -52 - (30 - r) * 7;
    const kickoffs = roundKickoffs(ctx, b.rng, centerDay, pairs.length);
    pairs.forEach(([h, a], i) => b.skeleton(`Regular Season - ${r}`, kickoffs[i], byId(h), byId(a), byId(h).venue, 'Primera Etapa'));
  });
  b.playDue();

  const firstStage = computeTable(b.fixtures.filter((f) => f.group === 'Primera Etapa').map((f) => f.data), teams.map((t) => t.id));
  const order = firstStage.map((row) => row.teamId);
  const todaySlots = b.rng.shuffle(LIGA_PRO_TODAY);
  let todayIndex = 0;
  const groups: StandingsGroup[] = [{
    name: 'Primera Etapa',
    teamIds: teams.map((t) => t.id),
    counts: (f) => f.group === 'Primera Etapa',
    describe: (rank) => (rank <= 6 ? 'Hexagonal Final' : rank <= 12 ? 'Hexagonal de Clasificación' : 'Cuadrangular de Descenso'),
  }];
  for (const group of LIGA_PRO_FINAL_GROUPS) {
    const ids = order.slice(group.from, group.from + group.size);
    const groupRounds = doubleRoundRobin(b.rng, ids);
    groupRounds.forEach((pairs, index) => {
      const r = index + 1;
      const week = FINAL_WEEKS[group.name][index];
      const centerDay = (week - ANCHOR_WEEK) * 7;
      const kickoffs = week === ANCHOR_WEEK
        ? pairs.map(() => todayKickoff(ctx, todaySlots[todayIndex++]))
        : roundKickoffs(ctx, b.rng, centerDay, pairs.length);
      pairs.forEach(([h, a], i) => {
        const record = b.skeleton(`${group.name} - ${r}`, kickoffs[i], byId(h), byId(a), byId(h).venue, group.name);
        record.scripted = week === ANCHOR_WEEK && kickoffs[i] >= ctx.anchorMs - SCRIPTED_WINDOW_MS;
        if (record.scripted && !record.data.fixture.referee) record.data.fixture.referee = b.refereePick(byId(h), byId(a));
      });
    });
    groups.push({
      name: group.name,
      teamIds: ids,
      counts: (f) => f.group === group.name,
      describe: group.name === 'Hexagonal Final'
        ? (rank) => (rank === 1 ? 'Campeón - Copa Libertadores' : rank <= 4 ? 'Copa Libertadores' : 'Copa Sudamericana')
        : group.name === 'Hexagonal de Clasificación'
          ? (rank) => (rank <= 2 ? 'Copa Sudamericana' : null)
          : (rank) => (rank >= 3 ? 'Descenso - Serie B' : null),
    });
  }
  b.playDue();
  return b.build(teams, groups);
}

// ---------------------------------------------------------------- Serie B

/** Serie B's match day at the anchor: yesterday's, two earlier today, two scripted. */
const SERIE_B_TODAY = [-26 * 60, -300, -190, 60, 150];

export function buildSerieB(ctx: SeasonContext): CompetitionBuild {
  const b = new CompetitionBuilder(ctx, {
    id: 243, name: 'Liga Pro Serie B', shortName: 'Serie B', type: 'League', country: ECUADOR_COUNTRY, standings: true,
  }, 9_430_000, ecuadorianReferee(ctx));
  const teams = SERIE_B_CLUBS;
  b.addTeams(teams, squadFrom(ctx));
  const byId = (id: number) => teamInfo(id)!;
  const stages = [
    { name: 'Primera Etapa', day: (r: number) => -105 - 14 - (18 - r) * 7 },
    { name: 'Segunda Etapa', day: (r: number) => (r - 16) * 7 },
  ];
  const todaySlots = b.rng.shuffle(SERIE_B_TODAY);
  for (const stage of stages) {
    doubleRoundRobin(b.rng, teams.map((t) => t.id)).forEach((pairs, index) => {
      const r = index + 1;
      const isToday = stage.name === 'Segunda Etapa' && r === 16;
      const kickoffs = isToday ? pairs.map((_, i) => todayKickoff(ctx, todaySlots[i])) : roundKickoffs(ctx, b.rng, stage.day(r), pairs.length);
      pairs.forEach(([h, a], i) => {
        const record = b.skeleton(`${stage.name} - ${r}`, kickoffs[i], byId(h), byId(a), byId(h).venue, stage.name);
        record.scripted = isToday && kickoffs[i] >= ctx.anchorMs - SCRIPTED_WINDOW_MS && kickoffs[i] < ctx.anchorMs + DAY_MS;
        if (record.scripted && !record.data.fixture.referee) record.data.fixture.referee = b.refereePick(byId(h), byId(a));
      });
    });
    b.playDue();
  }
  const all = teams.map((t) => t.id);
  const groups: StandingsGroup[] = [
    { name: 'Primera Etapa', teamIds: all, counts: (f) => f.group === 'Primera Etapa', describe: (rank) => (rank === 1 ? 'Ganador de etapa' : null) },
    { name: 'Segunda Etapa', teamIds: all, counts: (f) => f.group === 'Segunda Etapa', describe: (rank) => (rank === 1 ? 'Ganador de etapa' : null) },
    {
      name: 'Tabla Acumulada', teamIds: all, counts: (f) => f.group !== null,
      describe: (rank) => (rank <= 2 ? 'Ascenso - Liga Pro' : rank >= 9 ? 'Descenso - Segunda Categoría' : null),
    },
  ];
  return b.build(teams, groups);
}

// ---------------------------------------------------------------- CONMEBOL cups

interface CupPlan {
  id: number;
  name: string;
  shortName: string;
  ecuadorians: number[];
  foreign: TeamInfo[];
  fixtureBase: number;
  groupDays: number[];
  knockoutDays: { r16: [number, number]; qf: [number, number]; sf: [number, number]; final: number };
  finalTime: [number, number];
}

const CUP_TIMES: Array<[number, number]> = [[17, 0], [19, 0], [19, 30], [21, 0]];

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

function buildCup(ctx: SeasonContext, plan: CupPlan): CompetitionBuild {
  const b = new CompetitionBuilder(ctx, {
    id: plan.id, name: plan.name, shortName: plan.shortName, type: 'Cup', country: WORLD_COUNTRY, standings: true,
  }, plan.fixtureBase, neutralReferee(ctx));
  const teams = [...plan.ecuadorians.map((id) => teamInfo(id)!), ...plan.foreign];
  b.addTeams(teams, squadFrom(ctx));
  const cupRng = b.rng;
  const at = (day: number) => {
    const [h, m] = cupRng.pick(CUP_TIMES);
    return guayaquilTime(ctx.dayStartMs, day + cupRng.int(0, 2), h, m);
  };

  const drawn = drawGroups(cupRng, teams);
  const letters = 'ABCDEFGH';
  const groups: StandingsGroup[] = drawn.map((members, g) => {
    const name = `Group ${letters[g]}`;
    doubleRoundRobin(cupRng, members.map((t) => t.id)).forEach((pairs, index) => {
      for (const [h, a] of pairs) {
        b.skeleton(`Group Stage - ${index + 1}`, at(plan.groupDays[index]), teamInfo(h)!, teamInfo(a)!, teamInfo(h)!.venue, name);
      }
    });
    return {
      name,
      teamIds: members.map((t) => t.id),
      counts: (f: FixtureRecord) => f.group === name,
      describe: (rank: number) => (rank <= 2 ? 'Octavos de final' : null),
    };
  });
  b.playDue();

  const tables = groups.map((g) => computeTable(b.fixtures.filter((f) => f.group === g.name).map((f) => f.data), g.teamIds));
  type Seeded = { id: number; seed: number };
  // Seeds: group winners first, then by points and goal difference, as CONMEBOL orders its draw.
  const seedOf = new Map<number, number>();
  tables.forEach((table) => table.forEach((row, i) => seedOf.set(row.teamId, i * 1000 - row.points * 10 - row.goalsDiff)));
  let ties: Array<[Seeded, Seeded]> = [];
  for (let g = 0; g < 8; g += 2) {
    const [a, c] = [tables[g], tables[g + 1]];
    ties.push([{ id: a[0].teamId, seed: seedOf.get(a[0].teamId)! }, { id: c[1].teamId, seed: seedOf.get(c[1].teamId)! }]);
    ties.push([{ id: c[0].teamId, seed: seedOf.get(c[0].teamId)! }, { id: a[1].teamId, seed: seedOf.get(a[1].teamId)! }]);
  }
  const legOne = new Map<number, FixtureRecord>();
  const firstLegOf = (record: FixtureRecord) => legOne.get(record.data.fixture.id);

  const playTwoLegs = (round: string, days: [number, number]): number[] => {
    const winners: number[] = [];
    const pairs: Array<[FixtureRecord, FixtureRecord]> = [];
    for (const [x, y] of ties) {
      const [better, worse] = x.seed <= y.seed ? [x, y] : [y, x];
      const bt = teamInfo(better.id)!;
      const wt = teamInfo(worse.id)!;
      const first = b.skeleton(round, at(days[0]), wt, bt, wt.venue, null);
      const second = b.skeleton(round, at(days[1]), bt, wt, bt.venue, null);
      legOne.set(second.data.fixture.id, first);
      pairs.push([first, second]);
    }
    b.playDue(firstLegOf);
    for (const [first, second] of pairs) winners.push(tieWinner(first.data, second.data));
    return winners;
  };
  const advance = (winners: number[]) => {
    ties = [];
    for (let i = 0; i < winners.length; i += 2) {
      ties.push([{ id: winners[i], seed: seedOf.get(winners[i])! }, { id: winners[i + 1], seed: seedOf.get(winners[i + 1])! }]);
    }
  };
  advance(playTwoLegs('Round of 16', plan.knockoutDays.r16));
  advance(playTwoLegs('Quarter-finals', plan.knockoutDays.qf));
  const finalists = playTwoLegs('Semi-finals', plan.knockoutDays.sf)
    .map((id) => teamInfo(id)!)
    .sort((x, y) => seedOf.get(x.id)! - seedOf.get(y.id)!);
  // The final is one match at a neutral ground chosen in advance, after the anchor.
  const neutral = cupRng.pick(NEUTRAL_FINAL_VENUES.filter((v) => !finalists.some((t) => t.venue?.id === v.id)));
  const [fh, fm] = plan.finalTime;
  b.skeleton('Final', guayaquilTime(ctx.dayStartMs, plan.knockoutDays.final, fh, fm), finalists[0], finalists[1], neutral, null);
  return b.build(teams, groups);
}

const NEUTRAL_FINAL_VENUES: VenueInfo[] = [
  VENUES.monumentalGye,
  ...NATIONS.filter((t) => t.id !== ECUADOR_ID && t.venue).map((t) => t.venue!),
];

export function buildCups(ctx: SeasonContext): CompetitionBuild[] {
  return [
    buildCup(ctx, {
      id: 13, name: 'CONMEBOL Libertadores', shortName: 'Libertadores', ecuadorians: [1158, 1153, 1152, 1156],
      foreign: LIBERTADORES_FOREIGN, fixtureBase: 9_130_000,
      groupDays: [-231, -224, -210, -203, -189, -182],
      knockoutDays: { r16: [-112, -105], qf: [-77, -70], sf: [-35, -28], final: 7 }, finalTime: [16, 0],
    }),
    buildCup(ctx, {
      id: 11, name: 'CONMEBOL Sudamericana', shortName: 'Sudamericana', ecuadorians: [1157, 1155, 1992, 1150],
      foreign: SUDAMERICANA_FOREIGN, fixtureBase: 9_110_000,
      groupDays: [-230, -223, -209, -202, -188, -181],
      knockoutDays: { r16: [-105, -98], qf: [-70, -63], sf: [-21, -14], final: 6 }, finalTime: [17, 0],
    }),
  ];
}

// ---------------------------------------------------------------- Ecuador's national team

/** FIFA windows (days from the anchor's day): two qualifiers each; five played, four to come. */
const QUALIFIER_WINDOWS: Array<[number, number]> = [
  [-245, -240], [-165, -160], [-80, -75], [-45, -40], [-10, -5], [115, 120], [200, 205], [290, 295], [320, 325],
];
const QUALIFIER_TIMES: Array<[number, number]> = [[15, 0], [16, 0], [18, 0], [19, 30], [20, 30]];

export function buildEliminatorias(ctx: SeasonContext): CompetitionBuild {
  const b = new CompetitionBuilder(ctx, {
    id: 34, name: 'World Cup - Qualification South America', shortName: 'Eliminatorias', type: 'Cup', country: WORLD_COUNTRY, standings: true,
  }, 9_340_000, neutralReferee(ctx));
  const teams = NATIONS;
  const ecuador = ecuadorSquad(ctx.people);
  b.addTeams(teams, (t) => (t.id === ECUADOR_ID ? ecuador : ctx.people.squads.get(t.id) ?? []));
  doubleRoundRobin(b.rng, teams.map((t) => t.id)).forEach((pairs, index) => {
    const window = QUALIFIER_WINDOWS[Math.floor(index / 2)];
    const day = window[index % 2];
    for (const [h, a] of pairs) {
      const [hour, minute] = b.rng.pick(QUALIFIER_TIMES);
      const home = teamInfo(h)!;
      b.skeleton(`Group Stage - ${index + 1}`, guayaquilTime(ctx.dayStartMs, day, hour, minute), home, teamInfo(a)!, home.venue, 'World Cup - Qualification South America');
    }
  });
  b.playDue();
  return b.build(teams, [{
    name: 'World Cup - Qualification South America',
    teamIds: teams.map((t) => t.id),
    counts: (f) => f.group !== null,
    describe: (rank) => (rank <= 6 ? 'Clasificado al Mundial' : rank === 7 ? 'Repechaje intercontinental' : null),
  }]);
}

/** Ecuador's friendlies: [opponent id, day from the anchor's day, Ecuador at home]. */
const FRIENDLIES: Array<[number, number, boolean]> = [
  [16, -185, false], [2384, -181, false], [990601, -128, true], [990603, -124, true], [990602, 140, false], [30, 144, true],
];

export function buildFriendlies(ctx: SeasonContext): CompetitionBuild {
  const b = new CompetitionBuilder(ctx, {
    id: 10, name: 'Friendlies', shortName: 'Amistosos', type: 'Cup', country: WORLD_COUNTRY, standings: false,
  }, 9_100_000, neutralReferee(ctx));
  const ecuadorTeam = teamInfo(ECUADOR_ID)!;
  const opponents = FRIENDLIES.map(([id]) => teamInfo(id)!);
  const teams = [ecuadorTeam, ...opponents.filter((t, i) => opponents.indexOf(t) === i)];
  const ecuador = ecuadorSquad(ctx.people);
  b.addTeams(teams, (t) => (t.id === ECUADOR_ID ? ecuador : ctx.people.squads.get(t.id) ?? []));
  FRIENDLIES.forEach(([opponentId, day, ecuadorHome], index) => {
    const opponent = teamInfo(opponentId)!;
    const [home, away] = ecuadorHome ? [ecuadorTeam, opponent] : [opponent, ecuadorTeam];
    const [hour, minute] = b.rng.pick(QUALIFIER_TIMES);
    b.skeleton(`Friendlies ${index + 1}`, guayaquilTime(ctx.dayStartMs, day, hour, minute), home, away, home.venue, null);
  });
  b.playDue();
  return b.build(teams, []);
}

