import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../store/db.ts';
import { viewFixtureAt } from '../providers/demo/scripted-match.ts';
import { ChangeFeed, type Change } from './changes.ts';
import { createIngest } from './index.ts';
import type { IngestWorker } from './worker.ts';
import { envelope, loadFixture, startStub, type Stub, type StubReply } from '../../tests/helpers/api-football-stub.ts';
import { capturedMatch, seedMatch } from '../../tests/helpers/replay.ts';

/**
 * The ingest against a stub speaking API-Football v3 on 127.0.0.1, on the free plan's limits (100
 * requests a day, 10 a minute, said in every answer's headers), replaying a real match over time:
 * Manchester United 1-0 Fulham (fixture 1208021, captured whole), its state at each moment computed
 * from the captured events (the goal at 87', Zirkzee, who came on at 61'). The clock is the test's.
 */
const match = capturedMatch();
const capturedPlayers = loadFixture('fixture-by-id-full.json').response[0].players;
const KICKOFF_MS = match.fixture.timestamp * 1000;
const LEAGUE = match.league.id as number;
const FREE = { day: 100, minute: 10 };

let clock = KICKOFF_MS - 20 * 60_000;
let used = 0;
const perMinute: number[] = [];
/** What the stub answers instead of the data, next time (one-off failures). */
const failNext: StubReply[] = [];
let stub: Stub;

function quotaHeaders() {
  while (perMinute.length && perMinute[0] <= clock - 60_000) perMinute.shift();
  return {
    'x-ratelimit-requests-limit': String(FREE.day),
    'x-ratelimit-requests-remaining': String(Math.max(0, FREE.day - used)),
    'x-ratelimit-limit': String(FREE.minute),
    'x-ratelimit-remaining': String(Math.max(0, FREE.minute - perMinute.length)),
  };
}

let db: Db;
let worker: IngestWorker;
const feed = new ChangeFeed(500, 1);
const published: Change[] = [];
const logs: string[] = [];

function newWorker() {
  return createIngest({
    db,
    feed,
    env: { API_FOOTBALL_KEY: 'test-key', API_FOOTBALL_BASE_URL: stub.baseUrl, SYNC_LEAGUES: String(LEAGUE) },
    now: () => new Date(clock),
    log: (m) => logs.push(m),
  });
}

async function settle(): Promise<string[]> {
  const asked: string[] = [];
  for (let i = 0; i < 40; i++) {
    const result = await worker.tick();
    if (result === null) break;
    asked.push(result);
  }
  return asked;
}

beforeAll(async () => {
  stub = await startStub(({ path, query }) => {
    used += 1;
    perMinute.push(clock);
    const failure = failNext.shift();
    if (failure) return { ...failure, headers: { ...quotaHeaders(), ...failure.headers } };
    const params = Object.fromEntries(query);
    const at = viewFixtureAt(match, clock);
    const reply = (get: string, response: unknown) => ({ headers: quotaHeaders(), body: envelope(get, params, response) });
    if (path === '/fixtures' && query.has('live')) {
      const { lineups: _l, statistics: _s, ...live } = at;
      return reply('fixtures', ['1H', 'HT', '2H'].includes(at.fixture.status.short) ? [live] : []);
    }
    // The players' ratings come with the match's answer once it is over, as the provider sends them.
    if (path === '/fixtures' && query.has('ids')) return reply('fixtures', [at.fixture.status.short === 'FT' ? { ...at, players: capturedPlayers } : at]);
    if (path === '/fixtures' && query.has('league')) {
      const { events: _e, lineups: _l, statistics: _s, ...core } = at;
      return reply('fixtures', [core]);
    }
    if (path === '/standings') {
      // The captured table (another season of the same league): enough to see it written once.
      return reply('standings', clock > KICKOFF_MS + 111 * 60_000 ? loadFixture('standings-single-group.json').response : []);
    }
    if (path === '/players/topscorers' || path === '/players/topassists') return reply(path.slice(1), []);
    return undefined;
  });
  db = openDb(':memory:');
  seedMatch(db, match, KICKOFF_MS - 60 * 60_000);
  feed.subscribe((c) => published.push(c));
  worker = newWorker();
});

afterAll(async () => {
  await stub.close();
});

