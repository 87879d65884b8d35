import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeFeed, type ChangeInput } from '../ingest/changes.ts';
import { ChannelPositions, channelFor, changeChannels, readerChannels } from './channels.ts';
import { pushProxyConfig, pushProxyTargets } from './config.ts';
import { missedSince, parseGripLast } from './grip-live.ts';
import { HeldStreams, readerChannel } from './held-streams.ts';
import { startPushpinPublisher } from './publisher.ts';
import { zmtpFrame, ZmtpReader } from './zmtp.ts';

const status = { long: 'Second Half', short: '2H', elapsed: 87, extra: null };
const score = { halftime: { home: 0, away: 0 }, fulltime: { home: null, away: null }, extratime: { home: null, away: null }, penalty: { home: null, away: null } };
const goal = (league: number, fixture: number): ChangeInput => ({
  type: 'fixture',
  data: { league, season: 2026, fixture, kinds: ['score'], status, goals: { home: 1, away: 0 }, score },
});
const table = (league: number): ChangeInput => ({ type: 'standings', data: { league, season: 2026 } });
const leagueOf = (fixture: number) => (fixture < 100 ? 242 : fixture < 200 ? 243 : null);

describe('channels', () => {
  it('carry each change to a reader once: a match of a followed league adds no channel of its own', () => {
    const feed = new ChangeFeed(10, 1);
    const changes = [feed.publish(goal(242, 5)), feed.publish(goal(243, 150)), feed.publish(table(242)), feed.publish(goal(13, 999))];
    expect(changeChannels(changes[0]!)).toEqual(['live', 'league-242', 'fixture-5']);
    expect(changeChannels(changes[2]!)).toEqual(['live', 'league-242']);
    expect(readerChannels(null, null, leagueOf)).toEqual(['live']);
    expect(readerChannels(new Set([242]), new Set([5, 150, 999]), leagueOf)).toEqual(['league-242', 'fixture-150', 'fixture-999']);
    const subscribed = new Set(readerChannels(new Set([242]), new Set([5, 150, 999]), leagueOf));
    // Every change reaches this reader by at most one channel, and exactly one when it is asked for.
    for (const change of changes) expect(changeChannels(change).filter((c) => subscribed.has(c)).length).toBe(1);
    expect(channelFor(changes[1]!, subscribed)).toBe('fixture-150');
    expect(channelFor(changes[1]!, new Set(['league-242']))).toBeNull();
  });

  it("remember each channel's last id, and forget the quietest beyond their limit", () => {
    const feed = new ChangeFeed(10, 100);
    const positions = new ChannelPositions(4);
    expect(positions.advance(feed.publish(goal(242, 5)))).toEqual([
      { channel: 'live', prev: null },
      { channel: 'league-242', prev: null },
      { channel: 'fixture-5', prev: null },
    ]);
    expect(positions.advance(feed.publish(table(242)))).toEqual([
      { channel: 'live', prev: 100 },
      { channel: 'league-242', prev: 100 },
    ]);
    positions.advance(feed.publish(goal(243, 150)));
    expect(positions.get('live')).toBe(102);
    expect(positions.get('fixture-5')).toBeNull();
    expect(positions.get('fixture-150')).toBe(102);
  });
});

