import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/store/db.ts';
import { createApp } from '../../server/app.ts';
import { ApiFootballClient } from '../../server/providers/api-football/client.ts';
import { syncCompetition } from '../../server/providers/api-football/sync.ts';
import { STALE_LIVE_SECONDS } from '../../server/store/read/index.ts';
import { LEAGUE, envelope, ligaProFixtures, ligaProUpstream, loadFixture, startStub, teamStatisticsFor, type Stub } from '../helpers/api-football-stub.ts';

/**
 * Real API-Football responses fed through the sync, then read back through our API: what a client
 * written for the provider sees must be what the provider sent (order, nulls, paths, parameters).
 */
let stub: Stub | undefined;
let db: Db | undefined;
afterEach(async () => {
  await stub?.close();
  db?.close();
  stub = db = undefined;
});

const LIVE_ID = 1519479; // Liga Pro, 2H in the capture (GET /fixtures?live=all)
const FULL_ID = 1208021; // the capture with lineups and statistics

/**
 * The captures as the provider would send them for a Liga Pro match: the full fixture with the
 * capture's away club at home (so home first is not also lowest id first), three of its bench
 * without a provider id (the youth substitutes of a real Liga Pro lineup), a VAR event without detail.
 */
function providerFixtures() {
  const list = ligaProFixtures();
  const full = list.find((f) => f.fixture.id === FULL_ID)!;
  [full.teams.home, full.teams.away] = [full.teams.away, full.teams.home];
  full.lineups.reverse();
  full.statistics.reverse();
  for (const s of full.lineups[0].substitutes.slice(0, 3)) s.player.id = null;
  const live = list.find((f) => f.fixture.id === LIVE_ID)!;
  live.events.find((e: any) => e.type === 'Var').detail = null;
  return list;
}

async function syncedApp(syncAt: string) {
  const fixtures = providerFixtures();
  stub = await startStub(
    ligaProUpstream(({ path, query }) => {
      if (path !== '/fixtures') return undefined;
      if (query.has('ids')) {
        const ids = query.get('ids')!.split('-').map(Number);
        return { body: envelope('fixtures', { ids: query.get('ids')! }, fixtures.filter((f) => ids.includes(f.fixture.id))) };
      }
      const core = fixtures.map(({ events: _e, lineups: _l, statistics: _s, players: _p, ...rest }) => rest);
      return { body: envelope('fixtures', { league: '242', season: '2026' }, core) };
    }),
  );
  db ??= openDb(':memory:');
  const client = new ApiFootballClient({ apiKey: 'k', baseUrl: stub.baseUrl, sleep: async () => {}, maxRetries: 1 });
  const report = await syncCompetition(db, client, { league: LEAGUE }, () => new Date(syncAt));
  expect(report.ok).toBe(true);
  const database = db;
  const kickoff = fixtures.find((f) => f.fixture.id === LIVE_ID)!.fixture.timestamp * 1000;
  return {
    fixtures,
    kickoff,
    at: (ms: number) => {
      const { app } = createApp({ db: database, now: () => new Date(ms) });
      return async (path: string) => {
        const res = await app.request(path);
        return { status: res.status, body: (await res.json()) as any };
      };
    },
  };
}

