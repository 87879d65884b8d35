import type { CompetitionDataset, GlobalDataset } from '../../store/dataset.ts';
import type { ApiFixtureFull, ApiInjury, ApiPlayer, ApiPlayerEntry, ApiPlayerStatistics, ApiTeamEntry } from '../../store/provider-types.ts';
import { writeArticlesFor } from './articles.ts';
import { isFinishedStatus, isLiveStatus, viewFixtureAt } from './scripted-match.ts';
import { buildCompetitions } from './competitions.ts';
import { ABROAD_CLUBS, countryOf } from './data/foreign.ts';
import { ABROAD_LEAGUE_OF, LEAGUES } from './data/leagues.ts';
import type { TeamInfo } from './data/types.ts';
import { computePlayerStatistics, computeStandings, computeTeamStatistics, finishedAt, fixturePlayerRatings, squadPlayersById } from './derive.ts';
import { buildPeople } from './people-build.ts';
import { rngFor } from './rng.ts';
import type { DemoPlayer } from './people.ts';
import type { CompetitionBuild, SeasonContext, SeasonModel } from './model.ts';
import { SeasonCalendar } from './schedule.ts';
import { buildTransfers } from './transfers.ts';
import { floorToMinutes, seasonYearAt, startOfGuayaquilDay } from './time.ts';

/**
 * The embedded demo season: a whole Ecuadorian season (Liga Pro, Serie B, both CONMEBOL cups,
 * qualifiers and friendlies) generated from a seed and an anchor moment, in the provider's shapes.
 * Pure and deterministic: the same (seed, anchor, viewAt) always gives the same season. `anchor`
 * fixes the schedule and every result; `viewAt` only decides which scripted matches have finished
 * and so what the derived tables (standings, team and player statistics) include.
 */

export const DEFAULT_DEMO_SEED = 2026;
/**
 * Bumped whenever the generated data changes shape (2: media URLs became .png; 3: one season calendar, fixed club facts; 4: FIFA windows
 * on the real calendar, qualification only when certain, fees by age and position, distinct names in a squad, national numbers 1-26; 5: "guía el" no longer
 * contracted to "guíal" in the news), so a store made by
 * an older generator is regenerated on start instead of serving links that no longer resolve.
 */
export const DEMO_GENERATOR_VERSION = '5';

export interface DemoSeasonOptions {
  seed?: number;
  anchor: Date;
  viewAt?: Date;
}

export interface DemoSeason {
  competitions: CompetitionDataset[];
  global: GlobalDataset;
  summary: DemoSeasonSummary;
}

export function normalizeSeed(seed: number | undefined): number {
  if (seed === undefined || !Number.isFinite(seed)) return DEFAULT_DEMO_SEED;
  return Math.trunc(Math.abs(seed)) >>> 0;
}

function instant(value: Date | undefined, name: string): number {
  const ms = value instanceof Date ? value.getTime() : Number.NaN;
  if (!Number.isFinite(ms)) throw new RangeError(`generateDemoSeason: ${name} must be a valid Date`);
  return ms;
}

/** Everything that depends only on (seed, anchor): people, schedule and every match played or planned. */
export function buildSeasonModel(seed: number, anchorMs: number): SeasonModel {
  const people = buildPeople(seed, anchorMs);
  const dayStartMs = startOfGuayaquilDay(anchorMs);
  const ctx: SeasonContext = {
    seed,
    anchorMs,
    baseMs: floorToMinutes(anchorMs, 5),
    dayStartMs,
    season: seasonYearAt(anchorMs),
    people,
    calendar: new SeasonCalendar(anchorMs, dayStartMs),
  };
  const builds = buildCompetitions(ctx);
  return { ctx, builds };
}

export function teamEntry(team: TeamInfo): ApiTeamEntry {
  return {
    team: {
      id: team.id, name: team.name, code: team.code, country: team.country, founded: team.founded,
      national: team.national, logo: `/media/teams/${team.id}.png`,
    },
    venue: {
      id: team.venue?.id ?? null, name: team.venue?.name ?? null, address: team.venue?.address ?? null,
      city: team.venue?.city ?? null, capacity: team.venue?.capacity ?? null, surface: team.venue?.surface ?? null, image: null,
    },
  };
}

export function apiPlayer(p: DemoPlayer): ApiPlayer {
  return {
    id: p.id,
    name: p.name,
    firstname: p.firstname,
    lastname: p.lastname,
    age: p.age,
    birth: { date: p.birthDate, place: p.birthPlace, country: countryOf(p.nation) },
    nationality: countryOf(p.nation),
    height: `${p.heightCm} cm`,
    weight: `${p.weightKg} kg`,
    injured: p.injured,
    photo: `/media/players/${p.id}.png`,
  };
}

