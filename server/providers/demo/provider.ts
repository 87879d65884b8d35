import type { CompetitionDataset } from '../../store/dataset.ts';
import type { ApiEnvelope, ApiFixtureFull, ApiPlayerEntry } from '../../store/provider-types.ts';
import { isFinishedStatus, isLiveStatus, scriptedFullTimeAt, viewFixtureAt } from './scripted-match.ts';
import { anchoredSeason, fixtureInjuries, toDataset, type AnchoredSeason } from './generate.ts';
import { fixturePlayerRatings, squadPlayersById } from './derive.ts';

/**
 * The embedded demo provider: the generated season served as API-Football v3 serves its data (same
 * paths, parameters and envelopes, rate-limit headers of a large plan), at the current clock. With no
 * provider key the ingest worker reads it exactly as it reads the real provider (it is handed to the
 * API-Football client as its `fetch`), so the demo and a real deployment share one write path and
 * the API reads only what the store holds.
 *
 * The season is the one the store was loaded from (`anchoredSeason`: generated once per seed and
 * anchor in this process). A scripted match is generated whole (final score, every event);
 * `viewFixtureAt` answers what the provider would say of it at a given moment. Standings and leaders
 * follow the matches that have reached full time: at a whistle only that match's competition is
 * derived again (a few tens of ms for Liga Pro), once per set of its finished scripted matches.
 */

export interface DemoProviderOptions {
  /** The season the store holds: its seed and anchor (meta `demo.seed`, `demo.anchor`). */
  season: () => { seed: number; anchor: string } | null;
  now: () => Date;
}

/** A plan as large as the provider's biggest: the demo never runs out of requests. */
const DEMO_DAY_LIMIT = 75_000;
const DEMO_MINUTE_LIMIT = 450;

/** The season served and, per competition, its tables as of the last set of finished scripted matches. */
interface Served {
  anchored: AnchoredSeason;
  tables: Array<{ finished: string; dataset: CompetitionDataset }>;
}

type DemoAnswer = { response: unknown; errors?: Record<string, string> };

/** The ids of a competition's scripted matches that have reached full time at `nowMs`, as a key. */
function finishedKey(c: CompetitionDataset, nowMs: number): string {
  const ids = new Set(c.scriptedFixtureIds ?? []);
  return c.fixtures.filter((f) => ids.has(f.fixture.id) && nowMs >= scriptedFullTimeAt(f)).map((f) => f.fixture.id).sort((a, b) => a - b).join(',');
}

/** A fixture as the provider would answer it now. */
function shown(c: CompetitionDataset, f: ApiFixtureFull, nowMs: number): ApiFixtureFull {
  return c.scriptedFixtureIds?.includes(f.fixture.id) ? viewFixtureAt(f, nowMs) : f;
}

const summary = ({ events: _e, lineups: _l, statistics: _s, players: _p, ...core }: ApiFixtureFull) => core;
const withEvents = ({ lineups: _l, statistics: _s, players: _p, ...rest }: ApiFixtureFull) => ({ ...rest, events: rest.events ?? [] });

const ids = (value: string | null) => (value ?? '').split('-').map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** `/fixtures`: the matches in play (`live`), some by id (`ids`, `id`), or a competition's season. */
function fixturesAnswer(anchored: AnchoredSeason, params: URLSearchParams, league: number | null, year: number | null, nowMs: number): DemoAnswer {
  const { season } = anchored;
  const live = params.get('live');
  if (live !== null) {
    const leagues = live === 'all' ? null : new Set(ids(live));
    return {
      response: season.competitions
        .filter((c) => !leagues || leagues.has(c.league.league.id))
        .flatMap((c) => (c.scriptedFixtureIds ?? []).map((id) => c.fixtures.find((f) => f.fixture.id === id)!).map((f) => shown(c, f, nowMs)))
        .filter((f) => isLiveStatus(f.fixture.status.short))
        .map(withEvents),
    };
  }
  const wanted = params.has('ids') ? ids(params.get('ids')) : params.has('id') ? ids(params.get('id')) : null;
  if (wanted) {
    if (wanted.length > 20) return { response: [], errors: { ids: 'Maximum of 20 fixtures ids' } };
    const found = wanted.flatMap((id) => {
      for (const c of season.competitions) {
        const f = c.fixtures.find((x) => x.fixture.id === id);
        if (f) return [shown(c, f, nowMs)];
      }
      return [];
    });
    // A match that reached full time since the season was loaded is rated now, as the provider rates it at the whistle.
    let squadPlayers: ReturnType<typeof squadPlayersById> | undefined;
    const players = (f: ApiFixtureFull) => f.players ?? fixturePlayerRatings(f, (squadPlayers ??= squadPlayersById(anchored.model.builds)));
    return { response: found.map((f) => ({ ...f, events: f.events ?? [], lineups: f.lineups ?? [], statistics: f.statistics ?? [], players: players(f) })) };
  }
  if (league === null) return { response: [], errors: { required: 'At least one parameter is required.' } };
  const c = season.competitions.find((x) => x.league.league.id === league && (year === null || x.season === year));
  return { response: c ? c.fixtures.map((f) => summary(shown(c, f, nowMs))) : [] };
}

