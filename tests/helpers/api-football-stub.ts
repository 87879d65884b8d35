/**
 * A stand-in for API-Football v3 on 127.0.0.1, answering from the real captured responses in
 * tests/fixtures/api-football (see SOURCES.md there). Tests decide per request what to answer,
 * so they can inject failures (HTTP 500, rate-limit envelopes, hangs) around the real data.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { capture as loadFixture } from './captures.ts';

export { loadFixture };

export function envelope(get: string, parameters: Record<string, string>, response: unknown, paging = { current: 1, total: 1 }) {
  return {
    get,
    parameters,
    errors: [],
    results: Array.isArray(response) ? response.length : 1,
    paging,
    response,
  };
}

export interface StubRequest {
  path: string;
  query: URLSearchParams;
  apiKey: string | undefined;
}

export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
  /** Never answer (the client's timeout must end the request). */
  hang?: boolean;
}

export type StubHandler = (request: StubRequest) => StubReply | undefined;

export interface Stub {
  baseUrl: string;
  /** Every request received, as 'path?query' with the query keys sorted. */
  requests: string[];
  apiKeys: Array<string | undefined>;
  handler: StubHandler;
  close(): Promise<void>;
}

/** 'path?a=1&b=2' with sorted keys, so tests can match requests regardless of parameter order. */
export function requestKey(path: string, query: URLSearchParams): string {
  const sorted = [...query.entries()].sort(([a], [b]) => a.localeCompare(b));
  return sorted.length === 0 ? path : `${path}?${new URLSearchParams(sorted).toString()}`;
}

export async function startStub(handler: StubHandler): Promise<Stub> {
  const stub: Stub = {
    baseUrl: '',
    requests: [],
    apiKeys: [],
    handler,
    close: async () => {},
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const apiKey = req.headers['x-apisports-key'];
    stub.requests.push(requestKey(url.pathname, url.searchParams));
    stub.apiKeys.push(typeof apiKey === 'string' ? apiKey : undefined);
    const reply = stub.handler({ path: url.pathname, query: url.searchParams, apiKey: typeof apiKey === 'string' ? apiKey : undefined });
    if (reply?.hang) return;
    const status = reply?.status ?? (reply ? 200 : 404);
    const body = reply ? reply.body : { message: `the stub has no answer for ${requestKey(url.pathname, url.searchParams)}` };
    res.writeHead(status, { 'content-type': 'application/json', ...reply?.headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body ?? null));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  stub.baseUrl = `http://127.0.0.1:${port}`;
  stub.close = () =>
    new Promise<void>((done) => {
      // Hanging requests would otherwise keep the server open.
      server.closeAllConnections();
      server.close(() => done());
    });
  return stub;
}

// ------------------------------------------------------------------ a Liga Pro season from real data

export const LEAGUE = 242;
export const SEASON = 2026;

/** The four Liga Pro clubs that play in liga-pro-fixture-items.json, with their real venues. */
export const LIGA_PRO_TEAM_IDS = [1148, 1156, 1157, 18762];

/**
 * GET /leagues?id=242. No /leagues capture is among the captures, so this entry is
 * assembled for the stub: id, name, logo, country and flag are those of the league object in the
 * captured Liga Pro fixtures; the type and country code are API-Football's for Liga Pro; the
 * season dates are stand-ins that only the store's seasons table sees.
 */
export function ligaProLeagueEntry() {
  const { league } = loadFixture('liga-pro-fixture-items.json').agendaFT;
  return {
    league: { id: league.id, name: league.name, type: 'League', logo: league.logo },
    country: { name: league.country, code: 'EC', flag: league.flag },
    seasons: [
      { year: SEASON - 1, start: `${SEASON - 1}-01-01`, end: `${SEASON - 1}-12-31`, current: false },
      { year: SEASON, start: `${SEASON}-01-01`, end: `${SEASON}-12-31`, current: true },
    ],
  };
}

const detailKeys = ['events', 'lineups', 'statistics', 'players'];
const core = (fixture: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fixture).filter(([key]) => !detailKeys.includes(key)));

/**
 * The season's fixtures with their details: the two real Liga Pro items (a live match with events,
 * a finished one without), and the real full fixture 1208021 served as if it were a Liga Pro match
 * (its league object relabelled) because it is the capture with lineups and statistics.
 */
export function ligaProFixtures(): Array<Record<string, any>> {
  const items = loadFixture('liga-pro-fixture-items.json');
  const full = loadFixture('fixture-by-id-full.json').response[0];
  full.league = { ...items.agendaFT.league, round: full.league.round };
  return [items.segundoTempo, items.agendaFT, full];
}

