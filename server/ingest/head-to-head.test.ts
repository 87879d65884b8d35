import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { getMetaJson, openDb, type Db } from '../store/db.ts';
import type { ApiFixtureFull } from '../store/provider-types.ts';
import { writeCompetition } from '../store/write.ts';
import { ChangeFeed } from './changes.ts';
import { createIngest } from './index.ts';
import { comingPairs } from './windows.ts';
import { capture } from '../../tests/helpers/captures.ts';
import { startStub, type Stub } from '../../tests/helpers/api-football-stub.ts';

/**
 * The daily reading of earlier meetings (`fixtures/headtohead`) on the free plan, against a stub
 * provider: one request a pair of the next 36 hours' matches, once a day, only where the quota leaves a
 * request after the reserve; what it stores is read by head-to-head reads only.
 */

// Real Liga Pro items (tests/fixtures/api-football/liga-pro-fixture-items.json): Libertad 1-1 Emelec,
// 2026-09-04 (FT), and Universidad Católica - Aucas (in play when captured).
const items = capture('liga-pro-fixture-items.json') as { agendaFT: ApiFixtureFull; segundoTempo: ApiFixtureFull };
const played = items.agendaFT;
// Test input: the same capture as a meeting of the season before, under an id of its own (only
// `fixture.id` and `league.season` changed). The provider answers it beside this season's meeting.
const EARLIER_ID = 1_090_001;
const earlier: ApiFixtureFull = { ...played, fixture: { ...played.fixture, id: EARLIER_ID }, league: { ...played.league, season: 2025 } };

const NOW = Date.UTC(2026, 8, 10, 12);
const HOUR = 3_600_000;
/** Test input: a captured match made a coming one (not started, no score) at `atMs`, between `home` and `away`. */
function coming(id: number, from: ApiFixtureFull, home: ApiFixtureFull['teams']['home'], away: ApiFixtureFull['teams']['away'], atMs: number): ApiFixtureFull {
  const { events: _e, ...core } = from;
  return {
    ...core,
    fixture: { ...core.fixture, id, timestamp: atMs / 1000, date: new Date(atMs).toISOString(), status: { long: 'Not Started', short: 'NS', elapsed: null, extra: null } },
    teams: { home: { ...home, winner: null }, away: { ...away, winner: null } },
    goals: { home: null, away: null },
    score: { halftime: { home: null, away: null }, fulltime: { home: null, away: null }, extratime: { home: null, away: null }, penalty: { home: null, away: null } },
  };
}
const [libertad, emelec] = [played.teams.home, played.teams.away];
const [catolica, aucas] = [items.segundoTempo.teams.home, items.segundoTempo.teams.away];
const upcoming = [
  coming(2_000_001, items.segundoTempo, catolica, aucas, NOW + 10 * HOUR),
  coming(2_000_002, played, emelec, libertad, NOW + 20 * HOUR),
  // The same pair again within the day and a half (a league match, then a cup's): asked once.
  coming(2_000_003, played, libertad, emelec, NOW + 30 * HOUR),
  // Past the 36 hours the absences are read for: not asked today.
  coming(2_000_004, played, aucas, libertad, NOW + 40 * HOUR),
];

function seed(db: Db, fixtures: ApiFixtureFull[]): void {
  const team = (t: { id: number; name: string; logo: string }) => ({
    team: { id: t.id, name: t.name, code: null, country: 'Ecuador', founded: null, national: false, logo: t.logo },
    venue: { id: null, name: null, address: null, city: null, capacity: null, surface: null, image: null },
  });
  writeCompetition(db, {
    league: {
      league: { id: 242, name: 'Liga Pro', type: 'League', logo: played.league.logo },
      country: { name: 'Ecuador', code: 'EC', flag: played.league.flag },
      seasons: [{ year: 2026, start: '2026-02-13', end: '2026-12-13', current: true }],
    },
    shortName: 'Liga Pro',
    season: 2026,
    teams: [libertad, emelec, catolica, aucas].map(team),
    players: [],
    squads: [],
    fixtures: fixtures.map((f) => ({ ...f, events: [], lineups: [], statistics: [] })),
    standings: [],
    teamStatistics: [],
  });
}

