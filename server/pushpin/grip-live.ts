import { randomInt } from 'node:crypto';
import type { Context, Hono, Next } from 'hono';
import { LIVE_EVENT_NAMES, LIVE_HEARTBEAT_MS, LIVE_MAX_STREAMS_PER_CLIENT } from '../../contract/live.ts';
import type { ErrorBody } from '../../contract/envelope.ts';
import type { ChangeFeed } from '../ingest/changes.ts';
import { clientAddress, type ClientAddressPolicy } from '../http/client-address.ts';
import { idList } from '../routes/live.ts';
import type { Db } from '../store/db.ts';
import { ChannelPositions, channelFor, readerChannels } from './channels.ts';
import { PUSHPIN_ISSUER, type PushProxyConfig } from './config.ts';
import { clientOfChannel, HeldStreams, readerChannel } from './held-streams.ts';
import { subscribeZmq } from './zmtp.ts';

/**
 * `GET /api/live` through Pushpin (PUSH_PROXY): a request Pushpin signed (`Grip-Sig`, checked with
 * PUSH_PROXY_KEY) is answered with GRIP instructions instead of a stream. Pushpin holds the stream
 * (`Grip-Hold: stream`) on the reader's channels (channels.ts) and the reader's own (held-streams.ts),
 * sends the body (what the embedded stream sends first: `retry`, `: connected`, the replay after
 * Last-Event-ID) and then whatever the ingest publishes to those channels; `: ping` when idle. The wire is
 * the embedded stream's, byte for byte: readers' EventSource code does not know which one it reads.
 *
 * Each channel carries its last change id (`prev-id`) and the answer a link back here (`Grip-Link`
 * rel=next): when an item reaches Pushpin whose previous id is not the stream's, Pushpin asks that link
 * with the ids the stream got (`Grip-Last`) and appends the answer, the changes in between. It also asks
 * a second after a channel is new to it (a subscription may miss what was published meanwhile): a reader's
 * first streams cost one more request each, which answers nothing new. A request without a valid signature (a reader that reached the API directly, or wrote the header itself) gets the
 * embedded stream (server/routes/live.ts), as does every request without PUSH_PROXY.
 */

export interface GripLiveOptions {
  config: PushProxyConfig;
  feed: ChangeFeed;
  /** The football store: a fixture's league. */
  db: Db;
  trustProxy: ClientAddressPolicy | boolean;
  /** Reads what another process's ingest wrote before an answer (INGEST=0), so its replay is as new as Pushpin's items. */
  sync?: () => void;
  maxPerClient?: number;
  heartbeatMs?: number;
  log?: (message: string) => void;
}

const encoder = new TextEncoder();
const FIRST_BYTES: Uint8Array = encoder.encode('retry: 3000\n: connected\n\n');
const RESET: Uint8Array = encoder.encode(`event: ${LIVE_EVENT_NAMES.reset}\ndata: {}\n\n`);
const SWEEP_MS = 5_000;
/** How long a checked Grip-Sig is taken again without checking: Pushpin signs a new one each second. */
const SIG_CACHE_MS = 60_000;
/**
 * Pushpin asks a stream's next link again after this many seconds (120 without it), every stream at
 * once, 1,000 a second: 20,000 requests every two minutes for nothing. About 23 days (its timer is a
 * 32-bit count of milliseconds).
 */
const NEXT_LINK_TIMEOUT_S = 2_000_000;
/**
 * The reader's own channel never carries an item: its prev-id only makes Pushpin name it in Grip-Last. One of
 * its own for each answer: Pushpin merges recovery requests whose link and Grip-Last are the same into one,
 * and streams recovered by one shared answer were seen to stay held without their channels (bench/pushpin.ts).
 */
const readerPrevId = () => String(randomInt(1, 2 ** 47));

/** `Grip-Last: league-242; last-id=812, fixture-5; last-id=790` (one header or several) → channel → id. */
export function parseGripLast(header: string | undefined): Map<string, number> {
  const last = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const m = /^\s*([^;\s]+)\s*;\s*last-id=(\d+)\s*$/.exec(part);
    if (m) last.set(m[1]!, Number(m[2]));
  }
  return last;
}

/** What a stream Pushpin recovers missed: each change after the id its channel last had, or a reset. */
export function missedSince(feed: ChangeFeed, gripLast: Map<string, number>, subscribed: ReadonlySet<string>): Uint8Array[] {
  const last = new Map([...gripLast].filter(([channel]) => subscribed.has(channel)));
  if (!last.size) return [];
  const missed = feed.since(Math.min(...last.values()));
  if (missed === null) return [RESET];
  const out: Uint8Array[] = [];
  for (const change of missed) {
    const channel = channelFor(change, subscribed);
    const seen = channel === null ? undefined : last.get(channel);
    if (seen !== undefined && change.id > seen) out.push(change.wire);
  }
  return out;
}