/** Two standings groups made by splitting the real 20-row table into halves (ranks kept). */
export function twoGroupStandings() {
  const real = loadFixture('standings-single-group.json').response[0];
  const rows = real.league.standings[0];
  const first = rows.slice(0, 10).map((row: any) => ({ ...row, group: 'Grupo 1' }));
  const second = rows.slice(10).map((row: any) => ({ ...row, group: 'Grupo 2' }));
  return [{ league: { ...real.league, id: LEAGUE, season: SEASON, standings: [first, second] } }];
}

/** Real /players page 3 of the 2022 Bundesliga, split into two pages, statistics relabelled to 242/2026. */
export function ligaProPlayerPages(): unknown[][] {
  const players = loadFixture('players-with-statistics.json').response.map((entry: any) => ({
    ...entry,
    statistics: entry.statistics.map((s: any) => ({ ...s, league: { ...s.league, id: LEAGUE, season: SEASON } })),
  }));
  return [players.slice(0, 10), players.slice(10)];
}

/** Real RB Leipzig statistics, relabelled as the answer for `teamId` in 242/2026. */
export function teamStatisticsFor(teamId: number, teamEntry: { team: { id: number; name: string; logo: string } }) {
  const stats = loadFixture('teams-statistics.json').response;
  return {
    ...stats,
    league: { ...stats.league, id: LEAGUE, season: SEASON },
    team: { id: teamId, name: teamEntry.team.name, logo: teamEntry.team.logo },
  };
}

/**
 * A handler answering every request a Liga Pro sync makes. `overrides` run first: return a reply
 * to replace the normal answer for a request, or undefined to keep it.
 */
export function ligaProUpstream(overrides?: StubHandler, teamIds: number[] = LIGA_PRO_TEAM_IDS): StubHandler {
  const teams = loadFixture('teams-search-ecuador.json').response.filter((entry: any) => teamIds.includes(entry.team.id));
  const fixtures = ligaProFixtures();
  const players = ligaProPlayerPages();
  const transfers = loadFixture('transfers-by-player.json');
  const season = { league: String(LEAGUE), season: String(SEASON) };
  const isSeason = (q: URLSearchParams) => q.get('league') === String(LEAGUE) && q.get('season') === String(SEASON);

  return (request) => {
    const replaced = overrides?.(request);
    if (replaced) return replaced;
    const { path, query: q } = request;
    if (path === '/leagues' && q.get('id') === String(LEAGUE)) {
      return { body: envelope('leagues', { id: String(LEAGUE) }, [ligaProLeagueEntry()]) };
    }
    if (path === '/teams' && isSeason(q)) return { body: envelope('teams', season, teams) };
    if (path === '/players' && isSeason(q)) {
      const page = Number(q.get('page') ?? '1');
      const items = players[page - 1];
      if (!items) return { body: envelope('players', { ...season, page: String(page) }, [], { current: page, total: players.length }) };
      return { body: envelope('players', { ...season, page: String(page) }, items, { current: page, total: players.length }) };
    }
    if (path === '/players/squads' && q.has('team')) {
      return { body: envelope('players/squads', { team: q.get('team')! }, []) };
    }
    if (path === '/fixtures' && isSeason(q)) return { body: envelope('fixtures', season, fixtures.map(core)) };
    if (path === '/fixtures' && q.has('ids')) {
      const ids = q.get('ids')!.split('-').map(Number);
      return { body: envelope('fixtures', { ids: q.get('ids')! }, fixtures.filter((f) => ids.includes(f.fixture.id))) };
    }
    if (path === '/standings' && isSeason(q)) return { body: envelope('standings', season, twoGroupStandings()) };
    if (path === '/teams/statistics' && isSeason(q) && q.has('team')) {
      const teamId = Number(q.get('team'));
      const entry = teams.find((t: any) => t.team.id === teamId);
      // Only one club gets statistics: the provider answers [] for a team it has none for.
      const response = teamId === 1148 && entry ? teamStatisticsFor(teamId, entry) : [];
      return { body: envelope('teams/statistics', { ...season, team: String(teamId) }, response) };
    }
    if (path === '/transfers' && q.has('team')) {
      const teamId = q.get('team')!;
      // One real entry served for two clubs, so merging a player's entries from two clubs' lists is exercised.
      const response = teamId === '1148' || teamId === '1156' ? transfers.response : [];
      return { body: envelope('transfers', { team: teamId }, response) };
    }
    return undefined;
  };
}