/**
 * `/fixtures/headtohead`: the two clubs' meetings in the one season the demo has (it invents no earlier
 * ones), in kickoff order, or with `last` the last N finished, newest first, as the provider answers.
 */
function headToHeadAnswer(anchored: AnchoredSeason, params: URLSearchParams, nowMs: number): DemoAnswer {
  const pair = ids(params.get('h2h'));
  if (pair.length !== 2 || pair[0] === pair[1]) return { response: [], errors: { h2h: 'The H2h field must contain two team ids separated by a dash.' } };
  const last = params.has('last') ? Number(params.get('last')) : null;
  const meetings = anchored.season.competitions
    .flatMap((c) => c.fixtures.filter((f) => pair.includes(f.teams.home.id) && pair.includes(f.teams.away.id)).map((f) => summary(shown(c, f, nowMs))))
    .sort((a, b) => a.fixture.timestamp - b.fixture.timestamp || a.fixture.id - b.fixture.id);
  if (last === null) return { response: meetings };
  return { response: meetings.filter((f) => isFinishedStatus(f.fixture.status.short)).reverse().slice(0, Math.max(0, last)) };
}

/** The top 20 of a competition's season by goals or assists, as `/players/topscorers` and `/players/topassists`. */
function leaders(c: CompetitionDataset | undefined, key: 'total' | 'assists', league: number, year: number) {
  const lineOf = (p: ApiPlayerEntry) => p.statistics.find((s) => s.league.id === league && s.league.season === year);
  return (c?.players ?? [])
    .filter((p) => (lineOf(p)?.goals[key] ?? 0) > 0)
    .sort((a, b) => (lineOf(b)!.goals[key] ?? 0) - (lineOf(a)!.goals[key] ?? 0) || a.player.id - b.player.id)
    .slice(0, 20)
    .map((p) => ({ player: p.player, statistics: [lineOf(p)!] }));
}

/** The answer in the provider's envelope, with the rate-limit headers of a plan that never runs out. */
function envelope(path: string, params: URLSearchParams, { response, errors }: DemoAnswer, requestsToday: number): Response {
  const body: ApiEnvelope<unknown> = {
    get: path,
    parameters: Object.fromEntries(params),
    errors: errors ?? [],
    results: errors ? 0 : Array.isArray(response) ? response.length : 1,
    paging: { current: 1, total: 1 },
    response,
  };
  return new Response(JSON.stringify(body), {
    headers: {
      'content-type': 'application/json',
      'x-ratelimit-requests-limit': String(DEMO_DAY_LIMIT),
      'x-ratelimit-requests-remaining': String(Math.max(0, DEMO_DAY_LIMIT - requestsToday)),
      'x-ratelimit-limit': String(DEMO_MINUTE_LIMIT),
      'x-ratelimit-remaining': String(DEMO_MINUTE_LIMIT - 1),
    },
  });
}