let stub: Stub;
/** What the stub's quota headers say is left today: the test moves it. */
let remaining = 20;
beforeAll(async () => {
  stub = await startStub(({ path, query }) => {
    const headers = { 'x-ratelimit-requests-limit': '100', 'x-ratelimit-requests-remaining': String(remaining), 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '9' };
    const answer = (response: unknown) => ({
      headers,
      body: { get: path.slice(1), parameters: Object.fromEntries(query), errors: [], results: 0, paging: { current: 1, total: 1 }, response },
    });
    if (path === '/fixtures/headtohead') return answer(query.get('h2h') === `${emelec.id}-${libertad.id}` ? [played, earlier] : []);
    if (path === '/fixtures' || path === '/standings' || path === '/injuries') return answer([]);
    return undefined;
  });
});
afterAll(async () => stub.close());

function ingest(db: Db, clock: { ms: number }) {
  return createIngest({
    db,
    feed: new ChangeFeed(),
    env: { API_FOOTBALL_KEY: 'k', API_FOOTBALL_BASE_URL: stub.baseUrl, SYNC_LEAGUES: '242', API_FOOTBALL_DAILY_LIMIT: '100', API_FOOTBALL_MINUTE_LIMIT: '10' },
    now: () => new Date(clock.ms),
    log: () => {},
  });
}

/** `turns` of the worker, a minute apart (the free plan's ten a minute never holds one back). */
async function run(worker: ReturnType<typeof ingest>, clock: { ms: number }, turns: number): Promise<string[]> {
  const asked: string[] = [];
  for (let i = 0; i < turns; i++) {
    const done = await worker.tick();
    if (done) asked.push(done);
    clock.ms += 60_000;
  }
  return asked;
}

const headToHeadRequests = () => stub.requests.filter((r) => r.startsWith('/fixtures/headtohead'));