describe('fidelity to the provider (real captures through sync and API)', () => {
  it('keeps lineups and statistics home team first, players without id, and null details', async () => {
    const { fixtures, kickoff, at } = await syncedApp('2026-09-03T20:00:00Z');
    const get = at(kickoff + 3600_000);
    const sent = fixtures.find((f) => f.fixture.id === FULL_ID)!;
    const { body } = await get(`/api/football/fixtures?id=${FULL_ID}`);
    const f = body.response[0];
    expect(f.teams.home.id).toBe(36);
    expect(f.lineups.map((l: any) => l.team.id)).toEqual([36, 33]);
    expect(f.statistics.map((s: any) => s.team.id)).toEqual([36, 33]);
    expect(f.lineups).toEqual(sent.lineups);
    expect(f.lineups[0].substitutes.slice(0, 3).map((s: any) => s.player.id)).toEqual([null, null, null]);
    expect(f.statistics).toEqual(sent.statistics);
    expect(f.events).toEqual(sent.events);

    const live = (await get(`/api/football/fixtures?id=${LIVE_ID}`)).body.response[0];
    expect(live.events.find((e: any) => e.type === 'Var').detail).toBeNull();
  });

  it("answers the provider's own paths with its parameters and shapes", async () => {
    const { fixtures, kickoff, at } = await syncedApp('2026-09-03T20:00:00Z');
    const get = at(kickoff + 3600_000);
    const full = fixtures.find((f) => f.fixture.id === FULL_ID)!;
    const live = fixtures.find((f) => f.fixture.id === LIVE_ID)!;

    const events = await get(`/api/football/fixtures/events?fixture=${LIVE_ID}`);
    expect(events.status).toBe(200);
    expect(events.body.get).toBe('fixtures/events');
    expect(events.body.response).toEqual(live.events);
    // Same item shape as the provider's own /fixtures/events capture.
    const providerEvent = loadFixture('fixtures-events.json').response[0];
    expect(Object.keys(events.body.response[0]).sort()).toEqual(Object.keys(providerEvent).sort());
    const cards = await get(`/api/football/fixtures/events?fixture=${LIVE_ID}&type=card`);
    expect(cards.body.response).toEqual(live.events.filter((e: any) => e.type === 'Card'));

    const lineups = await get(`/api/football/fixtures/lineups?fixture=${FULL_ID}`);
    expect(lineups.body.response).toEqual(full.lineups);
    expect((await get(`/api/football/fixtures/lineups?fixture=${FULL_ID}&team=33`)).body.response).toEqual([full.lineups[1]]);

    const stats = await get(`/api/football/fixtures/statistics?fixture=${FULL_ID}`);
    expect(stats.body.response).toEqual(full.statistics);
    const shots = await get(`/api/football/fixtures/statistics?fixture=${FULL_ID}&team=36&type=Total%20Shots`);
    expect(shots.body.response).toEqual([{ ...full.statistics[0], statistics: full.statistics[0].statistics.filter((s: any) => s.type === 'Total Shots') }]);

    const h2h = await get(`/api/football/fixtures/headtohead?h2h=${live.teams.away.id}-${live.teams.home.id}`);
    expect(h2h.body.get).toBe('fixtures/headtohead');
    expect(h2h.body.response.map((x: any) => x.fixture.id)).toEqual([LIVE_ID]);
    expect((await get('/api/football/fixtures/headtohead?h2h=1157-1157')).status).toBe(400);
    expect((await get('/api/football/fixtures/headtohead')).body.message).toMatch(/^Missing required parameter: h2h/);
    expect((await get('/api/football/fixtures/events')).body.message).toBe('Missing required parameter: fixture');
    expect((await get('/api/football/fixtures/events?fixture=9')).status).toBe(404);

    const scorers = await get('/api/football/players/topscorers?league=242&season=2026');
    expect(scorers.body.get).toBe('players/topscorers');
    expect(scorers.body.response).toEqual((await get('/api/football/topscorers?league=242&season=2026')).body.response);
    const assists = await get('/api/football/players/topassists?league=242&season=2026');
    expect(assists.body.response).toEqual((await get('/api/football/topassists?league=242&season=2026')).body.response);

    const teamStats = await get('/api/football/teams/statistics?league=242&season=2026&team=1148');
    const emelec = loadFixture('teams-search-ecuador.json').response.find((t: any) => t.team.id === 1148);
    expect(teamStats.body.response).toEqual(teamStatisticsFor(1148, emelec));
  });

  it('lists live matches with their events, and not a synced one long past its end', async () => {
    const { fixtures, kickoff, at } = await syncedApp('2026-09-03T20:00:00Z');
    const live = fixtures.find((f) => f.fixture.id === LIVE_ID)!;
    const during = await at(kickoff + 3600_000)('/api/football/fixtures?live=all');
    expect(during.body.response.map((f: any) => f.fixture.id)).toEqual([LIVE_ID]);
    expect(during.body.response[0].events).toEqual(live.events);
    expect(during.body.response[0]).not.toHaveProperty('lineups');

    // Kickoff more than four hours ago and no sync since: not live, but its last known state by id.
    const later = at(kickoff + STALE_LIVE_SECONDS * 1000 + 60_000);
    expect((await later('/api/football/fixtures?live=all')).body.response).toEqual([]);
    expect((await later('/api/football/fixtures?live=242')).body.response).toEqual([]);
    expect((await later(`/api/football/fixtures?id=${LIVE_ID}`)).body.response[0].fixture.status.short).toBe('2H');
  });

  it('believes a sync made after that point which still says live (a long suspension)', async () => {
    const kickoff = ligaProFixtures()[0].fixture.timestamp * 1000;
    const syncAt = kickoff + STALE_LIVE_SECONDS * 1000 + 60_000;
    const { at } = await syncedApp(new Date(syncAt).toISOString());
    const res = await at(syncAt + 60_000)('/api/football/fixtures?live=all');
    expect(res.body.response.map((f: any) => f.fixture.id)).toEqual([LIVE_ID]);
  });
});