describe("a reader's held streams", () => {
  it('count what this process admitted until Pushpin counts it, then what Pushpin says, per instance', () => {
    const now = 0;
    const held = new HeldStreams(3, () => now);
    const channel = readerChannel('203.0.113.9');
    const sub = (subscribers: number) => `sub J${JSON.stringify({ channel, mode: 'stream', subscribers, ttl: 60, from: 'pushpin-handler_1' })}`;
    expect([held.admit('203.0.113.9'), held.admit('203.0.113.9'), held.admit('203.0.113.9'), held.admit('203.0.113.9')]).toEqual([true, true, true, false]);
    // Pushpin holds two of them: two admissions are matched, one still pending.
    held.onStats('a', sub(2));
    expect(held.open('203.0.113.9')).toBe(3);
    held.onStats('a', sub(3));
    expect(held.open('203.0.113.9')).toBe(3);
    // Another instance holds one more of this reader's (admitted by another process).
    held.onStats('b', sub(1));
    expect(held.open('203.0.113.9')).toBe(4);
    expect(held.admit('198.51.100.1')).toBe(true);
    // The last stream of a channel closing is said at once.
    held.onStats('b', `sub J${JSON.stringify({ channel, mode: 'stream', unavailable: true })}`);
    expect(held.open('203.0.113.9')).toBe(3);
    expect(held.readers).toBe(2);
  });

  it('forget an admission Pushpin never held, a count it stopped refreshing, an instance that went away', () => {
    let now = 0;
    const held = new HeldStreams(8, () => now);
    const channel = readerChannel('2001:db8:1:2::/64');
    held.admit('2001:db8:1:2::/64');
    now = 5_001;
    expect(held.open('2001:db8:1:2::/64')).toBe(0);
    held.onStats('a', `sub J${JSON.stringify({ channel, mode: 'stream', subscribers: 4, ttl: 60 })}`);
    held.onStats('b', `sub J${JSON.stringify({ channel, mode: 'stream', subscribers: 2, ttl: 60 })}`);
    expect(held.open('2001:db8:1:2::/64')).toBe(6);
    held.forget('b');
    expect(held.open('2001:db8:1:2::/64')).toBe(4);
    now += 90_001;
    held.sweep();
    expect(held.open('2001:db8:1:2::/64')).toBe(0);
    // Other channels, kinds and modes are not readers'.
    held.onStats('a', `sub J${JSON.stringify({ channel: 'league-242', mode: 'stream', subscribers: 40 })}`);
    held.onStats('a', `conn J${JSON.stringify({ id: 'x', 'peer-address': '127.0.0.1' })}`);
    held.onStats('a', 'sub Jnot json');
    expect(held.readers).toBe(0);
  });
});

describe('ZMTP frames', () => {
  it('make messages across chunks, of several parts, long ones too, and skip commands', () => {
    const messages: string[] = [];
    let greeted = 0;
    const reader = new ZmtpReader(
      (m) => messages.push(m.toString()),
      () => (greeted += 1),
    );
    const greeting = Buffer.alloc(64);
    greeting[0] = 0xff;
    greeting[9] = 0x7f;
    greeting[10] = 3;
    const long = 'x'.repeat(300);
    const bytes = Buffer.concat([
      greeting,
      zmtpFrame(Buffer.from('\x05READY'), 0x04),
      zmtpFrame(Buffer.from('sub J{}')),
      zmtpFrame(Buffer.from('part one, '), 0x01),
      zmtpFrame(Buffer.from('part two')),
      zmtpFrame(Buffer.from(long)),
    ]);
    for (let i = 0; i < bytes.length; i += 7) reader.push(bytes.subarray(i, i + 7));
    expect(greeted).toBe(1);
    expect(messages).toEqual(['sub J{}', 'part one, part two', long]);
    expect(() => new ZmtpReader(() => {}).push(Buffer.alloc(64))).toThrow(/ZMTP 3/);
  });
});

describe('Grip-Last recovery', () => {
  it("replays each channel's changes after the id the stream had on it, or a reset when the buffer does not reach back", () => {
    const feed = new ChangeFeed(3, 10);
    feed.publish(goal(242, 5)); // 10
    feed.publish(goal(243, 150)); // 11
    feed.publish(table(242)); // 12
    feed.publish(goal(243, 150)); // 13
    const subscribed = new Set(['league-242', 'fixture-150']);
    expect(parseGripLast('league-242; last-id=12, fixture-150; last-id=11')).toEqual(
      new Map([
        ['league-242', 12],
        ['fixture-150', 11],
      ]),
    );
    const ids = (parts: Uint8Array[]) => parts.map((p) => /^id: (\d+)/.exec(new TextDecoder().decode(p))?.[1] ?? new TextDecoder().decode(p));
    expect(ids(missedSince(feed, parseGripLast('league-242; last-id=12, fixture-150; last-id=11'), subscribed))).toEqual(['13']);
    expect(ids(missedSince(feed, parseGripLast('league-242; last-id=10, fixture-150; last-id=13'), subscribed))).toEqual(['12']);
    expect(ids(missedSince(feed, parseGripLast('league-242; last-id=5'), subscribed))).toEqual(['event: reset\ndata: {}\n\n']);
    expect(missedSince(feed, parseGripLast(undefined), subscribed)).toEqual([]);
    // The reader's own channel, in Grip-Last with its prev-id 0, is no position in the feed.
    expect(ids(missedSince(feed, parseGripLast('reader-MTI3LjAuMC4x; last-id=0, league-242; last-id=10'), subscribed))).toEqual(['12']);
  });
});

