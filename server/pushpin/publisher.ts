import type { ChangeFeed } from '../ingest/changes.ts';
import { ChannelPositions } from './channels.ts';

/**
 * The ingest's changes to Pushpin (PUSH_PROXY): each change once to each of its channels (channels.ts),
 * as the SSE bytes the feed encoded, with its id and the channel's previous id, to every Pushpin
 * instance's HTTP publish endpoint (`POST /publish/`, several items per request). The ingest only queues:
 * each instance has its own queue and one request in flight at a time (so items arrive in order), over
 * the keep-alive connections of Node's fetch. An instance that fails is retried with the items in
 * order, waiting longer each time (up to 30 s); its queue keeps the newest QUEUE_LIMIT items. Readers of
 * an instance that lost items get them from the API anyway: the next item's `prev-id` no longer matches,
 * and Pushpin asks the API for what the stream missed.
 *
 * Who publishes: the process whose ingest writes (`npm start` with its ingest, or `npm run ingest`). One
 * ingest holds the store's lease at a time, so a change is published once, whatever the number of API
 * processes; those with `INGEST=0` relay changes from the store for their replays and publish nothing.
 */

interface Item {
  channel: string;
  id: string;
  'prev-id'?: string;
  formats: { 'http-stream': { content: string } };
}

export interface PublisherOptions {
  log?: (message: string) => void;
  /** Items per request. */
  batch?: number;
  queueLimit?: number;
  timeoutMs?: number;
}

const QUEUE_LIMIT = 20_000;
const MAX_BACKOFF_MS = 30_000;

class Target {
  readonly queue: Item[] = [];
  busy = false;
  failures = 0;
  dropped = 0;
  timer: NodeJS.Timeout | null = null;
  readonly url: string;

  constructor(base: string) {
    this.url = `${base}/publish/`;
  }
}

export function startPushpinPublisher(feed: ChangeFeed, endpoints: string[], options: PublisherOptions = {}) {
  const log = options.log ?? ((m: string) => console.error(m));
  const batch = options.batch ?? 500;
  const limit = options.queueLimit ?? QUEUE_LIMIT;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const positions = new ChannelPositions();
  const targets = endpoints.map((e) => new Target(e));
  const decoder = new TextDecoder();
  let stopped = false;
  let published = 0;

  const send = async (target: Target): Promise<void> => {
    if (target.busy || target.timer || stopped || !target.queue.length) return;
    target.busy = true;
    const items = target.queue.splice(0, batch);
    let retry = false;
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      if (res.status >= 500) throw new Error(`${res.status} ${text.trim().slice(0, 200)}`);
      // 4xx: Pushpin refuses these items and would refuse them again: said, and left.
      if (!res.ok) log(`[live] Pushpin at ${target.url} refused ${items.length} items (${res.status} ${text.trim().slice(0, 200)})`);
      else published += items.length;
      if (target.failures > 0 || target.dropped > 0) {
        log(`[live] Pushpin at ${target.url} takes changes again${target.dropped ? ` (${target.dropped} items were dropped meanwhile)` : ''}`);
      }
      target.failures = 0;
      target.dropped = 0;
    } catch (error) {
      retry = true;
      target.queue.unshift(...items);
      const wait = Math.min(MAX_BACKOFF_MS, 250 * 2 ** target.failures);
      if (target.failures === 0) log(`[live] publishing to Pushpin at ${target.url} failed (${(error as Error).message}); retrying, up to every ${MAX_BACKOFF_MS / 1000} s`);
      target.failures += 1;
      target.timer = setTimeout(() => {
        target.timer = null;
        void send(target);
      }, wait);
      target.timer.unref();
    } finally {
      target.busy = false;
    }
    if (!retry) void send(target);
  };

  const unsubscribe = feed.subscribe((change) => {
    if (!targets.length) return;
    const content = decoder.decode(change.wire);
    const id = String(change.id);
    const items: Item[] = positions.advance(change).map(({ channel, prev }) => ({
      channel,
      id,
      ...(prev === null ? {} : { 'prev-id': String(prev) }),
      formats: { 'http-stream': { content } },
    }));
    for (const target of targets) {
      target.queue.push(...items);
      if (target.queue.length > limit) {
        const over = target.queue.length - limit;
        target.queue.splice(0, over);
        if (target.dropped === 0) log(`[live] Pushpin at ${target.url} is behind by ${limit} items: the oldest are dropped (its readers recover them from the API)`);
        target.dropped += over;
      }
      void send(target);
    }
  });

  return {
    /** Items sent and accepted, over all instances; items waiting. */
    status: () => ({ published, waiting: targets.reduce((n, t) => n + t.queue.length, 0) }),
    stop: () => {
      stopped = true;
      unsubscribe();
      for (const target of targets) if (target.timer) clearTimeout(target.timer);
    },
  };
}
