import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushpinPorts, pushProxyEnv, startPushpin, type PushpinInstance } from '../../deploy/pushpin/local.ts';
import type { Stub } from '../helpers/api-football-stub.ts';
import { capturedMatch } from '../helpers/replay.ts';
import { startReplayServer, TEST_NOW, type TestServer } from './servers.ts';

/**
 * `/api/live` through Pushpin (Debian's pushpin, started with deploy/pushpin/pushpin.conf in front of a real
 * server): the server's ingest follows the real Manchester United 1-0 Fulham replayed from 85' (as
 * tests/api/live.test.ts) and publishes each change to Pushpin, which holds the readers' streams. Between
 * the ingest and Pushpin's publish endpoint sits a relay the test can tell to lose what it is sent, as a
 * network would. Pushpin's wait for an out-of-order item is 1 s here (5 s in the repo's config).
 */
const T0 = Date.parse(TEST_NOW);
const match = capturedMatch(T0 - 101 * 60_000);
const startedAt = Date.now();
const serverNow = () => T0 + (Date.now() - startedAt);
const LEAGUE = match.league.id;
const FIXTURE = match.fixture.id;

let stub: Stub;
let server: TestServer;
let dir: string;
let pushpin: PushpinInstance;
let relay: Server;
/** Minutes the replay runs ahead of the server's clock. */
let ahead = 0;
let losing = false;
/** What the ingest published: channel and id of each item, lost or not. */
const published: Array<{ channel: string; id: string; lost: boolean }> = [];
let goalId = 0;

/** Pushpin's publish endpoint behind a relay that records each item and, while `losing`, answers 200 and drops it. */
function startRelay(target: string): Promise<Server> {
  const s = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      for (const item of (JSON.parse(body.toString()) as { items: Array<{ channel: string; id: string }> }).items)
        published.push({ channel: item.channel, id: item.id, lost: losing });
      if (losing) return void res.end('Published\n');
      const out = request(`${target}${req.url}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (answer: IncomingMessage) => {
        res.writeHead(answer.statusCode ?? 502);
        answer.pipe(res);
      });
      out.on('error', () => (res.writeHead(502), res.end()));
      out.end(body);
    });
  });
  return new Promise((done) => s.listen(0, '127.0.0.1', () => done(s)));
}

interface Event {
  reader: string;
  type: string;
  id?: string;
  data?: string;
}

/** Node's own EventSource (the WHATWG one readers' browsers have), in a child process: one per reader URL. */
function eventSources(urls: Record<string, string>) {
  const script = `
    for (const [reader, url] of Object.entries(JSON.parse(process.argv[1]))) {
      const es = new EventSource(url);
      const say = (e) => console.log(JSON.stringify({ reader, ...e }));
      es.onopen = () => say({ type: 'open' });
      es.onerror = () => say({ type: 'error' });
      for (const type of ['fixture', 'standings', 'reset']) es.addEventListener(type, (e) => say({ type, id: e.lastEventId, data: e.data }));
    }`;
  const child: ChildProcess = spawn(process.execPath, ['--experimental-eventsource', '--no-warnings', '-e', script, JSON.stringify(urls)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const events: Event[] = [];
  let rest = '';
  child.stdout!.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line) events.push(JSON.parse(line) as Event);
  });
  return { events, close: () => child.kill() };
}

/** Waits until `get` gives something truthy (a status other than 0, a list, true) and returns it. */
async function until<T>(what: string, get: () => T | undefined | false | 0, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = get();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${pushpin.output().slice(-3_000)}\n${server.output().slice(-2_000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A raw stream through Pushpin from `localAddress`: its status, headers and text so far. Pushpin 1.36 now and
 * then drops a stream as it hands it from its proxy to its handler on a busy machine (docs/ARCHITECTURE.md,
 * "Through Pushpin"): one that ends without an answer, with a 500 or 502 of Pushpin's, or that gets no answer
 * in 8 s, is asked again, after the 5 s the API counts an admitted stream Pushpin never held.
 */
function rawStream(path: string, options: { localAddress?: string; headers?: Record<string, string> } = {}) {
  let text = '';
  let closed = false;
  let current: ReturnType<typeof request> | null = null;
  const state: { status: number; headers: IncomingMessage['headers']; retries: number } = { status: 0, headers: {}, retries: 0 };
  const again = () => {
    if (closed || state.retries >= 3) return;
    state.retries += 1;
    setTimeout(open, 5_500);
  };
  const open = () => {
    if (closed) return;
    let answered = false;
    // Pushpin answers a held stream at once. One it dropped in the hand-over may also stay open and silent
    // (CI, 2026-11-28: no headers in 20 s); such a stream is asked again like one that ended.
    const silent = setTimeout(() => answered || current?.destroy(), 8_000);
    current = request(`${pushpin.url}${path}`, { localAddress: options.localAddress, headers: options.headers, agent: false }, (res) => {
      answered = true;
      clearTimeout(silent);
      if (res.statusCode === 500 || res.statusCode === 502) return void (res.resume(), again());
      state.status = res.statusCode ?? 0;
      state.headers = res.headers;
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
    });
    current.on('error', () => {});
    current.on('close', () => {
      clearTimeout(silent);
      if (!answered) again();
    });
    current.end();
  };
  open();
  return {
    state,
    text: () => text,
    close: () => {
      closed = true;
      current?.destroy();
    },
  };
}

beforeAll(async () => {
  const ports = await pushpinPorts();
  const key = randomBytes(24).toString('base64url');
  relay = await startRelay(`http://127.0.0.1:${ports.publish}`);
  const env = { ...pushProxyEnv(ports, key), PUSH_PROXY: `http://127.0.0.1:${(relay.address() as AddressInfo).port}` };
  ({ server, stub, dir } = await startReplayServer(match, () => serverNow() + ahead * 60_000, 'pushpin', env));
  pushpin = await startPushpin({ apiPort: Number(new URL(server.url).port), key, ports, config: { message_wait: 1_000 } });
}, 120_000);

