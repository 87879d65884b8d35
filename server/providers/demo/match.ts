import type {
  ApiFixtureCore, ApiFixtureEvent, ApiFixtureFull, ApiLineup, ApiLineupPlayer, ApiTeamFixtureStatistics,
} from '../../store/provider-types.ts';
import type { TeamInfo } from './data/types.ts';
import type { DemoPlayer } from './people.ts';
import type { PositionName } from './registry.ts';
import type { Rng } from './rng.ts';

/**
 * Plays one match of the demo season: lineups, a minute-by-minute event list and team statistics
 * that agree with each other (scorers are on the pitch, cards match the card events, goals never
 * exceed shots on goal). Stoppage time is at most 2 minutes in the first half and 4 in the second,
 * the same as the scripted match's clock (scripted-match.ts) assumes.
 */

export const FIRST_HALF_MAX_EXTRA = 2;
export const SECOND_HALF_MAX_EXTRA = 4;

export interface MatchSide {
  team: TeamInfo;
  squad: DemoPlayer[];
  coach: { id: number; name: string };
  formation: string;
  /** Suspended or injured: not selectable. */
  unavailable: ReadonlySet<number>;
}

export interface MatchResult {
  fixture: ApiFixtureFull;
  /** Players sent off, for suspensions in the competition's next match. */
  sentOff: number[];
}

interface Moment {
  elapsed: number;
  extra: number | null;
}

const momentKey = (m: Moment) => m.elapsed + (m.extra ?? 0) / 100;

export const teamRef = (team: TeamInfo) => ({ id: team.id, name: team.name, logo: `/media/teams/${team.id}.png` });

const POS_LETTER: Record<PositionName, string> = { Goalkeeper: 'G', Defender: 'D', Midfielder: 'M', Attacker: 'F' };

interface Substitution {
  at: Moment;
  out: DemoPlayer;
  in: DemoPlayer;
}

interface SideState {
  side: MatchSide;
  xi: DemoPlayer[];
  bench: DemoPlayer[];
  lineup: ApiLineup;
  subs: Substitution[];
  reds: Array<{ at: Moment; player: DemoPlayer }>;
}

function randomMoment(rng: Rng, from: number, to: number): Moment {
  const minute = rng.int(from, to);
  if (minute === 45 && rng.chance(0.35)) return { elapsed: 45, extra: rng.int(1, FIRST_HALF_MAX_EXTRA) };
  if (minute === 90 && rng.chance(0.6)) return { elapsed: 90, extra: rng.int(1, SECOND_HALF_MAX_EXTRA) };
  return { elapsed: minute, extra: null };
}

/** Picks the best `count` of `candidates` with some noise, so regulars start most matches. */
function pickBest(rng: Rng, candidates: DemoPlayer[], count: number): DemoPlayer[] {
  return candidates
    .map((p) => ({ p, score: p.quality + rng.normal() * 0.06 }))
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map((x) => x.p);
}

