import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stub } from '../helpers/api-football-stub.ts';
import { capturedMatch } from '../helpers/replay.ts';
import { startReplayServer, TEST_NOW, type TestServer } from './servers.ts';

/**
 * `GET /api/live` on a real server whose ingest reads a stub speaking API-Football (Pro plan
 * headers, live polls every second here): the real Manchester United 1-0 Fulham replayed from 85',
 * its clock running from MARCADOR_NOW. A reader's stream gets the goal as it is written.
 */
const T0 = Date.parse(TEST_NOW);
// Kick-off so that at T0 the match is at 85' (real minute 101 of the demo clock): the goal (87') is two minutes away.
const KICKOFF = T0 - 101 * 60_000;
const match = capturedMatch(KICKOFF);
const startedAt = Date.now();
const serverNow = () => T0 + (Date.now() - startedAt);

let stub: Stub;
let server: TestServer;
let dir: string;
/** Minutes the replay runs ahead of the server's clock (the test moves the match on without waiting). */
let ahead = 0;
/** The goal's event id, as the first reader saw it. */
let goalId = 0;

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** Reads an SSE stream until `until` holds for an event or the time runs out. */
async function readStream(url: string, until: (e: SseEvent) => boolean, options: { timeoutMs?: number; headers?: Record<string, string>; onOpen?: () => void } = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 15_000);
  const events: SseEvent[] = [];
  const response = await fetch(url, { headers: options.headers, signal: controller.signal });
  let raw = '';
  try {
    options.onOpen?.();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      raw += text;
      buffer += text;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const e: SseEvent = {};
        for (const line of block.split('\n')) {
          const m = /^(id|event|data): (.*)$/.exec(line);
          if (m) e[m[1] as keyof SseEvent] = m[2];
        }
        if (e.event) {
          events.push(e);
          if (until(e)) return { response, events, raw };
        }
      }
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { response, events, raw };
}

beforeAll(async () => {
  ({ server, stub, dir } = await startReplayServer(match, () => serverNow() + ahead * 60_000, 'live', {
    ADMIN_TOKEN: 'live-admin',
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await stub?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/live', () => {
  it('streams the goal as the ingest writes it, with an id, in under 1 KB, and the API agrees', async () => {
    const { response, events } = await readStream(`${server.url}/api/live?fixtures=${match.fixture.id}`, (e) => e.event === 'fixture' && (e.data ?? '').includes('"Goal"'), {
      onOpen: () => {
        // Move the replay to 88': the next poll brings Zirkzee's goal.
        ahead = 3;
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const goal = events.find((e) => (e.data ?? '').includes('"Goal"'))!;
    expect(goal).toBeDefined();
    goalId = Number(goal.id);
    expect(goalId).toBeGreaterThan(0);
    const data = JSON.parse(goal.data!);
    expect(data.fixture).toBe(match.fixture.id);
    expect(data.goals).toEqual({ home: 1, away: 0 });
    expect(data.kinds).toEqual(expect.arrayContaining(['score', 'event']));
    expect(data.newEvents.map((e: { player: { name: string }; type: string }) => `${e.type} ${e.player.name}`)).toEqual(['Goal J. Zirkzee']);
    expect(new TextEncoder().encode(`id: ${goal.id}\nevent: fixture\ndata: ${goal.data}\n\n`).byteLength).toBeLessThanOrEqual(1024);

    const api = await (await fetch(`${server.url}/api/football/fixtures?id=${match.fixture.id}`)).json();
    expect(api.response[0].goals).toEqual({ home: 1, away: 0 });
  });

  it('replays what a reader missed after Last-Event-ID, and asks for a reset when it is too old', async () => {
    // A reader whose connection dropped just before the goal gets it first on reconnecting.
    const back = await readStream(`${server.url}/api/live?leagues=${match.league.id}`, () => true, { headers: { 'last-event-id': String(goalId - 1) } });
    expect(back.raw.startsWith('retry: 3000\n')).toBe(true);
    expect(Number(back.events[0].id)).toBe(goalId);
    expect(back.events[0].data).toContain('"Goal"');
    // One who saw the goal gets nothing again; an id from before the buffer (another run) gets a reset.
    const seen = await readStream(`${server.url}/api/live?leagues=${match.league.id}`, (e) => e.id === String(goalId), {
      headers: { 'last-event-id': String(goalId) },
      timeoutMs: 1_500,
    });
    expect(seen.events.filter((e) => e.id === String(goalId))).toEqual([]);
    const old = await readStream(`${server.url}/api/live?leagues=${match.league.id}`, () => true, { headers: { 'last-event-id': '1' } });
    expect(old.events[0].event).toBe('reset');
  });

  it('filters by league and fixture, and refuses malformed filters', async () => {
    const other = await readStream(`${server.url}/api/live?leagues=242`, () => false, { timeoutMs: 2_500 });
    expect(other.events.filter((e) => e.event === 'fixture')).toEqual([]);
    const bad = await fetch(`${server.url}/api/live?leagues=abc`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/leagues must be ids/);
  });

  it('caps the streams one reader may hold open: beyond them 503 in Spanish, and the islands poll', async () => {
    const controllers = Array.from({ length: 8 }, () => new AbortController());
    const open = await Promise.all(controllers.map((c) => fetch(`${server.url}/api/live`, { signal: c.signal, headers: { 'x-forwarded-for': '203.0.113.9' } })));
    expect(open.every((r) => r.status === 200)).toBe(true);
    const ninth = await fetch(`${server.url}/api/live`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(ninth.status).toBe(503);
    expect((await ninth.json()).message).toMatch(/Demasiadas conexiones/);
    const someoneElse = new AbortController();
    const other = await fetch(`${server.url}/api/live`, { signal: someoneElse.signal, headers: { 'x-forwarded-for': '203.0.113.10' } });
    expect(other.status).toBe(200);
    for (const c of [...controllers, someoneElse]) c.abort();
  });

  it('tells operators what the ingest did, behind the admin token', async () => {
    expect((await fetch(`${server.url}/api/admin/ingest`)).status).toBe(401);
    const status = await (await fetch(`${server.url}/api/admin/ingest`, { headers: { authorization: 'Bearer live-admin' } })).json();
    expect(status.mode).toBe('api-football');
    expect(status.quota.dayLimit).toBe(7500);
    expect(status.live.everySeconds, JSON.stringify(status.live)).toBe(1);
    expect(status.live.lastResult).toMatch(/^GET \/fixtures\?live=39/);
    expect(status.changesPublished).toBeGreaterThanOrEqual(1);
  });
});