export function createDemoProvider(options: DemoProviderOptions) {
  let served: Served | null = null;
  let requestsToday = 0;
  let requestsDay = '';

  /** The season the store holds (generated at most once per seed and anchor in this process). */
  function servedSeason(): Served | null {
    const at = options.season();
    if (!at) return null;
    const anchored = anchoredSeason(at.seed, new Date(at.anchor));
    if (served?.anchored !== anchored) {
      const anchorMs = anchored.model.ctx.anchorMs;
      served = { anchored, tables: anchored.season.competitions.map((dataset) => ({ finished: finishedKey(dataset, anchorMs), dataset })) };
    }
    return served;
  }

  /**
   * A competition's season as of now: its tables count its own scripted matches that have reached
   * full time, derived again (their `update` with them) only when that set changes; until then they
   * are the ones the store was loaded with. Another competition's whistle leaves them as they are.
   */
  function withTables(s: Served, league: number, year: number, nowMs: number): CompetitionDataset | undefined {
    const { season, model } = s.anchored;
    const i = season.competitions.findIndex((c) => c.league.league.id === league && c.season === year);
    if (i === -1) return undefined;
    const finished = finishedKey(season.competitions[i], nowMs);
    if (s.tables[i].finished !== finished) s.tables[i] = { finished, dataset: toDataset(model.builds[i], model.ctx, nowMs) };
    return s.tables[i].dataset;
  }

  function answer(path: string, params: URLSearchParams, nowMs: number): DemoAnswer {
    const s = servedSeason();
    if (!s) return { response: [], errors: { token: 'The demo season is not loaded yet.' } };
    const league = params.has('league') ? Number(params.get('league')) : null;
    const year = params.has('season') ? Number(params.get('season')) : null;

    switch (path) {
      case 'fixtures':
        return fixturesAnswer(s.anchored, params, league, year, nowMs);
      case 'fixtures/headtohead':
        return headToHeadAnswer(s.anchored, params, nowMs);
      case 'standings':
      case 'players/topscorers':
      case 'players/topassists': {
        if (league === null || year === null) return { response: [], errors: { required: 'The League and Season fields are required.' } };
        const c = withTables(s, league, year, nowMs);
        if (path !== 'standings') return { response: leaders(c, path === 'players/topscorers' ? 'total' : 'assists', league, year) };
        if (!c || c.standings.length === 0) return { response: [] };
        const { league: entry, country } = c.league;
        return {
          response: [{ league: { id: entry.id, name: entry.name, country: country.name, logo: entry.logo, flag: country.flag, season: c.season, standings: c.standings } }],
        };
      }
      case 'teams/statistics': {
        const team = Number(params.get('team'));
        if (league === null || year === null || !Number.isInteger(team)) {
          return { response: [], errors: { required: 'The League, Season and Team fields are required.' } };
        }
        return { response: withTables(s, league, year, nowMs)?.teamStatistics.find((t) => t.team.id === team) ?? [] };
      }
      case 'injuries': {
        // As the provider: by fixture, by fixtures (up to 20) or by a league's season.
        const ids = new Set([params.get('fixture'), ...(params.get('ids')?.split('-') ?? [])].filter((id): id is string => Boolean(id)).map(Number));
        if (ids.size === 0 && (league === null || year === null)) return { response: [], errors: { required: 'At least one parameter is required.' } };
        const { model } = s.anchored;
        return {
          response: model.builds.flatMap((build) =>
            league !== null && build.league.league.id !== league
              ? []
              : fixtureInjuries(build, model.ctx, build.fixtures.map((f) => f.data).filter((f) => ids.size === 0 || ids.has(f.fixture.id)), nowMs),
          ),
        };
      }
      default:
        return { response: [], errors: { endpoint: `This endpoint does not exist in the demo provider: ${path}` } };
    }
  }

  /** A `fetch` for the API-Football client: answers `{base}/{path}?{params}` from the season. */
  async function demoFetch(input: string | URL | Request): Promise<Response> {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const path = url.pathname.replace(/^\/+/, '');
    const nowMs = options.now().getTime();
    const day = new Date(nowMs).toISOString().slice(0, 10);
    if (day !== requestsDay) {
      requestsDay = day;
      requestsToday = 0;
    }
    requestsToday += 1;
    return envelope(path, url.searchParams, answer(path, url.searchParams, nowMs), requestsToday);
  }

  return {
    fetch: demoFetch as typeof globalThis.fetch,
    /** The base URL the client is given; never resolved (the demo fetch answers in process). */
    baseUrl: 'http://demo-provider.invalid',
  };
}