function buildSide(rng: Rng, side: MatchSide): SideState {
  const available = side.squad.filter((p) => !side.unavailable.has(p.id));
  const rows = side.formation.split('-').map(Number);
  const defenders = rows[0];
  const forwards = rows[rows.length - 1];
  const midfielders = rows.slice(1, -1).reduce((a, b) => a + b, 0);
  const of = (position: PositionName) => available.filter((p) => p.position === position);
  const keeper = pickBest(rng, of('Goalkeeper'), 1);
  const d = pickBest(rng, of('Defender'), defenders);
  const m = pickBest(rng, of('Midfielder'), midfielders);
  const f = pickBest(rng, of('Attacker'), forwards);
  // A squad short of one position (suspensions, injuries) fills the gap with its best remaining player.
  const chosen = new Set([...keeper, ...d, ...m, ...f].map((p) => p.id));
  const fill = (list: DemoPlayer[], need: number) => {
    while (list.length < need) {
      const extra = pickBest(rng, available.filter((p) => !chosen.has(p.id) && p.position !== 'Goalkeeper'), 1)[0];
      if (!extra) break;
      chosen.add(extra.id);
      list.push(extra);
    }
  };
  fill(d, defenders);
  fill(m, midfielders);
  fill(f, forwards);

  const startXI: ApiLineupPlayer[] = [];
  const place = (p: DemoPlayer, row: number, col: number) =>
    startXI.push({ player: { id: p.id, name: p.name, number: p.number, pos: POS_LETTER[p.position], grid: `${row}:${col}` } });
  if (keeper[0]) place(keeper[0], 1, 1);
  const outfieldRows: DemoPlayer[][] = [];
  outfieldRows.push(d.slice(0, defenders));
  let mIndex = 0;
  for (const size of rows.slice(1, -1)) {
    outfieldRows.push(m.slice(mIndex, mIndex + size));
    mIndex += size;
  }
  if (rows.length > 1) outfieldRows.push(f.slice(0, forwards));
  outfieldRows.forEach((row, r) => row.forEach((p, c) => place(p, r + 2, c + 1)));
  const xi = startXI.map((s) => available.find((p) => p.id === s.player.id)!);

  const rest = available.filter((p) => !chosen.has(p.id));
  const benchKeeper = pickBest(rng, rest.filter((p) => p.position === 'Goalkeeper'), 1);
  const benchOutfield = pickBest(rng, rest.filter((p) => p.position !== 'Goalkeeper'), 8);
  const bench = [...benchKeeper, ...benchOutfield];
  const lineup: ApiLineup = {
    team: {
      ...teamRef(side.team),
      colors: {
        player: { primary: side.team.colors.primary.slice(1), number: side.team.colors.text.slice(1), border: side.team.colors.secondary.slice(1) },
        goalkeeper: { primary: '1b1b1b', number: 'ffffff', border: '1b1b1b' },
      },
    },
    coach: { id: side.coach.id, name: side.coach.name, photo: null },
    formation: side.formation,
    startXI,
    substitutes: bench.map((p) => ({ player: { id: p.id, name: p.name, number: p.number, pos: POS_LETTER[p.position], grid: null } })),
  };
  return { side, xi, bench, lineup, subs: [], reds: [] };
}

function onPitch(state: SideState, at: Moment): DemoPlayer[] {
  const k = momentKey(at);
  const off = new Set<number>();
  const on: DemoPlayer[] = [...state.xi];
  for (const s of state.subs) {
    if (momentKey(s.at) <= k) {
      off.add(s.out.id);
      on.push(s.in);
    }
  }
  for (const r of state.reds) if (momentKey(r.at) <= k) off.add(r.player.id);
  return on.filter((p) => !off.has(p.id));
}

const OUT_WEIGHT: Record<PositionName, number> = { Goalkeeper: 0, Defender: 0.7, Midfielder: 1.2, Attacker: 1.5 };

function planSubstitutions(rng: Rng, state: SideState): void {
  const count = [3, 4, 4, 5, 5][rng.int(0, 4)];
  const windows = [...new Set([rng.chance(0.3) ? 46 : rng.int(55, 65), rng.int(62, 75), rng.int(74, 88)])].sort((a, b) => a - b);
  const usedIn = new Set<number>();
  const usedOut = new Set<number>();
  for (let i = 0; i < count; i++) {
    const at: Moment = { elapsed: windows[Math.min(windows.length - 1, Math.floor((i * windows.length) / count))], extra: null };
    const candidatesOut = onPitch(state, at).filter((p) => p.position !== 'Goalkeeper' && !usedOut.has(p.id) && !usedIn.has(p.id));
    const candidatesIn = state.bench.filter((p) => p.position !== 'Goalkeeper' && !usedIn.has(p.id));
    if (!candidatesOut.length || !candidatesIn.length) break;
    const out = candidatesOut[rng.weightedIndex(candidatesOut.map((p) => OUT_WEIGHT[p.position] * (1.3 - p.quality)))];
    const samePosition = candidatesIn.filter((p) => p.position === out.position);
    const pool = samePosition.length ? samePosition : candidatesIn;
    const incoming = pickBest(rng, pool, 1)[0];
    usedIn.add(incoming.id);
    usedOut.add(out.id);
    state.subs.push({ at, out, in: incoming });
  }
}