afterAll(async () => {
  await pushpin?.stop();
  await server?.stop();
  await stub?.close();
  relay?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Longer than the suite's 20 s: a stream Pushpin dropped as it opened is asked again after 5.5 s.
describe('GET /api/live through Pushpin', { timeout: 60_000 }, () => {
  it('brings a goal written to the store to EventSources, once each, in the embedded wire format', async () => {
    const readers = eventSources({
      both: `${pushpin.url}/api/live?leagues=${LEAGUE}&fixtures=${FIXTURE}`,
      fixture: `${pushpin.url}/api/live?fixtures=${FIXTURE}`,
      everything: `${pushpin.url}/api/live`,
      otherLeague: `${pushpin.url}/api/live?leagues=242`,
    });
    const raw = rawStream(`/api/live?leagues=${LEAGUE}`);
    try {
      await until('four open EventSources', () => readers.events.filter((e) => e.type === 'open').length === 4);
      await until('the raw stream', () => raw.text().length > 0);
      ahead = 3;
      const goals = await until('the goal at three readers', () => {
        const seen = readers.events.filter((e) => e.type === 'fixture' && (e.data ?? '').includes('"Goal"'));
        return seen.length >= 3 && seen;
      });
      goalId = Number(goals[0]!.id);
      expect(goalId).toBeGreaterThan(0);
      expect(new Set(goals.map((g) => g.id))).toEqual(new Set([String(goalId)]));
      const data = JSON.parse(goals[0]!.data!);
      expect(data.goals).toEqual({ home: 1, away: 0 });
      expect(data.newEvents.map((e: { type: string; player: { name: string } }) => `${e.type} ${e.player.name}`)).toEqual(['Goal J. Zirkzee']);
      await until('the goal on the raw stream', () => raw.text().includes('"Goal"'));
      // A reader of the league and the match gets it once: its channels never carry one change twice.
      await new Promise((r) => setTimeout(r, 1_500));
      for (const reader of ['both', 'fixture', 'everything']) expect(readers.events.filter((e) => e.reader === reader && e.id === String(goalId))).toHaveLength(1);
      expect(readers.events.filter((e) => e.reader === 'otherLeague' && e.type === 'fixture')).toEqual([]);
      expect(readers.events.filter((e) => e.type === 'error')).toEqual([]);
      // The bytes and headers are the embedded stream's; Pushpin's instructions stay between it and the API.
      expect(raw.state.status).toBe(200);
      expect(raw.state.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(raw.state.headers['cache-control']).toBe('no-cache, no-transform');
      expect(Object.keys(raw.state.headers).filter((h) => h.startsWith('grip-'))).toEqual([]);
      expect(raw.text().startsWith('retry: 3000\n: connected\n\n')).toBe(true);
      expect(raw.text()).toContain(`id: ${goalId}\nevent: fixture\ndata: {"league":${LEAGUE}`);
      // Published once per channel, whatever the number of readers.
      expect(
        published
          .filter((p) => p.id === String(goalId))
          .map((p) => p.channel)
          .sort(),
      ).toEqual([`fixture-${FIXTURE}`, `league-${LEAGUE}`, 'live']);
    } finally {
      readers.close();
      raw.close();
    }
  });

  it('replays what a reader missed after Last-Event-ID, and asks for a reset when it is too old', async () => {
    expect(goalId).toBeGreaterThan(0);
    // Readers of their own: the streams of the test before still count for their address a second or so.
    const back = rawStream(`/api/live?leagues=${LEAGUE}`, { localAddress: '127.0.0.4', headers: { 'last-event-id': String(goalId - 1) } });
    const seen = rawStream(`/api/live?leagues=${LEAGUE}`, { localAddress: '127.0.0.5', headers: { 'last-event-id': String(goalId) } });
    const query = rawStream(`/api/live?fixtures=${FIXTURE}&lastEventId=${goalId - 1}`, { localAddress: '127.0.0.6' });
    const old = rawStream(`/api/live?leagues=${LEAGUE}`, { localAddress: '127.0.0.7', headers: { 'last-event-id': '1' } });
    try {
      await until('the replayed goal', () => back.text().includes('"Goal"') && query.text().includes('"Goal"'));
      expect(back.text()).toMatch(new RegExp(`^retry: 3000\\n: connected\\n\\nid: ${goalId}\\nevent: fixture\\n`));
      await until('the reset', () => old.text().includes('event: reset'));
      expect(old.text()).toBe('retry: 3000\n: connected\n\nevent: reset\ndata: {}\n\n');
      await new Promise((r) => setTimeout(r, 500));
      // The match goes on: what came after the goal may follow, the goal never again.
      expect(seen.text().startsWith('retry: 3000\n: connected\n\n')).toBe(true);
      expect(seen.text()).not.toContain(`id: ${goalId}\n`);
    } finally {
      for (const s of [back, seen, query, old]) s.close();
    }
  });

  it('brings a change Pushpin never got from the API: the next item does not follow the stream, Pushpin asks for what is missing', async () => {
    const reader = rawStream(`/api/live?fixtures=${FIXTURE}`, { localAddress: '127.0.0.8' });
    const ids = () => [...reader.text().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    try {
      await until('the stream', () => reader.text().length > 0);
      const before = published.length;
      losing = true;
      ahead += 1;
      const lost = Number((await until('a change lost on its way to Pushpin', () => published.slice(before).find((p) => p.channel === `fixture-${FIXTURE}`)))!.id);
      losing = false;
      ahead += 1;
      // Pushpin never had it: the stream can only get it from the API, when the next item shows the gap.
      await until('the lost change and a later one', () => ids().includes(lost) && ids().some((id) => id > lost));
      expect(published.filter((p) => p.id === String(lost)).every((p) => p.lost)).toBe(true);
      expect(ids()).toEqual([...new Set(ids())].sort((a, b) => a - b));
    } finally {
      losing = false;
      reader.close();
    }
  });

  it('keeps the per-reader cap: the address Pushpin connected from counts, not the X-Forwarded-For a reader writes', async () => {
    const path = '/api/live?leagues=242';
    const forged = () => ({ 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` });
    const open = Array.from({ length: 8 }, () => rawStream(path, { localAddress: '127.0.0.2', headers: forged() }));
    const others: Array<ReturnType<typeof rawStream>> = [];
    try {
      await until('eight streams', () => open.every((s) => s.state.status === 200));
      const ninth = rawStream(path, { localAddress: '127.0.0.2', headers: forged() });
      others.push(ninth);
      await until('the ninth answer', () => ninth.state.status !== 0 && ninth.text().length > 0);
      expect(ninth.state.status).toBe(503);
      expect(ninth.state.headers['retry-after']).toBe('60');
      expect(JSON.parse(ninth.text()).message).toMatch(/Demasiadas conexiones/);
      const someoneElse = rawStream(path, { localAddress: '127.0.0.3', headers: forged() });
      others.push(someoneElse);
      expect(await until('another reader', () => someoneElse.state.status)).toBe(200);
      // Still at the cap once Pushpin counted them (its stats, within a second or two).
      await new Promise((r) => setTimeout(r, 2_500));
      const later = rawStream(path, { localAddress: '127.0.0.2' });
      others.push(later);
      expect(await until('the answer after the count', () => later.state.status)).toBe(503);
      // One stream closed frees one place, once Pushpin said so.
      open.pop()!.close();
      let status = 0;
      const deadline = Date.now() + 5_000;
      while (status !== 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 300));
        const s = rawStream(path, { localAddress: '127.0.0.2' });
        others.push(s);
        status = await until('its answer', () => s.state.status);
      }
      expect(status).toBe(200);
    } finally {
      for (const s of [...open, ...others]) s.close();
    }
  });

  it('gives a request that did not come through Pushpin, or carries a forged Grip-Sig, the embedded stream', async () => {
    const controller = new AbortController();
    try {
      const res = await fetch(`${server.url}/api/live?leagues=${LEAGUE}`, {
        headers: { 'grip-sig': 'eyJhbGciOiJIUzI1NiJ9.e30.forged', 'x-forwarded-for': '203.0.113.50' },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('grip-hold')).toBeNull();
      const reader = res.body!.getReader();
      const { value } = await reader.read();
      expect(new TextDecoder().decode(value)).toBe('retry: 3000\n: connected\n\n');
    } finally {
      controller.abort();
    }
    await until('the warning', () => /Grip-Sig that PUSH_PROXY_KEY does not verify/.test(server.output()));
  });
});
