import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { openDb, type Db } from '../../store/db.ts';
import { runSyncCli } from './cli.ts';
import { ligaProUpstream, startStub, type Stub } from '../../../tests/helpers/api-football-stub.ts';

let stub: Stub | undefined;
let db: Db | undefined;
afterEach(async () => {
  await stub?.close();
  db?.close();
  stub = undefined;
  db = undefined;
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) }, out, err };
}

describe('npm run sync', () => {
  it('exits with code 2 and a clear message when API_FOOTBALL_KEY is missing', () => {
    const run = spawnSync(process.execPath, ['server/providers/api-football/cli.ts'], {
      env: { PATH: process.env.PATH, DATABASE_PATH: ':memory:' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('API_FOOTBALL_KEY is not set');
    expect(run.stdout).toBe('');
  });

  it('rejects a malformed SYNC_SEASON or SYNC_LEAGUES with code 2', async () => {
    const season = capture();
    expect(await runSyncCli({ API_FOOTBALL_KEY: 'k', SYNC_SEASON: '26' }, season.io)).toBe(2);
    expect(season.err).toEqual(['SYNC_SEASON must be a year such as 2026, not "26".']);
    const leagues = capture();
    expect(await runSyncCli({ API_FOOTBALL_KEY: 'k', SYNC_LEAGUES: '242,liga' }, leagues.io)).toBe(2);
    expect(leagues.err[0]).toContain('SYNC_LEAGUES must be comma-separated league ids');
    expect(leagues.err[0]).toContain('"liga"');
  });

  it('syncs the chosen leagues and prints one report line per step', async () => {
    stub = await startStub(ligaProUpstream());
    db = openDb(':memory:');
    const store = db;
    const { io, out } = capture();
    const code = await runSyncCli(
      { API_FOOTBALL_KEY: 'k', API_FOOTBALL_BASE_URL: stub.baseUrl, SYNC_LEAGUES: '242', SYNC_SEASON: '2026' },
      io,
      { openStore: () => store, clientOptions: { sleep: async () => {} } },
    );
    expect(code).toBe(0);
    expect(out[0]).toBe(`Syncing from ${stub.baseUrl}: leagues 242, season 2026`);
    expect(out[1]).toMatch(/^ok {5}242 Liga Pro 2026: requests 15, teams 4, players 20, squads 0, fixtures 3, fixturesWithDetails 3, standingsGroups 2, standingsRows 20, teamStatistics 1, dropped 0$/);
    expect(out[2]).toMatch(/^ok {5}transfers Fichajes \(Liga Pro\) 2026: requests 4, transfers 1$/);
    expect(out[3]).toBe('2 of 2 steps synced; 19 requests to API-Football.');
    expect(stub.apiKeys.every((key) => key === 'k')).toBe(true);
  });

  it('exits with code 1 when a step fails', async () => {
    stub = await startStub(() => ({ status: 401, body: { message: 'Invalid API key' } }));
    db = openDb(':memory:');
    const store = db;
    const { io, out } = capture();
    const code = await runSyncCli({ API_FOOTBALL_KEY: 'wrong', API_FOOTBALL_BASE_URL: stub.baseUrl, SYNC_LEAGUES: '243' }, io, {
      openStore: () => store,
    });
    expect(code).toBe(1);
    expect(out[1]).toContain('FAILED 243 Serie B: GET /leagues?id=243: HTTP 401 (Invalid API key); check API_FOOTBALL_KEY');
  });
});
