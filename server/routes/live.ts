import type { Context, Hono } from 'hono';
import {
  LIVE_EVENT_NAMES,
  LIVE_HEARTBEAT_MS,
  LIVE_MAX_STREAMS_PER_CLIENT,
  LIVE_MAX_STREAMS_TOTAL,
} from '../../contract/live.ts';
import type { Change, ChangeFeed } from '../ingest/changes.ts';
import { clientAddress, type ClientAddressPolicy } from '../http/client-address.ts';
import type { ErrorBody } from '../../contract/envelope.ts';

/**
 * `GET /api/live`: the ingest's changes as Server-Sent Events (contract/live.ts). Each change was
 * encoded once by the feed; a stream only filters and writes bytes, so one change reaches thousands
 * of readers in one pass over the open streams. A plain ReadableStream rather than a helper that
 * formats every message per reader, for that reason.
 */

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': ping\n\n');
const MAX_FILTER_IDS = 50;

/** `242,243` or `242-243` → ids; null when absent; throws a message when malformed. */
export function idList(value: string | undefined, name: string): Set<number> | null {
  if (value === undefined || value === '') return null;
  const parts = value.split(/[,-]/);
  if (parts.length > MAX_FILTER_IDS) throw new Error(`${name} takes at most ${MAX_FILTER_IDS} ids`);
  const ids = new Set<number>();
  for (const p of parts) {
    if (!/^\d{1,10}$/.test(p)) throw new Error(`${name} must be ids separated by commas, got "${value}"`);
    ids.add(Number(p));
  }
  return ids;
}

export interface LiveRouteOptions {
  feed: ChangeFeed;
  /** Where a reader's address comes from (server/http/client-address.ts), for the per-reader stream limit. */
  trustProxy: ClientAddressPolicy | boolean;
  maxPerClient?: number;
  maxTotal?: number;
  heartbeatMs?: number;
}

export function registerLiveRoutes(app: Hono, options: LiveRouteOptions) {
  const maxPerClient = options.maxPerClient ?? LIVE_MAX_STREAMS_PER_CLIENT;
  const maxTotal = options.maxTotal ?? LIVE_MAX_STREAMS_TOTAL;
  const perClient = new Map<string, number>();
  let total = 0;
  const writers = new Set<(change: Change) => void>();
  const heartbeats = new Set<() => void>();

  options.feed.subscribe((change) => {
    for (const write of writers) write(change);
  });
  const beat = setInterval(() => {
    for (const send of heartbeats) send();
  }, options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  beat.unref?.();

  app.get('/api/live', (c: Context) => {
    let leagues: Set<number> | null;
    let fixtures: Set<number> | null;
    try {
      leagues = idList(c.req.query('leagues'), 'leagues');
      fixtures = idList(c.req.query('fixtures'), 'fixtures');
    } catch (error) {
      return c.json({ message: (error as Error).message } satisfies ErrorBody, 400);
    }
    const client = clientAddress(c, options.trustProxy);
    const open = perClient.get(client) ?? 0;
    if (open >= maxPerClient || total >= maxTotal) {
      c.header('retry-after', '60');
      c.header('cache-control', 'no-store');
      return c.json({ message: 'Demasiadas conexiones en vivo; la página se actualizará cada pocos segundos.' } satisfies ErrorBody, 503);
    }
    const wanted = (change: Change) =>
      (leagues === null && fixtures === null) ||
      (leagues !== null && leagues.has(change.league)) ||
      (fixtures !== null && change.fixture !== null && fixtures.has(change.fixture));

    const lastEventId = c.req.header('last-event-id') ?? c.req.query('lastEventId');
    let cleanup = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        perClient.set(client, open + 1);
        total += 1;
        const send = (bytes: Uint8Array) => {
          try {
            controller.enqueue(bytes);
          } catch {
            cleanup();
          }
        };
        // The first bytes go out at once: proxies and the browser then know the stream is open.
        send(encoder.encode(`retry: 3000\n: connected\n\n`));
        if (lastEventId !== undefined && /^\d+$/.test(lastEventId)) {
          const missed = options.feed.since(Number(lastEventId));
          if (missed === null) send(encoder.encode(`event: ${LIVE_EVENT_NAMES.reset}\ndata: {}\n\n`));
          else for (const change of missed) if (wanted(change)) send(change.wire);
        }
        const write = (change: Change) => {
          if (wanted(change)) send(change.wire);
        };
        const heartbeat = () => send(HEARTBEAT);
        writers.add(write);
        heartbeats.add(heartbeat);
        let closed = false;
        cleanup = () => {
          if (closed) return;
          closed = true;
          writers.delete(write);
          heartbeats.delete(heartbeat);
          total -= 1;
          const left = (perClient.get(client) ?? 1) - 1;
          if (left <= 0) perClient.delete(client);
          else perClient.set(client, left);
          try {
            controller.close();
          } catch {
            // Already closed by the reader going away.
          }
        };
        c.req.raw.signal?.addEventListener('abort', () => cleanup(), { once: true });
      },
      cancel() {
        cleanup();
      },
    });
    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    });
  });

  return {
    streams: () => total,
    close: () => clearInterval(beat),
  };
}