/** How far ahead the demo lists who misses a match (the provider's lists cover the coming days). */
const INJURIES_AHEAD_MS = 7 * 24 * 3_600_000;
const INJURY_REASONS = ['Knee Injury', 'Muscle Injury', 'Ankle Injury', 'Hamstring Injury', 'Illness', 'Knock', 'Back Injury', 'Groin Injury'];

/**
 * Who misses each of `fixtures` not yet kicked off at `viewAtMs` and due within a week, as the
 * provider's /injuries lists them: the clubs' injured players, whom the line-ups leave out
 * (competitions.ts `side`), "Missing Fixture" with a reason of their own that stays the same.
 */
export function fixtureInjuries(build: CompetitionBuild, ctx: SeasonContext, fixtures: readonly ApiFixtureFull[], viewAtMs: number): ApiInjury[] {
  const { league } = build.league;
  const country = build.league.country;
  return fixtures
    .filter((f) => f.fixture.timestamp * 1000 > viewAtMs && f.fixture.timestamp * 1000 - viewAtMs <= INJURIES_AHEAD_MS)
    .flatMap((f) =>
      [f.teams.home, f.teams.away].flatMap((team) =>
        (build.squads.get(team.id) ?? [])
          .filter((p) => p.injured)
          .map((p) => ({
            player: { id: p.id, name: p.name, photo: `/media/players/${p.id}.png`, type: 'Missing Fixture', reason: rngFor(ctx.seed, `injury:${p.id}`).pick(INJURY_REASONS) },
            team: { id: team.id, name: team.name, logo: team.logo },
            fixture: { id: f.fixture.id, timezone: f.fixture.timezone, date: f.fixture.date, timestamp: f.fixture.timestamp },
            league: { id: league.id, season: ctx.season, name: league.name, country: country.name, logo: league.logo, flag: country.flag },
          })),
      ),
    );
}

/** One competition as it stands at `viewAtMs`: its schedule, squads, and the tables its finished matches make. */
export function toDataset(build: CompetitionBuild, ctx: SeasonContext, viewAtMs: number): CompetitionDataset {
  const standings = computeStandings(build, viewAtMs);
  const teamStatistics = computeTeamStatistics(build, viewAtMs);
  const playerStatistics = computePlayerStatistics(build, viewAtMs);
  const squadPlayers = squadPlayersById([build]);
  const rated = new Map(finishedAt(build.fixtures, viewAtMs).map(({ data }) => [data.fixture.id, fixturePlayerRatings(data, squadPlayers)]));
  const players: ApiPlayerEntry[] = [];
  const squads: CompetitionDataset['squads'] = [];
  for (const [teamId, squad] of build.squads) {
    squads.push({ teamId, players: squad.map((p) => ({ id: p.id, number: p.number, position: p.position })) });
    for (const p of squad) {
      const stat = playerStatistics.get(p.id);
      players.push({ player: apiPlayer(p), statistics: stat ? [stat] : [] });
    }
  }
  return {
    league: build.league,
    shortName: build.shortName,
    season: ctx.season,
    teams: build.teams.map(teamEntry),
    players,
    squads,
    // Each match over by then with its players' ratings, as `/fixtures?ids=` would give them.
    fixtures: build.fixtures.map((f) => (rated.has(f.data.fixture.id) ? { ...f.data, players: rated.get(f.data.fixture.id) } : f.data)),
    scriptedFixtureIds: build.fixtures.filter((f) => f.scripted).map((f) => f.data.fixture.id),
    standings,
    teamStatistics,
    injuries: fixtureInjuries(build, ctx, build.fixtures.map((f) => f.data), viewAtMs),
  };
}

function abroadEntry(p: DemoPlayer, ctx: SeasonContext): ApiPlayerEntry {
  const club = ABROAD_CLUBS.find((c) => c.id === p.teamId)!;
  const leagueId = ABROAD_LEAGUE_OF[club.country];
  // The provider lists a player's club season even when the figures are unknown; they stay null.
  const stat: ApiPlayerStatistics = {
    team: { id: club.id, name: club.name, logo: `/media/teams/${club.id}.png` },
    league: { id: leagueId, name: LEAGUES[leagueId].name, country: club.country, logo: `/media/leagues/${leagueId}.png`, flag: null, season: ctx.season },
    games: { appearences: null, lineups: null, minutes: null, number: p.number, position: p.position, rating: null, captain: false },
    substitutes: { in: null, out: null, bench: null },
    shots: { total: null, on: null },
    goals: { total: null, conceded: null, assists: null, saves: null },
    passes: { total: null, key: null, accuracy: null },
    tackles: { total: null, blocks: null, interceptions: null },
    duels: { total: null, won: null },
    dribbles: { attempts: null, success: null, past: null },
    fouls: { drawn: null, committed: null },
    cards: { yellow: null, yellowred: null, red: null },
    penalty: { won: null, commited: null, scored: null, missed: null, saved: null },
  };
  return { player: apiPlayer(p), statistics: [stat] };
}

