import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../store/db.ts';
import { ChangeFeed, storeChangesIn, tailStoredChanges, type Change } from './changes.ts';

/**
 * `npm run ingest` in its own process: its changes reach the API's /api/live through the store
 * (two connections to one file here, as two processes would have), under the same ids.
 */
const dir = mkdtempSync(join(tmpdir(), 'marcador-relay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('changes relayed through the store', () => {
  it('reach the other process once each, with their ids, newest last', async () => {
    vi.useFakeTimers();
    const path = join(dir, 'marcador.db');
    const ingestDb = openDb(path);
    const apiDb = openDb(path);
    const ingestFeed = new ChangeFeed(500, 1_000);
    storeChangesIn(ingestDb, ingestFeed);
    const apiFeed = new ChangeFeed(500, 5);
    const relayed: Change[] = [];
    apiFeed.subscribe((c) => relayed.push(c));
    const tail = tailStoredChanges(apiDb, apiFeed, 250);

    const status = { long: 'Second Half', short: '2H', elapsed: 87, extra: null };
    const score = { halftime: { home: 0, away: 0 }, fulltime: { home: null, away: null }, extratime: { home: null, away: null }, penalty: { home: null, away: null } };
    ingestFeed.publish({ type: 'fixture', data: { league: 39, season: 2024, fixture: 1208021, kinds: ['score'], status, goals: { home: 1, away: 0 }, score } });
    ingestFeed.publish({ type: 'standings', data: { league: 39, season: 2024 } });
    vi.advanceTimersByTime(300);
    expect(relayed.map((c) => [c.id, c.type, c.league])).toEqual([[1_000, 'fixture', 39], [1_001, 'standings', 39]]);
    expect(relayed[0].type === 'fixture' && relayed[0].data.goals).toEqual({ home: 1, away: 0 });
    // The relayed bytes are what the ingest's own feed encoded.
    expect(new TextDecoder().decode(relayed[1].wire)).toBe('id: 1001\nevent: standings\ndata: {"league":39,"season":2024}\n\n');
    vi.advanceTimersByTime(1_000);
    expect(relayed).toHaveLength(2);
    expect(apiFeed.since(1_000)?.map((c) => c.id)).toEqual([1_001]);
    tail.stop();
    vi.useRealTimers();
    ingestDb.close();
    apiDb.close();
  });
});
