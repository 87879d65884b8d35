import { afterEach, describe, expect, it } from 'vitest';
import { getMeta, openDb, type Db } from '../../store/db.ts';
import { ApiFootballClient } from './client.ts';
import { lastSuccess, syncAll, syncCompetition } from './sync.ts';
import { LEAGUE, SEASON, envelope, ligaProUpstream, loadFixture, startStub, type Stub, type StubHandler } from '../../../tests/helpers/api-football-stub.ts';

let stub: Stub | undefined;
let db: Db | undefined;
afterEach(async () => {
  await stub?.close();
  db?.close();
  stub = undefined;
  db = undefined;
});

const fixedNow = (iso: string) => () => new Date(iso);

async function setup(handler: StubHandler) {
  stub = await startStub(handler);
  db = openDb(':memory:');
  const client = new ApiFootballClient({ apiKey: 'test-key', baseUrl: stub.baseUrl, sleep: async () => {}, maxRetries: 1 });
  return { client, db, stub };
}

function rows(database: Db, sql: string, ...params: Array<string | number>): any[] {
  return database.prepare(sql).all(...params) as any[];
}

/** Everything a competition sync writes, for before/after comparisons. */
function snapshot(database: Db) {
  const tables = [
    'competitions', 'seasons', 'venues', 'teams', 'season_teams', 'players', 'squads', 'player_stats', 'fixtures',
    'fixture_events', 'fixture_lineups', 'fixture_statistics', 'standings', 'team_statistics', 'transfers', 'meta',
  ];
  return Object.fromEntries(tables.map((table) => [table, rows(database, `SELECT * FROM ${table} ORDER BY 1, 2`)]));
}