/** The season in figures (`npm run data:demo` prints them; the store keeps its seed, anchor and view). */
function summarize({ ctx, builds }: SeasonModel, viewAtMs: number, competitions: CompetitionDataset[], global: GlobalDataset) {
  const fixtures = builds.flatMap((b) => b.fixtures);
  const states = fixtures.map((f) => (f.scripted ? viewFixtureAt(f.data, viewAtMs) : f.data).fixture.status.short);
  const playerIds = new Set<number>();
  for (const c of competitions) for (const p of c.players) playerIds.add(p.player.id);
  for (const p of global.extraPlayers) playerIds.add(p.player.id);
  const teamIds = new Set<number>();
  for (const c of competitions) for (const t of c.teams) teamIds.add(t.team.id);
  for (const t of global.extraTeams) teamIds.add(t.team.id);
  return {
    seed: ctx.seed,
    anchor: new Date(ctx.anchorMs).toISOString(),
    viewAt: new Date(viewAtMs).toISOString(),
    season: ctx.season,
    competitions: competitions.length,
    teams: teamIds.size,
    players: playerIds.size,
    fixtures: fixtures.length,
    finished: states.filter(isFinishedStatus).length,
    live: states.filter(isLiveStatus).length,
    upcoming: states.filter((s) => s === 'NS').length,
    scripted: fixtures.filter((f) => f.scripted).length,
    events: fixtures.reduce((n, f) => n + (f.data.events?.length ?? 0), 0),
    lineups: fixtures.reduce((n, f) => n + (f.data.lineups?.length ?? 0), 0),
    transfers: global.transfers.length,
    playersAbroad: global.extraPlayers.length,
    articles: global.articles.length,
    articlesScheduled: global.articles.filter((a) => Date.parse(a.scheduledAt) > ctx.anchorMs).length,
  };
}

export type DemoSeasonSummary = ReturnType<typeof summarize>;

/** The season `model` makes, its tables as they stand at `viewAtMs`. */
function seasonFrom(model: SeasonModel, viewAtMs: number): DemoSeason {
  const { ctx, builds } = model;
  const competitions = builds.map((b) => toDataset(b, ctx, viewAtMs));
  const transfers = buildTransfers(ctx.people, builds, ctx.seed, ctx.anchorMs);
  const articles = writeArticlesFor(model, transfers, ctx.anchorMs);
  const global: GlobalDataset = {
    extraPlayers: ctx.people.abroad.map((p) => abroadEntry(p, ctx)),
    extraTeams: ABROAD_CLUBS.map(teamEntry),
    transfers,
    articles,
  };
  return { competitions, global, summary: summarize(model, viewAtMs, competitions, global) };
}

export function generateDemoSeason(options: DemoSeasonOptions): DemoSeason {
  const seed = normalizeSeed(options.seed);
  const anchorMs = instant(options.anchor, 'anchor');
  const viewAtMs = options.viewAt === undefined ? anchorMs : instant(options.viewAt, 'viewAt');
  return seasonFrom(buildSeasonModel(seed, anchorMs), viewAtMs);
}

/** The season at its anchor and the model it is made from: what the store loads and the demo provider serves. */
export interface AnchoredSeason {
  model: SeasonModel;
  season: DemoSeason;
}

let anchored: AnchoredSeason | null = null;

/**
 * The season of (seed, anchor) at its anchor, generated once per process and kept (one season at
 * a time: a new anchor replaces it). The store's load and the demo provider share it, so a day's
 * season is generated once (about 2 s), not once by each. Treat it as read-only.
 */
export function anchoredSeason(seed: number | undefined, anchor: Date): AnchoredSeason {
  const s = normalizeSeed(seed);
  const anchorMs = instant(anchor, 'anchor');
  if (anchored?.model.ctx.seed !== s || anchored.model.ctx.anchorMs !== anchorMs) {
    const model = buildSeasonModel(s, anchorMs);
    anchored = { model, season: seasonFrom(model, anchorMs) };
  }
  return anchored;
}
