import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMeta, openDb, type Db } from '../store/db.ts';
import { ChangeFeed } from './changes.ts';
import { createIngest } from './index.ts';
import { startStub, type Stub } from '../../tests/helpers/api-football-stub.ts';
import { capturedMatch, seedMatch } from '../../tests/helpers/replay.ts';

/**
 * The weekly full refresh on a plan with room for it (Pro's headers): outside live windows, one
 * competition at a time through the full sync (`npm run sync`'s); a failure is reported and not
 * retried at once. (The sync's own tests cover what a successful pull writes.)
 */
const match = capturedMatch();
let stub: Stub;
let db: Db;
const asked: string[] = [];
const logs: string[] = [];

beforeAll(async () => {
  stub = await startStub(({ path }) => {
    asked.push(path);
    const headers = { 'x-ratelimit-requests-limit': '7500', 'x-ratelimit-requests-remaining': '7400', 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '299' };
    // The league's refreshes answer; the full pull's first request fails.
    if (path === '/fixtures' || path === '/standings') return { headers, body: { get: path.slice(1), parameters: {}, errors: [], results: 0, paging: { current: 1, total: 1 }, response: [] } };
    return { status: 500, headers, body: { message: 'upstream failure' } };
  });
  db = openDb(':memory:');
  seedMatch(db, match, match.fixture.timestamp * 1000 + 200 * 60_000);
});
afterAll(async () => stub.close());

describe('the weekly full refresh', () => {
  it('runs outside match windows on a large plan, and a failure waits six hours before the next try', async () => {
    let clock = Date.UTC(2024, 8, 3, 12);
    const worker = createIngest({
      db,
      feed: new ChangeFeed(),
      env: { API_FOOTBALL_KEY: 'k', API_FOOTBALL_BASE_URL: stub.baseUrl, SYNC_LEAGUES: String(match.league.id) },
      now: () => new Date(clock),
      log: (m) => logs.push(m),
    });
    for (let i = 0; i < 5; i++) await worker.tick();
    expect(asked.slice(0, 2)).toEqual(['/fixtures', '/standings']);
    expect(asked[2]).toBe('/leagues');
    expect(worker.status().lastError?.message).toMatch(/^weekly refresh of .*HTTP 500/);
    expect(getMeta(db, `ingest.weeklyTried.${match.league.id}`)).toBe(new Date(clock).toISOString());
    expect(getMeta(db, `ingest.weekly.${match.league.id}`)).toBeUndefined();
    const before = asked.length;
    // Past the pause after the failure: the league is not asked again, the transfers' turn comes.
    clock += 60_000;
    for (let i = 0; i < 5; i++) await worker.tick();
    expect(getMeta(db, 'ingest.weeklyTried.transfers')).toBe(new Date(clock).toISOString());
    expect(asked.slice(before).filter((p) => p === '/leagues')).toEqual([]);
  });
});