describe('syncCompetition', () => {
  it('writes a Liga Pro season built from the real captures', async () => {
    const { client, db, stub } = await setup(ligaProUpstream());
    const report = await syncCompetition(db, client, { league: LEAGUE }, fixedNow('2026-09-03T20:00:00Z'));

    expect(report).toMatchObject({ competition: 242, name: 'Liga Pro', season: 2026, ok: true });
    expect(report.counts).toEqual({
      requests: 1 + 1 + 2 + 4 + 1 + 1 + 1 + 4,
      teams: 4,
      players: 20,
      squads: 0,
      fixtures: 3,
      fixturesWithDetails: 3,
      standingsGroups: 2,
      standingsRows: 20,
      teamStatistics: 1,
      dropped: 0,
    });
    // The season came from /leagues (current: true), and all three played or live fixtures were detailed in one call.
    expect(stub.requests).toContain('/fixtures?ids=1519479-1519477-1208021');

    expect(rows(db, 'SELECT id, short_name, type, country FROM competitions')).toEqual([{ id: 242, short_name: 'Liga Pro', type: 'League', country: 'Ecuador' }]);
    expect(rows(db, 'SELECT year, current FROM seasons ORDER BY year')).toEqual([{ year: 2025, current: 0 }, { year: 2026, current: 1 }]);

    // Teams with their real venues.
    expect(rows(db, 'SELECT t.id, t.name, v.name AS venue, v.city FROM teams t LEFT JOIN venues v ON v.id = t.venue_id ORDER BY t.id')).toEqual([
      { id: 1148, name: 'Emelec', venue: 'Estadio George Capwell', city: 'Guayaquil' },
      { id: 1156, name: 'Aucas', venue: expect.any(String), city: expect.any(String) },
      { id: 1157, name: 'Universidad Catolica', venue: expect.any(String), city: expect.any(String) },
      { id: 18762, name: 'Libertad', venue: 'Estadio Federativo Reina del Cisne', city: 'Loja' },
    ]);
    expect(rows(db, 'SELECT team_id FROM season_teams WHERE league_id = 242 AND season = 2026 ORDER BY team_id').map((r) => r.team_id)).toEqual([1148, 1156, 1157, 18762]);

    // Both pages of players, with their statistics for this competition.
    expect(rows(db, 'SELECT COUNT(*) AS n FROM players')[0].n).toBe(20);
    expect(rows(db, 'SELECT COUNT(*) AS n FROM player_stats WHERE league_id = 242 AND season = 2026')[0].n).toBe(20);
    expect(rows(db, 'SELECT goals FROM player_stats WHERE player_id = 7')).toEqual([{ goals: 1 }]);

    // The live match keeps its VAR and penalty events; the finished Liga Pro match has no details to show.
    const events = rows(db, 'SELECT data FROM fixture_events WHERE fixture_id = 1519479 ORDER BY seq').map((r) => JSON.parse(r.data));
    expect(events.map((e) => `${e.type}/${e.detail}`).slice(-2)).toEqual(['Var/Penalty confirmed', 'Goal/Penalty']);
    expect(rows(db, 'SELECT status_short FROM fixtures WHERE id = 1519479')).toEqual([{ status_short: '2H' }]);
    expect(rows(db, 'SELECT COUNT(*) AS n FROM fixture_events WHERE fixture_id = 1519477')[0].n).toBe(0);

    // The full capture lands with events, both lineups and both teams' statistics.
    expect(rows(db, 'SELECT COUNT(*) AS n FROM fixture_events WHERE fixture_id = 1208021')[0].n).toBe(16);
    const lineups = rows(db, 'SELECT team_id, data FROM fixture_lineups WHERE fixture_id = 1208021 ORDER BY team_id').map((r) => JSON.parse(r.data));
    expect(lineups.map((l) => [l.team.id, l.formation, l.startXI.length])).toEqual([[33, '4-2-3-1', 11], [36, lineups[1].formation, 11]]);
    expect(rows(db, 'SELECT COUNT(*) AS n FROM fixture_statistics WHERE fixture_id = 1208021')[0].n).toBe(2);

    // Both standings groups, each under its own index and name.
    expect(rows(db, 'SELECT group_index, group_name, COUNT(*) AS n, MIN(rank) AS first FROM standings GROUP BY group_index ORDER BY group_index')).toEqual([
      { group_index: 0, group_name: 'Grupo 1', n: 10, first: 1 },
      { group_index: 1, group_name: 'Grupo 2', n: 10, first: 11 },
    ]);

    const teamStats = rows(db, 'SELECT team_id, data FROM team_statistics');
    expect(teamStats.map((r) => [r.team_id, JSON.parse(r.data).form])).toEqual([[1148, 'DDLWLWLWDWDWWWW']]);

    expect(getMeta(db, 'source')).toBe('api-football');
    expect(lastSuccess(db, 242)).toBe('2026-09-03T20:00:00.000Z');
    expect(getMeta(db, 'sync.lastSuccess')).toBe('2026-09-03T20:00:00.000Z');
  });

  it('keeps the last good data when a required call fails', async () => {
    let failFixtures = false;
    let fewerTeams = false;
    const upstream = ligaProUpstream(({ path, query }) => {
      if (failFixtures && path === '/fixtures' && query.has('league')) return { status: 500, body: { message: 'Internal Server Error' } };
      if (fewerTeams && path === '/teams') {
        const two = loadFixture('teams-search-ecuador.json').response.filter((t: any) => [1148, 1156].includes(t.team.id));
        return { body: envelope('teams', {}, two) };
      }
      return undefined;
    });
    const { client, db } = await setup(upstream);
    expect((await syncCompetition(db, client, { league: LEAGUE }, fixedNow('2026-09-03T20:00:00Z'))).ok).toBe(true);
    const before = snapshot(db);

    // The second run would shrink the season to two teams, but /fixtures fails: nothing of it may land.
    failFixtures = true;
    fewerTeams = true;
    const report = await syncCompetition(db, client, { league: LEAGUE }, fixedNow('2026-09-04T20:00:00Z'));
    expect(report.ok).toBe(false);
    expect(report.error).toContain('GET /fixtures?league=242&season=2026');
    expect(report.error).toContain('HTTP 500 (Internal Server Error)');
    expect(snapshot(db)).toEqual(before);
    expect(lastSuccess(db, 242)).toBe('2026-09-03T20:00:00.000Z');
  });

  it('skips a squad the provider refuses, and stores the squads it gets', async () => {
    const { client, db } = await setup(
      ligaProUpstream(({ path, query }) => {
        if (path !== '/players/squads') return undefined;
        if (query.get('team') === '1156') {
          return { body: { ...envelope('players/squads', {}, []), errors: { plan: 'Free plans do not have access to this endpoint.' } } };
        }
        if (query.get('team') === '1148') {
          // Two of the real players, as squad members of the club.
          const squad = [{ team: { id: 1148, name: 'Emelec', logo: '' }, players: [{ id: 7, name: 'A. Diallo', number: 4, position: 'Defender' }, { id: 1068, name: 'J. Góralski', number: null, position: 'Midfielder' }] }];
          return { body: envelope('players/squads', {}, squad) };
        }
        return undefined;
      }),
    );
    const report = await syncCompetition(db, client, { league: LEAGUE });
    expect(report.ok).toBe(true);
    expect(report.counts.squads).toBe(1);
    expect(report.warnings.join('\n')).toContain('squad of team 1156 skipped');
    expect(report.warnings.join('\n')).toContain('plan: Free plans do not have access to this endpoint.');
    expect(rows(db, 'SELECT team_id, player_id, number, position FROM squads ORDER BY player_id')).toEqual([
      { team_id: 1148, player_id: 7, number: 4, position: 'Defender' },
      { team_id: 1148, player_id: 1068, number: null, position: 'Midfielder' },
    ]);
    // The squad decides the player's club over his statistics' team.
    expect(rows(db, 'SELECT team_id FROM players WHERE id = 7')).toEqual([{ team_id: 1148 }]);
  });

  it('refuses a season with no teams instead of wiping the stored one', async () => {
    const { client, db } = await setup(ligaProUpstream(({ path }) => (path === '/teams' ? { body: envelope('teams', {}, []) } : undefined)));
    const report = await syncCompetition(db, client, { league: LEAGUE, season: SEASON });
    expect(report).toMatchObject({ ok: false, error: 'API-Football returned no teams for league 242 season 2026' });
    expect(rows(db, 'SELECT COUNT(*) AS n FROM competitions')[0].n).toBe(0);
  });

  it('drops fixtures of another league and explains it', async () => {
    const { client, db } = await setup(
      ligaProUpstream(({ path, query }) => {
        if (path === '/fixtures' && query.has('league')) {
          const real = loadFixture('fixture-by-id-full.json').response[0];
          const { events, lineups, statistics, players, ...core } = real;
          const items = loadFixture('liga-pro-fixture-items.json');
          return { body: envelope('fixtures', {}, [items.agendaFT, core]) };
        }
        return undefined;
      }),
    );
    const report = await syncCompetition(db, client, { league: LEAGUE });
    expect(report.ok).toBe(true);
    expect(report.counts.fixtures).toBe(1);
    expect(report.warnings).toContain('fixture 1208021 dropped: it belongs to league 39 season 2024');
    expect(rows(db, 'SELECT id FROM fixtures')).toEqual([{ id: 1519477 }]);
  });
});