describe('ingest from API-Football on the free plan, replaying a real match', () => {
  it("refreshes the league once, then polls live at the pace the day's quota allows", async () => {
    const first = await settle();
    expect(first).toEqual(expect.arrayContaining([expect.stringMatching(/^GET \/fixtures\?league=39&season=2024/), expect.stringMatching(/^GET \/standings\?league=39/)]));
    // 20 minutes before kick-off the match is not in its window yet.
    expect(first.some((a) => a.includes('live='))).toBe(false);
    clock = KICKOFF_MS - 10 * 60_000;
    expect((await settle()).filter((a) => a.includes('live=')).length).toBe(1);
    // One match, about 2.5 hours of window and some 95 requests left: one poll every minute or two.
    const status = worker.status();
    expect(status.live.everySeconds).toBeGreaterThanOrEqual(60);
    expect(status.live.everySeconds).toBeLessThanOrEqual(120);
    expect(status.live.cadence).toContain('requests to spare');
  });

  it('writes the goal once and publishes it once, in under 1 KB, and the score follows', async () => {
    for (let t = KICKOFF_MS - 10 * 60_000; t <= KICKOFF_MS + 110 * 60_000; t += 15_000) {
      clock = t;
      await settle();
    }
    const goals = (db.prepare("SELECT data FROM fixture_events WHERE fixture_id = ? AND json_extract(data, '$.type') = 'Goal'").all(match.fixture.id) as Array<{ data: string }>).map((r) => JSON.parse(r.data));
    expect(goals).toHaveLength(1);
    expect(goals[0].player.name).toBe('J. Zirkzee');
    const pushed = published.filter((c) => c.type === 'fixture' && (c.data.newEvents ?? c.data.events ?? []).some((e) => e.type === 'Goal'));
    expect(pushed).toHaveLength(1);
    expect(pushed[0].type === 'fixture' && pushed[0].data.goals).toEqual({ home: 1, away: 0 });
    expect(pushed[0].wire.byteLength).toBeLessThan(1024);
    // The minute advanced through the match: statuses 1H, HT, 2H were each published.
    const statuses = published.filter((c) => c.type === 'fixture' && c.data.kinds.includes('status')).map((c) => (c.type === 'fixture' ? c.data.status.short : ''));
    expect(new Set(statuses)).toEqual(new Set(['1H', 'HT', '2H']));
  });

  it('at the final whistle fetches the details, then the standings, within minutes', async () => {
    const whistle = KICKOFF_MS + 111 * 60_000;
    let detailsAt: number | null = null;
    let standingsAt: number | null = null;
    for (let t = KICKOFF_MS + 110 * 60_000; t <= KICKOFF_MS + 160 * 60_000; t += 15_000) {
      clock = t;
      for (const asked of await settle()) {
        if (asked.startsWith('GET /fixtures?ids=') && detailsAt === null) detailsAt = t;
        if (asked.startsWith('GET /standings') && asked.endsWith('changed') && standingsAt === null) standingsAt = t;
      }
    }
    expect(detailsAt).not.toBeNull();
    expect(standingsAt).not.toBeNull();
    expect(detailsAt! - whistle).toBeLessThanOrEqual(30 * 60_000);
    expect(standingsAt! - whistle).toBeLessThanOrEqual(30 * 60_000);
    const stored = JSON.parse((db.prepare('SELECT data FROM fixtures WHERE id = ?').get(match.fixture.id) as { data: string }).data);
    expect(stored.fixture.status.short).toBe('FT');
    expect(stored.goals).toEqual({ home: 1, away: 0 });
    expect((db.prepare('SELECT COUNT(*) AS n FROM fixture_lineups WHERE fixture_id = ?').get(match.fixture.id) as { n: number }).n).toBe(2);
    // Every rating the provider gave, as it wrote it: Onana's 7.2, nothing for the substitutes who stayed on the bench.
    const ratings = db.prepare('SELECT player_id AS player, rating FROM fixture_player_ratings WHERE fixture_id = ? ORDER BY rowid').all(match.fixture.id) as Array<{ player: number; rating: string }>;
    const given = capturedPlayers.flatMap((side: any) => side.players.filter((p: any) => p.statistics[0].games.rating !== null));
    expect(ratings.map((r) => r.player)).toEqual(given.map((p: any) => p.player.id));
    expect(ratings.find((r) => r.player === 526)?.rating).toBe('7.2');
    expect(published.filter((c) => c.type === 'standings')).toHaveLength(1);
    expect(used).toBeLessThanOrEqual(FREE.day);
  });

  it('a restart resumes: no second daily refresh, no second fetch of the finished match', async () => {
    worker.stop();
    const before = used;
    worker = newWorker();
    clock += 60_000;
    expect(await settle()).toEqual([]);
    expect(used).toBe(before);
    expect(worker.status().quota.used).toBeGreaterThanOrEqual(before - 1);
    // The weekly full refresh does not fit the free plan's day: it waits, and says why.
    expect(worker.status().weekly.lastResult).toMatch(/^waiting: .*requests.*npm run sync/);
  });

  it('backs off on 429 and on the rate-limit envelope, and stops for the day on the quota envelope', async () => {
    // A new day: the daily refresh is due again.
    clock = Date.UTC(2024, 7, 18, 12, 0, 0);
    failNext.push({ status: 429, body: { message: 'Too many requests' } });
    expect(await settle()).toEqual([]);
    expect(worker.status().quota.pauseReason).toBe('rate-limit');
    const paused = used;
    clock += 30_000;
    expect(await settle()).toEqual([]);
    expect(used).toBe(paused);

    clock += 31_000;
    failNext.push({ body: loadFixture('error-rate-limit.json') });
    await settle();
    expect(worker.status().lastError?.message).toContain('rate limited');
    expect(worker.status().quota.pauseReason).toBe('rate-limit');

    clock += 61_000;
    failNext.push({ body: { ...loadFixture('error-rate-limit.json'), errors: { requests: 'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.' } } });
    await settle();
    expect(worker.status().quota.pauseReason).toBe('quota');
    const stopped = used;
    clock += 3 * 3_600_000;
    expect(await settle()).toEqual([]);
    expect(used).toBe(stopped);
    expect(logs.some((l) => l.includes('daily request quota is used up'))).toBe(true);
  });

  it('one ingest per store: a second worker waits while the first holds the store, then takes over', async () => {
    // A new day, for the provider's quota too.
    clock += 24 * 3_600_000;
    used = 0;
    const first = worker;
    const second = newWorker();
    await first.tick();
    expect(await second.tick()).toBeNull();
    expect(second.status().waitingForAnotherIngest).toBe(true);
    expect(logs.some((l) => l.includes('another ingest') && l.includes('keeps this store current'))).toBe(true);
    first.stop();
    worker = second;
    // The next day's refresh is the new holder's.
    clock += 24 * 3_600_000;
    used = 0;
    const asked = await settle();
    expect(asked.length, JSON.stringify(second.status()) + logs.slice(-3).join(" | ")).toBeGreaterThan(0);
    expect(second.status().waitingForAnotherIngest).toBe(false);
    expect(asked.map((a) => a.split(':')[0])).toEqual(['GET /fixtures?league=39&season=2024', 'GET /standings?league=39&season=2024']);
  });
});
