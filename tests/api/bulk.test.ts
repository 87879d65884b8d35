import { describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from '../../contract/index.ts';
import { get } from './http.ts';

/** Bulk reads for the build (contract/bulk.ts): one request per competition, not per page. */
describe('bulk reads for the build', () => {
  it('gives every fixture of a season with events, lineups and statistics, as by id', async () => {
    const bulk = await get('/api/football/fixtures?league=242&season=2026&details=true');
    expect(bulk.status).toBe(200);
    const plain = await get('/api/football/fixtures?league=242&season=2026');
    expect(bulk.body.response.map((f: any) => f.fixture.id)).toEqual(plain.body.response.map((f: any) => f.fixture.id));
    for (const f of bulk.body.response) {
      expect(Array.isArray(f.events) && Array.isArray(f.lineups) && Array.isArray(f.statistics)).toBe(true);
    }
    const played = bulk.body.response.find((f: any) => f.fixture.status.short === 'FT' && f.lineups.length === 2);
    expect(played).toBeDefined();
    const single = await get(`/api/football/fixtures?id=${played.fixture.id}`);
    expect(single.body.response[0]).toEqual(played);
    // Without details the list stays light.
    expect(plain.body.response[0]).not.toHaveProperty('lineups');
  });

  it('rejects a details flag that is not true or false', async () => {
    const bad = await get('/api/football/fixtures?league=242&details=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid details: expected one of true, false');
  });

  it('answers the earlier meetings of a season by league, and a bad or unknown league as it does elsewhere', async () => {
    const bulk = await get('/api/football/fixtures/headtohead?league=242&season=2026');
    expect(bulk.status).toBe(200);
    expect(bulk.body.get).toBe('fixtures/headtohead');
    // The demo has one season: a pair the ingest asked about has no meeting outside it.
    for (const entry of bulk.body.response) expect([entry.teams[0] < entry.teams[1], entry.meetings]).toEqual([true, []]);
    const bad = await get('/api/football/fixtures/headtohead?league=abc');
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid tournament ID format']);
    const unknown = await get('/api/football/fixtures/headtohead?league=999999');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Tournament with ID 999999 not found']);
    const neither = await get('/api/football/fixtures/headtohead?season=2026');
    expect([neither.status, neither.body.message]).toEqual([
      400,
      'Missing required parameter: h2h (two team ids, e.g. 1148-1156), or league for the earlier meetings of its season',
    ]);
  });

  it('pages players by per_page, every statistics entry of the season', async () => {
    const small = await get('/api/football/players?league=242&season=2026');
    expect(small.body.response.length).toBe(QUERY_LIMITS.playersPage);
    const all = await get(`/api/football/players?league=242&season=2026&per_page=${QUERY_LIMITS.playersPerPageMax}`);
    expect(all.status).toBe(200);
    expect(all.body.response.length).toBeGreaterThan(QUERY_LIMITS.playersPage);
    expect(all.body.paging).toEqual({ current: 1, total: 1 });
    expect(all.body.response.slice(0, QUERY_LIMITS.playersPage)).toEqual(small.body.response);
    for (const p of all.body.response) {
      expect(p.statistics.length).toBeGreaterThan(0);
      for (const s of p.statistics) expect(s.league.season).toBe(2026);
    }
    const second = await get('/api/football/players?league=242&season=2026&per_page=50&page=2');
    expect(second.body.response).toEqual(all.body.response.slice(50, 100));
    const tooMany = await get(`/api/football/players?league=242&per_page=${QUERY_LIMITS.playersPerPageMax + 1}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`Invalid per_page: expected a whole number from 1 to ${QUERY_LIMITS.playersPerPageMax}`);
  });

  it('answers /players/squads for one team and for a whole league, in the provider shape', async () => {
    const league = await get('/api/football/players/squads?league=242&season=2026');
    expect(league.status).toBe(200);
    expect(league.body.get).toBe('players/squads');
    const teams = await get('/api/football/teams?league=242&season=2026');
    expect(league.body.response.map((s: any) => s.team.id).sort()).toEqual(teams.body.response.map((t: any) => t.team.id).sort());
    const first = league.body.response[0];
    expect(Object.keys(first.team).sort()).toEqual(['id', 'logo', 'name']);
    expect(first.players.length).toBeGreaterThan(10);
    for (const p of first.players) expect(Object.keys(p).sort()).toEqual(['age', 'id', 'name', 'number', 'photo', 'position']);
    const one = await get(`/api/football/players/squads?team=${first.team.id}`);
    expect(one.body.response).toEqual([first]);
    expect((await get('/api/football/players/squads')).status).toBe(400);
    expect((await get('/api/football/players/squads?team=x')).body.message).toBe('Invalid team ID format');
  });

  it('answers /teams/statistics with one object for a team and a list for a league', async () => {
    const list = await get('/api/football/teams/statistics?league=242&season=2026');
    expect(list.status).toBe(200);
    expect(list.body.response.length).toBeGreaterThan(10);
    const { team } = list.body.response[0];
    const one = await get(`/api/football/teams/statistics?team=${team.id}&league=242&season=2026`);
    expect(one.body.response).toEqual(list.body.response[0]);
    expect(one.body.get).toBe('teams/statistics');
    expect((await get('/api/football/teams/statistics')).status).toBe(400);
    expect((await get('/api/football/teams/statistics?league=abc')).body.message).toBe('Invalid tournament ID format');
  });

  it('gives the transfers of every player in the league squads', async () => {
    const bulk = await get('/api/football/transfers?league=242&season=2026');
    expect(bulk.status).toBe(200);
    expect(bulk.body.response.length).toBeGreaterThan(0);
    const squads = await get('/api/football/players/squads?league=242&season=2026');
    const inSquads = new Set(squads.body.response.flatMap((s: any) => s.players.map((p: any) => p.id)));
    for (const entry of bulk.body.response) expect(inSquads.has(entry.player.id)).toBe(true);
    const one = await get(`/api/football/transfers?player=${bulk.body.response[0].player.id}`);
    expect(one.body.response).toEqual([bulk.body.response[0]]);
  });

  it('lists articles with their content when asked', async () => {
    const plain = await get('/api/ai-articles?limit=5');
    expect(plain.body.data[0]).not.toHaveProperty('content');
    const full = await get('/api/ai-articles?limit=5&content=true');
    expect(full.status).toBe(200);
    const bySlug = await get(`/api/ai-articles/slug/${full.body.data[0].slug}`);
    expect(full.body.data[0]).toEqual(bySlug.body.data);
    expect((await get('/api/ai-articles?content=1')).status).toBe(400);
  });
});