describe('syncAll', () => {
  it('syncs each competition on its own, then the transfers of Liga Pro teams', async () => {
    const upstream = ligaProUpstream(({ path, query }) => {
      if (path === '/leagues' && query.get('id') === '243') {
        return { body: { ...envelope('leagues', {}, []), errors: { plan: 'Free plans do not have access to this season, try from 2021 to 2023.' } } };
      }
      return undefined;
    });
    const { client, db, stub } = await setup(upstream);
    const reports = await syncAll(db, client, { leagues: [242, 243], now: fixedNow('2026-09-05T08:00:00Z') });

    // Serie B is written before Liga Pro, and its failure does not stop Liga Pro or the transfers.
    expect(reports.map((r) => [r.competition, r.ok])).toEqual([[243, false], [242, true], ['transfers', true]]);
    expect(reports[0].error).toContain('plan: Free plans do not have access to this season');
    expect(stub.requests.filter((r) => r.startsWith('/transfers')).sort()).toEqual([
      '/transfers?team=1148',
      '/transfers?team=1156',
      '/transfers?team=1157',
      '/transfers?team=18762',
    ]);

    // The same player came from two clubs' lists: one row, his nine transfers once each.
    expect(reports[2].counts.transfers).toBe(1);
    const stored = rows(db, 'SELECT player_id, updated, data FROM transfers');
    expect(stored).toHaveLength(1);
    expect(stored[0].player_id).toBe(35845);
    expect(JSON.parse(stored[0].data).transfers).toEqual(loadFixture('transfers-by-player.json').response[0].transfers);
    expect(lastSuccess(db, 'transfers')).toBe('2026-09-05T08:00:00.000Z');
    expect(lastSuccess(db, 243)).toBeUndefined();
  });

  it('keeps the stored transfers when one club’s transfers cannot be fetched', async () => {
    let failTransfers = false;
    const { client, db } = await setup(
      ligaProUpstream(({ path, query }) =>
        failTransfers && path === '/transfers' && query.get('team') === '1157' ? { status: 500, body: 'Internal Server Error' } : undefined,
      ),
    );
    await syncAll(db, client, { leagues: [242] });
    const before = rows(db, 'SELECT * FROM transfers');
    expect(before).toHaveLength(1);

    failTransfers = true;
    const reports = await syncAll(db, client, { leagues: [242] });
    expect(reports.map((r) => [r.competition, r.ok])).toEqual([[242, true], ['transfers', false]]);
    expect(reports[1].error).toContain('GET /transfers?team=1157');
    expect(rows(db, 'SELECT * FROM transfers')).toEqual(before);
  });

  it('limits the national team friendlies to team 2382', async () => {
    const ecuador = loadFixture('teams-search-ecuador.json').response.filter((t: any) => t.team.id === 2382);
    const { client, db, stub } = await setup(({ path, query }) => {
      if (path === '/leagues') {
        const entry = { league: { id: 10, name: 'Friendlies', type: 'Cup', logo: '' }, country: { name: 'World', code: null, flag: null }, seasons: [{ year: 2026, start: '2026-01-01', end: '2026-12-31', current: true }] };
        return { body: envelope('leagues', {}, [entry]) };
      }
      if (path === '/teams' && query.get('id') === '2382') return { body: envelope('teams', {}, ecuador) };
      if (path === '/players') return { body: envelope('players', {}, []) };
      if (path === '/fixtures' && query.get('team') === '2382') return { body: envelope('fixtures', {}, []) };
      if (path === '/teams/statistics') return { body: envelope('teams/statistics', {}, []) };
      return undefined;
    });
    const reports = await syncAll(db, client, { leagues: [], includeFriendlies: true });
    expect(reports.map((r) => [r.competition, r.name, r.ok])).toEqual([[10, 'Amistosos', true]]);
    expect(stub.requests).toEqual([
      '/leagues?id=10',
      '/teams?id=2382',
      '/players?league=10&season=2026&team=2382',
      '/fixtures?league=10&season=2026&team=2382',
      '/teams/statistics?league=10&season=2026&team=2382',
    ]);
    expect(rows(db, 'SELECT COUNT(*) AS n FROM squads')[0].n).toBe(0);
  });
});