/** The embedded stream's first bytes for a reader coming back with `lastEventId`. */
function firstBody(feed: ChangeFeed, lastEventId: string | undefined, subscribed: ReadonlySet<string>): Uint8Array[] {
  const out = [FIRST_BYTES];
  if (lastEventId === undefined || !/^\d+$/.test(lastEventId)) return out;
  const missed = feed.since(Number(lastEventId));
  if (missed === null) out.push(RESET);
  else for (const change of missed) if (channelFor(change, subscribed) !== null) out.push(change.wire);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

export function registerGripLiveRoute(app: Hono, options: GripLiveOptions) {
  const log = options.log ?? ((m: string) => console.error(m));
  const { config, feed } = options;
  const heartbeatS = Math.round((options.heartbeatMs ?? LIVE_HEARTBEAT_MS) / 1000);
  const held = new HeldStreams(options.maxPerClient ?? LIVE_MAX_STREAMS_PER_CLIENT);
  const positions = new ChannelPositions();
  const unfollow = positions.follow(feed);
  const stats = config.stats.map((spec) => subscribeZmq(spec, { prefixes: ['sub '], onMessage: (m) => held.onStats(spec, m), onState: (up) => up || held.forget(spec), log }));
  const sweep = setInterval(() => held.sweep(), SWEEP_MS);
  sweep.unref();
  // Loaded only where Pushpin is used; started now, so the first request does not wait for it.
  const grip = import('@fanoutio/grip');
  const leagueOf = options.db.prepare('SELECT league_id AS league FROM fixtures WHERE id = ?');
  const checked = { sig: '', until: 0 };
  let warned = false;

  const signed = async (sig: string): Promise<boolean> => {
    if (sig === checked.sig && Date.now() < checked.until) return true;
    const ok = await (await grip).validateSig(sig, config.key, PUSHPIN_ISSUER);
    if (ok) Object.assign(checked, { sig, until: Date.now() + SIG_CACHE_MS });
    else if (!warned) {
      warned = true;
      log('[live] a request to /api/live carried a Grip-Sig that PUSH_PROXY_KEY does not verify: it gets the embedded stream (is sig_key in pushpin.conf the same?)');
    }
    return ok;
  };

  app.get('/api/live', async (c: Context, next: Next) => {
    const sig = c.req.header('grip-sig');
    if (!sig || !(await signed(sig))) return next();
    let leagues: Set<number> | null;
    let fixtures: Set<number> | null;
    try {
      leagues = idList(c.req.query('leagues'), 'leagues');
      fixtures = idList(c.req.query('fixtures'), 'fixtures');
    } catch {
      // The embedded route says what is wrong (400).
      return next();
    }
    options.sync?.();
    const channels = readerChannels(leagues, fixtures, (id) => (leagueOf.get(id) as { league: number } | undefined)?.league ?? null);
    const subscribed = new Set(channels);
    // Pushpin asking for what a stream missed (it drops any Grip- header a client sends): the stream's
    // reader is in Grip-Last, as the channel with the prev-id given here. Its streams are counted already.
    const last = parseGripLast(c.req.header('grip-last'));
    const recovering = [...last.keys()].map(clientOfChannel).find((client) => client !== null) ?? null;
    const client = recovering ?? clientAddress(c, options.trustProxy);
    if (recovering === null && !held.admit(client)) {
      c.header('retry-after', '60');
      c.header('cache-control', 'no-store');
      return c.json({ message: 'Demasiadas conexiones en vivo; la página se actualizará cada pocos segundos.' } satisfies ErrorBody, 503);
    }
    const body = recovering === null ? firstBody(feed, c.req.header('last-event-id') ?? c.req.query('lastEventId'), subscribed) : missedSince(feed, last, subscribed);
    const { Channel, createGripChannelHeader, createKeepAliveHeader, createNextLinkHeader } = await grip;
    // The same link for every reader of the same filter: Pushpin groups the streams it recovers by link.
    const link = new URLSearchParams();
    if (leagues) link.set('leagues', [...leagues].join(','));
    if (fixtures) link.set('fixtures', [...fixtures].join(','));
    const gripChannels = [new Channel(readerChannel(client), readerPrevId()), ...channels.map((name) => new Channel(name, positions.get(name)?.toString() ?? null))];
    return new Response(concat(body), {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'grip-hold': 'stream',
        'grip-channel': createGripChannelHeader(gripChannels),
        'grip-keep-alive': createKeepAliveHeader(': ping\n\n', heartbeatS),
        'grip-link': createNextLinkHeader(link.size ? `/api/live?${link}` : '/api/live', NEXT_LINK_TIMEOUT_S),
      },
    });
  });

  return {
    held,
    close: () => {
      unfollow();
      clearInterval(sweep);
      for (const s of stats) s.close();
    },
  };
}