function planRedCard(rng: Rng, state: SideState): void {
  if (!rng.chance(0.045)) return;
  const at: Moment = { elapsed: rng.int(20, 88), extra: null };
  const candidates = onPitch(state, at).filter((p) => p.position !== 'Goalkeeper');
  if (!candidates.length) return;
  const player = rng.pick(candidates);
  state.reds.push({ at, player });
  // A player sent off cannot be substituted later: that change goes to someone still on the pitch.
  for (const s of [...state.subs]) {
    if (s.out.id !== player.id || momentKey(s.at) <= momentKey(at)) continue;
    const replacements = onPitch(state, s.at).filter(
      (p) => p.position !== 'Goalkeeper' && p.id !== player.id && !state.subs.some((o) => o.out.id === p.id || o.in.id === p.id),
    );
    if (replacements.length) s.out = rng.pick(replacements);
    else state.subs.splice(state.subs.indexOf(s), 1);
  }
}

const SCORER_WEIGHT: Record<PositionName, number> = { Goalkeeper: 0, Defender: 0.8, Midfielder: 2.5, Attacker: 6 };
const ASSIST_WEIGHT: Record<PositionName, number> = { Goalkeeper: 0.05, Defender: 1.2, Midfielder: 3, Attacker: 2 };
const CARD_COMMENTS = ['Foul', 'Foul', 'Foul', 'Argument', 'Time wasting', 'Simulation', 'Handball', 'Roughing'];

export interface KnockoutContext {
  /** Goals each side of THIS fixture scored in the first leg; level aggregate goes to penalties. */
  firstLeg?: { homeTeamGoals: number; awayTeamGoals: number };
}

/** Adds an event to the match being drawn, at its moment. */
type PushEvent = (at: Moment, event: Omit<ApiFixtureEvent, 'time'>) => void;

const ref = (p: DemoPlayer | undefined | null) => ({ id: p?.id ?? null, name: p?.name ?? null });

/** The planned red cards and a few yellow ones, each to a player on the pitch at that moment. */
function drawCards(rng: Rng, sides: SideState[], push: PushEvent): void {
  sides.forEach((state) => {
    for (const red of state.reds) {
      push(red.at, { team: teamRef(state.side.team), player: ref(red.player), assist: ref(null), type: 'Card', detail: 'Red Card', comments: rng.pick(['Foul', 'Serious foul play', 'Violent conduct']) });
    }
    const booked = new Set<number>(state.reds.map((r) => r.player.id));
    const yellows = Math.min(6, rng.poisson(1.9));
    for (let i = 0; i < yellows; i++) {
      const at = randomMoment(rng, 8, 90);
      const candidates = onPitch(state, at).filter((p) => !booked.has(p.id));
      if (!candidates.length) continue;
      const player = candidates[rng.weightedIndex(candidates.map((p) => (p.position === 'Goalkeeper' ? 0.15 : 1)))];
      booked.add(player.id);
      push(at, { team: teamRef(state.side.team), player: ref(player), assist: ref(null), type: 'Card', detail: 'Yellow Card', comments: rng.pick(CARD_COMMENTS) });
    }
  });
}

/** Each side's goals: an own goal now and then, penalties (some after a VAR check), else a scorer and often an assist; then its substitutions. */
function drawGoals(rng: Rng, sides: SideState[], goalsFor: number[], push: PushEvent): void {
  sides.forEach((state, index) => {
    const opponent = sides[1 - index];
    for (let g = 0; g < goalsFor[index]; g++) {
      const at = randomMoment(rng, 1, 90);
      const mates = onPitch(state, at);
      const roll = rng.next();
      if (roll < 0.04) {
        const rivals = onPitch(opponent, at).filter((p) => p.position !== 'Goalkeeper');
        if (rivals.length) {
          // Own goals are listed under the team the goal counts for, with the rival who scored it.
          push(at, { team: teamRef(state.side.team), player: ref(rng.pick(rivals)), assist: ref(null), type: 'Goal', detail: 'Own Goal', comments: null });
          continue;
        }
      }
      if (roll < 0.13) {
        const taker = mates.filter((p) => p.position !== 'Goalkeeper').sort((a, b) => b.quality - a.quality)[0];
        if (taker) {
          if (rng.chance(0.35)) push(at, { team: teamRef(state.side.team), player: ref(taker), assist: ref(null), type: 'Var', detail: 'Penalty confirmed', comments: null });
          push(at, { team: teamRef(state.side.team), player: ref(taker), assist: ref(null), type: 'Goal', detail: 'Penalty', comments: null });
          continue;
        }
      }
      const scorer = mates[rng.weightedIndex(mates.map((p) => SCORER_WEIGHT[p.position] * (0.5 + p.quality)))];
      const helpers = mates.filter((p) => p.id !== scorer.id);
      const assist = rng.chance(0.72) && helpers.length ? helpers[rng.weightedIndex(helpers.map((p) => ASSIST_WEIGHT[p.position]))] : null;
      push(at, { team: teamRef(state.side.team), player: ref(scorer), assist: ref(assist), type: 'Goal', detail: 'Normal Goal', comments: null });
    }
    state.subs.forEach((s, i) => {
      push(s.at, { team: teamRef(state.side.team), player: ref(s.out), assist: ref(s.in), type: 'subst', detail: `Substitution ${i + 1}`, comments: null });
    });
  });
}