describe('the daily reading of earlier meetings', () => {
  const db = openDb(':memory:');
  seed(db, [played, ...upcoming]);
  const clock = { ms: NOW };

  it('lists each coming pair once, soonest first, within the next 36 hours', () => {
    expect(comingPairs(db, [242], NOW)).toEqual([
      [catolica.id, aucas.id],
      [emelec.id, libertad.id],
    ]);
  });

  it('asks one pair a request where there is room, and a restart asks none of them again that day', async () => {
    remaining = 20;
    const first = ingest(db, clock);
    for (let i = 0; i < 5 && headToHeadRequests().length === 0; i++) await run(first, clock, 1);
    expect(stub.requests.map((r) => r.split('?')[0])).toEqual(['/fixtures', '/standings', '/injuries', '/fixtures/headtohead']);
    expect(headToHeadRequests()).toEqual([`/fixtures/headtohead?h2h=${catolica.id}-${aucas.id}&last=10`]);
    // A restart: the pair asked is remembered, the next one is asked.
    first.stop();
    const second = ingest(db, clock);
    await run(second, clock, 5);
    second.stop();
    expect(headToHeadRequests()).toEqual([`/fixtures/headtohead?h2h=${catolica.id}-${aucas.id}&last=10`, `/fixtures/headtohead?h2h=${emelec.id}-${libertad.id}&last=10`]);
    expect(getMetaJson(db, 'ingest.headToHead')).toEqual({ day: '2026-09-10', asked: [`${aucas.id}-${catolica.id}`, `${emelec.id}-${libertad.id}`], done: true });
    const third = ingest(db, clock);
    await run(third, clock, 5);
    third.stop();
    expect(headToHeadRequests()).toHaveLength(2);
  });

  it("stores the earlier season's meeting as the provider sent it, not this season's, and records both pairs as asked", () => {
    const rows = db.prepare('SELECT id, league_id, season, home_id, away_id, status_short, data FROM head_to_head').all() as Array<Record<string, unknown>>;
    expect(rows.map(({ data: _d, ...r }) => r)).toEqual([{ id: EARLIER_ID, league_id: 242, season: 2025, home_id: libertad.id, away_id: emelec.id, status_short: 'FT' }]);
    const { events: _e, ...core } = earlier as ApiFixtureFull & { events?: unknown };
    expect(JSON.parse(rows[0].data as string)).toEqual(core);
    expect(db.prepare('SELECT team_a, team_b, day FROM head_to_head_asked ORDER BY team_a').all()).toEqual([
      { team_a: emelec.id, team_b: libertad.id, day: '2026-09-10' },
      { team_a: aucas.id, team_b: catolica.id, day: '2026-09-10' },
    ]);
  });

  describe('read back', () => {
    const get = async (path: string) => {
      const res = await createApp({ db, now: () => new Date(NOW) }).app.request(path);
      return { status: res.status, body: await res.json() };
    };
    const ids = async (path: string) => ((await get(path)).body.response as ApiFixtureFull[]).map((f) => f.fixture.id);

    it("is no result of the clubs', no match of the calendar, the day or the earlier season", async () => {
      expect(await ids(`/api/football/fixtures?team=${emelec.id}&last=10`)).toEqual([played.fixture.id]);
      expect(await ids(`/api/football/fixtures?team=${libertad.id}`)).toEqual([played.fixture.id, 2_000_002, 2_000_003, 2_000_004]);
      expect(await ids('/api/football/fixtures?league=242&season=2026&details=true')).toEqual([played.fixture.id, ...upcoming.map((f) => f.fixture.id)]);
      expect(await ids('/api/football/fixtures?league=242&season=2025')).toEqual([]);
      expect(await ids('/api/football/fixtures?date=2026-09-04')).toEqual([played.fixture.id]);
      expect((await get(`/api/football/fixtures?id=${EARLIER_ID}`)).status).toBe(404);
    });

    it('is a meeting of the two clubs, newest first with last, and not of a season asked for', async () => {
      expect(await ids(`/api/football/fixtures/headtohead?h2h=${emelec.id}-${libertad.id}`)).toEqual([EARLIER_ID, played.fixture.id, 2_000_002, 2_000_003]);
      expect(await ids(`/api/football/fixtures/headtohead?h2h=${libertad.id}-${emelec.id}&last=5`)).toEqual([played.fixture.id, EARLIER_ID]);
      expect(await ids(`/api/football/fixtures/headtohead?h2h=${libertad.id}-${emelec.id}&league=242&season=2026`)).toEqual([played.fixture.id, 2_000_002, 2_000_003]);
      expect(await ids(`/api/football/fixtures/headtohead?h2h=${libertad.id}-${emelec.id}&season=2025`)).toEqual([EARLIER_ID]);
    });

    it("gives the build every asked pair of the league's season, with its earlier meetings", async () => {
      const bulk = await get('/api/football/fixtures/headtohead?league=242');
      expect(bulk.status).toBe(200);
      expect(bulk.body.get).toBe('fixtures/headtohead');
      expect(bulk.body.response.map((e: { teams: number[]; asked: string; meetings: ApiFixtureFull[] }) => [e.teams, e.asked, e.meetings.map((f) => f.fixture.id)])).toEqual([
        [[emelec.id, libertad.id], '2026-09-10', [EARLIER_ID]],
        [[aucas.id, catolica.id], '2026-09-10', []],
      ]);
      expect((await get('/api/football/fixtures/headtohead?league=242&season=2025')).body.response).toEqual([]);
      const bad = await get('/api/football/fixtures/headtohead?league=abc');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid tournament ID format');
      expect((await get('/api/football/fixtures/headtohead')).body.message).toBe(
        'Missing required parameter: h2h (two team ids, e.g. 1148-1156), or league for the earlier meetings of its season',
      );
    });
  });
});

describe('a day whose quota is nearly spent', () => {
  it('waits while the quota leaves nothing after the reserve', async () => {
    const db = openDb(':memory:');
    seed(db, [played, ...upcoming]);
    const clock = { ms: NOW };
    const before = stub.requests.length;
    // 100 a day: a tenth is kept unplanned and 4 for tonight's whistle (details, table, scorers,
    // assists), so 14 left after the daily refresh is no room, nor for the absences.
    remaining = 14;
    await run(ingest(db, clock), clock, 6);
    expect(stub.requests.slice(before).map((r) => r.split('?')[0])).toEqual(['/fixtures', '/standings']);
    expect(getMetaJson(db, 'ingest.headToHead')).toBeUndefined();
  });
});

describe('a day without coming matches', () => {
  it('asks for no meetings and closes the day', async () => {
    const db = openDb(':memory:');
    seed(db, [played]);
    const clock = { ms: NOW };
    const before = headToHeadRequests().length;
    remaining = 20;
    await run(ingest(db, clock), clock, 6);
    expect(headToHeadRequests()).toHaveLength(before);
    expect(getMetaJson(db, 'ingest.headToHead')).toEqual({ day: '2026-09-10', asked: [], done: true });
  });
});
