import { beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../store/db.ts';
import { createApp } from '../app.ts';
import { ensureData } from '../providers/ensure-data.ts';
import { ChangeFeed, type Change } from './changes.ts';
import { createIngest } from './index.ts';
import type { IngestWorker } from './worker.ts';
import { comingPairs } from './windows.ts';

/**
 * The demo through the ingest, as a real provider would be: the embedded demo provider answers
 * API-Football requests at a clock we move by hand, the worker writes what it answers, and the API
 * reads only the store. A scripted match goes NS → 1H → HT → 2H → FT with its minute, score and
 * events; each change is published once; at full time the table counts it.
 */
const ANCHOR = new Date('2026-11-22T20:30:00-05:00');
let db: Db;
let clock = ANCHOR.getTime();
let worker: IngestWorker;
const feed = new ChangeFeed(500, 1);
const published: Change[] = [];
const whistles: number[] = [];

beforeAll(() => {
  db = openDb(':memory:');
  ensureData(db, { now: ANCHOR, env: {}, log: () => {} });
  feed.subscribe((c) => published.push(c));
  worker = createIngest({ db, feed, env: {}, now: () => new Date(clock), log: () => {}, onWhistle: (c) => whistles.push(c.fixture) });
});

/** Runs the worker's turns at the current clock until nothing is due. */
async function settle(): Promise<string[]> {
  const asked: string[] = [];
  for (let i = 0; i < 60; i++) {
    const result = await worker.tick();
    if (result === null) break;
    asked.push(result);
  }
  return asked;
}

async function fixture(id: number) {
  // A fresh app per reading: its response cache must not hide the store moving.
  const res = await createApp({ db, now: () => new Date(clock) }).app.request(`/api/football/fixtures?id=${id}`);
  return (await res.json()).response[0];
}

describe('the demo season through the ingest worker', () => {
  it('does the daily refresh and a live poll once, then asks nothing more at the same moment', async () => {
    const asked = await settle();
    expect(asked.filter((a) => a.startsWith('GET /fixtures?league=')).length).toBe(6);
    expect(asked.filter((a) => a.startsWith('GET /standings?league=')).length).toBeGreaterThanOrEqual(4);
    // The store already holds what the provider says at the anchor: nothing to publish.
    expect(published.filter((c) => c.type === 'fixture')).toEqual([]);
    expect(asked.filter((a) => a.startsWith('GET /fixtures?live=')).length).toBe(1);
    // Who misses the coming matches: one request for the day, agreeing with what the store was loaded with.
    expect(asked.filter((a) => a.startsWith('GET /injuries?ids='))).toEqual([expect.stringMatching(/: [1-9]\d* players out or in doubt, unchanged$/)]);
    // Their clubs' earlier meetings: one request a pair; the demo's one season has none to store.
    const pairs = comingPairs(db, worker.status().leagues, clock);
    expect(pairs.length).toBeGreaterThan(0);
    expect(asked.filter((a) => a.startsWith('GET /fixtures/headtohead?'))).toEqual(pairs.map(([a, b]) => expect.stringMatching(new RegExp(`^GET /fixtures/headtohead\\?h2h=${a}-${b}&last=10: \\d+ meetings, 0 of earlier seasons stored$`))));
    expect(db.prepare('SELECT COUNT(*) AS n FROM head_to_head_asked').get()).toEqual({ n: pairs.length });
    expect(await settle()).toEqual([]);
  });

  it('moves the upcoming scripted match through every state, publishing each change once', async () => {
    const upcoming = (await (await createApp({ db, now: () => new Date(clock) }).app.request('/api/football/fixtures?league=242&next=1')).json()).response[0];
    const id = upcoming.fixture.id as number;
    const kickoff = upcoming.fixture.timestamp * 1000;
    const at = async (minutes: number) => {
      clock = kickoff + minutes * 60_000;
      await settle();
      return fixture(id);
    };
    // Forty minutes ahead the ingest asks for the line-ups; the demo, like covered leagues, has them 25 minutes before.
    const unconfirmed = await at(-30);
    expect(unconfirmed.fixture.status.short).toBe('NS');
    expect(unconfirmed.lineups).toEqual([]);
    const confirmed = await at(-10);
    expect(confirmed.fixture.status.short).toBe('NS');
    expect(confirmed.lineups).toHaveLength(2);
    const lineupsChange = published.find((c) => c.fixture === id && c.type === 'fixture' && c.data.kinds.includes('lineups'));
    expect(lineupsChange?.type === 'fixture' && lineupsChange.data.status.short).toBe('NS');

    const early = await at(10);
    expect(early.fixture.status.short).toBe('1H');
    expect(early.fixture.status.elapsed).toBe(10);
    expect(early.lineups).toHaveLength(2);
    // No rating while it is played: the demo rates a match at its whistle.
    expect(early.players).toEqual([]);
    const mine = () => published.filter((c) => c.fixture === id);
    const kickoffChanges = mine().filter((c) => c.type === 'fixture' && c.data.kinds.includes('status') && c.data.status.short === '1H');
    expect(kickoffChanges.length).toBeGreaterThanOrEqual(1);

    const half = await at(50);
    expect(half.fixture.status.short).toBe('HT');
    const second = await at(80);
    expect(second.fixture.status.short).toBe('2H');
    expect(second.fixture.status.elapsed).toBe(80 - 62 + 46);
    for (const e of second.events) expect(e.time.elapsed).toBeLessThanOrEqual(second.fixture.status.elapsed);

    // Every goal so far was pushed exactly once, in `newEvents`.
    const goalsPushed = mine().flatMap((c) => (c.type === 'fixture' ? c.data.newEvents ?? [] : [])).filter((e) => e.type === 'Goal');
    const goalsStored = second.events.filter((e: { type: string }) => e.type === 'Goal');
    expect(goalsPushed).toEqual(goalsStored);
    const ids = published.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);

    const end = await at(130);
    expect(end.fixture.status.short).toBe('FT');
    const goals = end.events.filter((e: { type: string; detail: string }) => e.type === 'Goal' && e.detail !== 'Missed Penalty').length;
    expect(goals).toBe(end.goals.home + end.goals.away);
    expect(whistles).toContain(id);
    // The whistle's details bring every starter's rating and each substitute's who came on, on the provider's scale.
    const rated = end.players.flatMap((side: { players: Array<{ player: { id: number }; statistics: [{ games: { rating: string } }] }> }) => side.players);
    const cameOn = end.events.filter((e: { type: string }) => e.type === 'subst').length;
    expect(rated.length).toBe(22 + cameOn);
    for (const p of rated) expect(p.statistics[0].games.rating).toMatch(/^\d\.\d$/);
    // A second pass at the same moment writes nothing and publishes nothing.
    const before = published.length;
    await settle();
    expect(published.length).toBe(before);
  });

  it('counts the finished match in its league table and says so on the feed', async () => {
    const standingsChanges = published.filter((c) => c.type === 'standings' && c.league === 242);
    expect(standingsChanges.length).toBeGreaterThanOrEqual(1);
    const body = await (await createApp({ db, now: () => new Date(clock) }).app.request('/api/football/standings?league=242')).json();
    const rows = body.response[0].league.standings.flat();
    const finished = (db.prepare("SELECT COUNT(*) AS n FROM fixtures WHERE league_id = 242 AND status_short = 'FT' AND round LIKE 'Regular Season%'").get() as { n: number }).n;
    const firstStage = body.response[0].league.standings[0] as Array<{ all: { played: number } }>;
    expect(firstStage.reduce((n, r) => n + r.all.played, 0)).toBe(finished * 2);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('reports what it did for operators', () => {
    const status = worker.status();
    expect(status.mode).toBe('demo');
    expect(status.quota.dayLimit).toBe(75_000);
    expect(status.quota.used).toBeGreaterThan(10);
    expect(status.lastError).toBeNull();
    expect(status.changesPublished).toBe(published.length);
  });
});