export function playMatch(rng: Rng, core: ApiFixtureCore, home: MatchSide, away: MatchSide, knockout: KnockoutContext = {}): MatchResult {
  const sides = [buildSide(rng, home), buildSide(rng, away)];
  for (const s of sides) planSubstitutions(rng, s);
  for (const s of sides) planRedCard(rng, s);

  const diff = home.team.strength - away.team.strength;
  const homeAdvantage = home.team.national || core.league.round === 'Final' ? 0.1 : 0.22;
  const expected = [
    Math.min(3.4, Math.max(0.25, 1.2 + homeAdvantage + 2.1 * diff)),
    Math.min(3.2, Math.max(0.2, 1.05 - 2.1 * diff)),
  ];
  const goalsFor = expected.map((lambda) => Math.min(7, rng.poisson(lambda)));

  type Draft = { at: Moment; order: number; event: ApiFixtureEvent };
  const drafts: Draft[] = [];
  let order = 0;
  const push = (at: Moment, event: Omit<ApiFixtureEvent, 'time'>) =>
    drafts.push({ at, order: order++, event: { time: { elapsed: at.elapsed, extra: at.extra }, ...event } });

  drawCards(rng, sides, push);
  drawGoals(rng, sides, goalsFor, push);

  if (rng.chance(0.07)) {
    const state = rng.pick(sides);
    const at = randomMoment(rng, 10, 88);
    const attackers = onPitch(state, at).filter((p) => p.position === 'Attacker' || p.position === 'Midfielder');
    if (attackers.length) push(at, { team: teamRef(state.side.team), player: ref(rng.pick(attackers)), assist: ref(null), type: 'Var', detail: 'Goal cancelled', comments: null });
  }

  // Time order; within a minute, substitutions first (a substitute's goal or card comes after his
  // entry, as onPitch already assumes), then the order the events were drawn in.
  const rank = (d: Draft) => (d.event.type === 'subst' ? 0 : 1);
  drafts.sort((a, b) => momentKey(a.at) - momentKey(b.at) || rank(a) - rank(b) || a.order - b.order);
  const events = drafts.map((d) => d.event);

  const goalsAt = (teamId: number, firstHalfOnly: boolean) =>
    events.filter((e) => e.type === 'Goal' && e.team.id === teamId && (!firstHalfOnly || e.time.elapsed <= 45)).length;
  const [h, a] = [goalsAt(home.team.id, false), goalsAt(away.team.id, false)];
  const halftime = { home: goalsAt(home.team.id, true), away: goalsAt(away.team.id, true) };

  const statistics = sides.map((state, index) =>
    teamStatistics(rng, state, events, index === 0 ? 50 + diff * 38 : 50 - diff * 38),
  );
  balancePossession(statistics);
  linkSaves(statistics, events, [home.team.id, away.team.id]);

  let status = { long: 'Match Finished', short: 'FT', elapsed: 90, extra: null as number | null };
  let penalty = { home: null as number | null, away: null as number | null };
  let winnerHome: boolean | null = h > a ? true : h < a ? false : null;
  if (knockout.firstLeg && h + knockout.firstLeg.homeTeamGoals === a + knockout.firstLeg.awayTeamGoals) {
    const homeWins = rng.chance(0.5 + diff * 0.5);
    const winnerScore = rng.int(3, 5);
    const loserScore = rng.int(Math.max(0, winnerScore - 3), winnerScore - 1);
    penalty = homeWins ? { home: winnerScore, away: loserScore } : { home: loserScore, away: winnerScore };
    status = { long: 'Match Finished After Penalty', short: 'PEN', elapsed: 90, extra: null };
    winnerHome = homeWins;
  }

  const kickoffSeconds = core.fixture.timestamp;
  const fixture: ApiFixtureFull = {
    ...core,
    fixture: {
      ...core.fixture,
      periods: { first: kickoffSeconds, second: kickoffSeconds + 62 * 60 },
      status,
    },
    teams: {
      home: { ...core.teams.home, winner: winnerHome },
      away: { ...core.teams.away, winner: winnerHome === null ? null : !winnerHome },
    },
    goals: { home: h, away: a },
    score: {
      halftime,
      fulltime: { home: h, away: a },
      extratime: { home: null, away: null },
      penalty,
    },
    events,
    lineups: sides.map((s) => s.lineup),
    statistics,
  };
  return { fixture, sentOff: sides.flatMap((s) => s.reds.map((r) => r.player.id)) };
}