describe('PUSH_PROXY configuration', () => {
  const ok = { PUSH_PROXY: 'http://127.0.0.1:5561/, http://10.0.0.2:5561', PUSH_PROXY_KEY: 'k'.repeat(32), PUSH_PROXY_STATS: 'tcp://127.0.0.1:5564,tcp://10.0.0.2:5564' };
  it('is off without PUSH_PROXY, and whole with it', () => {
    expect(pushProxyConfig({ kind: 'hops', hops: 1 }, {})).toBeNull();
    expect(pushProxyTargets({})).toEqual([]);
    expect(pushProxyConfig({ kind: 'hops', hops: 1 }, ok)).toEqual({
      publish: ['http://127.0.0.1:5561', 'http://10.0.0.2:5561'],
      stats: ['tcp://127.0.0.1:5564', 'tcp://10.0.0.2:5564'],
      key: 'k'.repeat(32),
    });
  });

  it('stops the start with a sentence that says what is missing', () => {
    const hops = { kind: 'hops', hops: 1 } as const;
    expect(() => pushProxyTargets({ PUSH_PROXY: 'pushpin:5561' })).toThrow(/PUSH_PROXY must be Pushpin's publish endpoints/);
    expect(() => pushProxyConfig(hops, { ...ok, PUSH_PROXY_KEY: 'short' })).toThrow(/PUSH_PROXY_KEY: the sig_key of Pushpin's config, at least 16/);
    expect(() => pushProxyConfig(hops, { ...ok, PUSH_PROXY_KEY: 'CHANGE-ME-to-PUSH_PROXY_KEY' })).toThrow(/PUSH_PROXY_KEY/);
    expect(() => pushProxyConfig(hops, { ...ok, PUSH_PROXY_STATS: '' })).toThrow(/PUSH_PROXY needs PUSH_PROXY_STATS/);
    expect(() => pushProxyConfig(hops, { ...ok, PUSH_PROXY_STATS: 'http://127.0.0.1:5564' })).toThrow(/PUSH_PROXY_STATS: a ZeroMQ address is tcp:\/\/host:port/);
    expect(() => pushProxyConfig({ kind: 'socket' }, ok)).toThrow(/PUSH_PROXY needs TRUST_PROXY=1/);
  });
});

describe('the publisher', () => {
  let server: Server | null = null;
  afterEach(() => {
    server?.close();
    server = null;
  });

  /** A publish endpoint recording each request's items; `answer` decides its status. */
  async function endpoint(answer: (n: number) => number) {
    const requests: Array<Array<{ channel: string; id: string; 'prev-id'?: string; formats: { 'http-stream': { content: string } } }>> = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const code = answer(requests.length);
        if (code === 200) requests.push(JSON.parse(body).items);
        res.writeHead(code);
        res.end(code === 200 ? 'Published\n' : 'nope\n');
      });
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', () => done()));
    return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, requests };
  }

  it('publishes each change once per channel, with its bytes and the previous id, in order after a failure', async () => {
    const logs: string[] = [];
    const { url, requests } = await endpoint((n) => (n === 0 && logs.length === 0 ? 503 : 200));
    const feed = new ChangeFeed(10, 500);
    const publisher = startPushpinPublisher(feed, [url], { log: (m) => logs.push(m) });
    feed.publish(goal(242, 5));
    feed.publish(table(242));
    const deadline = Date.now() + 5_000;
    while (publisher.status().published < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    publisher.stop();
    const items = requests.flat();
    expect(items.map((i) => [i.channel, i.id, i['prev-id'] ?? null])).toEqual([
      ['live', '500', null],
      ['league-242', '500', null],
      ['fixture-5', '500', null],
      ['live', '501', '500'],
      ['league-242', '501', '500'],
    ]);
    expect(items[3]!.formats['http-stream'].content).toBe('id: 501\nevent: standings\ndata: {"league":242,"season":2026}\n\n');
    expect(logs[0]).toMatch(/publishing to Pushpin at .* failed \(503 nope\); retrying/);
    expect(logs[1]).toMatch(/takes changes again/);
    expect(publisher.status().published).toBe(5);
  });

  it('never holds up the ingest: an endpoint that does not answer only fills its own queue', async () => {
    server = createServer(() => {});
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', () => done()));
    const feed = new ChangeFeed(10, 1);
    const publisher = startPushpinPublisher(feed, [`http://127.0.0.1:${(server.address() as AddressInfo).port}`], { log: () => {}, queueLimit: 4, timeoutMs: 200 });
    const started = performance.now();
    for (let i = 0; i < 5; i++) feed.publish(goal(242, 5));
    expect(performance.now() - started).toBeLessThan(50);
    // One request in flight holds three items; the queue keeps the newest four.
    expect(publisher.status().waiting).toBe(4);
    publisher.stop();
    server.closeAllConnections();
  });
});