function teamStatistics(rng: Rng, state: SideState, events: ApiFixtureEvent[], possessionGuess: number): ApiTeamFixtureStatistics {
  const teamId = state.side.team.id;
  const scored = events.filter((e) => e.type === 'Goal' && e.team.id === teamId && e.detail !== 'Own Goal').length;
  const onTarget = scored + rng.int(1, 5);
  const offTarget = rng.int(2, 8);
  const blocked = rng.int(0, 5);
  const possession = Math.round(Math.min(70, Math.max(30, possessionGuess + rng.normal() * 4)));
  const passes = Math.max(180, Math.round(230 + possession * 4.4 + rng.normal() * 30));
  const accurate = Math.round(passes * Math.min(0.92, 0.7 + state.side.team.strength * 0.16 + rng.normal() * 0.02));
  const cards = (detail: string) => events.filter((e) => e.type === 'Card' && e.team.id === teamId && e.detail === detail).length;
  return {
    team: teamRef(state.side.team),
    statistics: [
      { type: 'Shots on Goal', value: onTarget },
      { type: 'Shots off Goal', value: offTarget },
      { type: 'Total Shots', value: onTarget + offTarget + blocked },
      { type: 'Blocked Shots', value: blocked },
      { type: 'Fouls', value: rng.int(8, 19) },
      { type: 'Corner Kicks', value: rng.int(1, 9) },
      { type: 'Offsides', value: rng.int(0, 5) },
      { type: 'Ball Possession', value: `${possession}%` },
      { type: 'Yellow Cards', value: cards('Yellow Card') },
      { type: 'Red Cards', value: cards('Red Card') },
      { type: 'Goalkeeper Saves', value: 0 },
      { type: 'Total passes', value: passes },
      { type: 'Passes accurate', value: accurate },
      { type: 'Passes %', value: `${Math.round((accurate / passes) * 100)}%` },
    ],
  };
}

export function statValue(stats: ApiTeamFixtureStatistics, type: string): number {
  const v = stats.statistics.find((s) => s.type === type)?.value;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number.parseInt(v, 10) || 0;
  return 0;
}

function setStat(stats: ApiTeamFixtureStatistics, type: string, value: number | string): void {
  const entry = stats.statistics.find((s) => s.type === type);
  if (entry) entry.value = value;
}

/** Both sides' possession adds up to 100%. */
function balancePossession(stats: ApiTeamFixtureStatistics[]): void {
  const home = statValue(stats[0], 'Ball Possession');
  setStat(stats[1], 'Ball Possession', `${100 - home}%`);
}

/** A keeper saves every shot on his goal that did not go in. */
function linkSaves(stats: ApiTeamFixtureStatistics[], events: ApiFixtureEvent[], teamIds: number[]): void {
  stats.forEach((s, i) => {
    const rival = stats[1 - i];
    const rivalScored = events.filter((e) => e.type === 'Goal' && e.team.id === teamIds[1 - i] && e.detail !== 'Own Goal').length;
    setStat(s, 'Goalkeeper Saves', Math.max(0, statValue(rival, 'Shots on Goal') - rivalScored));
  });
}
