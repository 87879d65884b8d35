/**
 * Open streams per reader when Pushpin holds them (contract/live.ts LIVE_MAX_STREAMS_PER_CLIENT). The API
 * never sees a held stream close, so Pushpin counts: every stream a reader opens subscribes to that
 * reader's own channel (`readerChannel`), and Pushpin's stats socket says how many streams are subscribed
 * to each channel, again within a second of every change, at once when the last one closes, and every
 * 45 s (`stats_subscription_ttl` 60). The API keeps one number per reader and Pushpin instance, never one
 * entry per stream, and reads every instance's stats: a reader's streams count across instances and
 * across API processes alike.
 *
 * A stream this process just admitted is not in Pushpin's count yet: it is counted as pending until the
 * count of its reader rises (or for PENDING_MS, when the reader went away before Pushpin held it).
 */

export const READER_CHANNEL_PREFIX = 'reader-';
const PENDING_MS = 5_000;
/** A count Pushpin stopped refreshing (an instance that died, whose readers went with it) lapses after its TTL and half. */
const TTL_SLACK = 1.5;

/** The channel every stream of `client` subscribes to: its address, base64url (no `,` or `;`, which GRIP headers split on). */
export function readerChannel(client: string): string {
  return READER_CHANNEL_PREFIX + Buffer.from(client, 'utf8').toString('base64url');
}

/** The reader whose channel `channel` is, or null for any other channel. */
export function clientOfChannel(channel: string): string | null {
  if (!channel.startsWith(READER_CHANNEL_PREFIX)) return null;
  return Buffer.from(channel.slice(READER_CHANNEL_PREFIX.length), 'base64url').toString('utf8');
}

interface Count {
  streams: number;
  until: number;
}

interface SubStats {
  channel?: unknown;
  mode?: unknown;
  subscribers?: unknown;
  ttl?: unknown;
  unavailable?: unknown;
}

export class HeldStreams {
  /** Pushpin instance (its stats address) → reader → streams held there. */
  private readonly held = new Map<string, Map<string, Count>>();
  /** Reader → when this process admitted streams Pushpin has not counted yet. */
  private readonly pending = new Map<string, number[]>();
  private readonly max: number;
  private readonly now: () => number;

  constructor(maxPerClient: number, now: () => number = Date.now) {
    this.max = maxPerClient;
    this.now = now;
  }

  /** Streams of `client` held or about to be. */
  open(client: string): number {
    let n = this.pendingOf(client).length;
    for (const counts of this.held.values()) {
      const count = counts.get(client);
      if (count && count.until > this.now()) n += count.streams;
    }
    return n;
  }

  /** Takes one more stream for `client`, or false at the cap. */
  admit(client: string): boolean {
    if (this.open(client) >= this.max) return false;
    const pending = this.pendingOf(client);
    pending.push(this.now());
    this.pending.set(client, pending);
    return true;
  }

  /** One stats message of `source` (`sub J{…}`); other kinds and channels are ignored. */
  onStats(source: string, message: Buffer | string): void {
    const text = typeof message === 'string' ? message : message.toString('utf8');
    if (!text.startsWith('sub J')) return;
    let stats: SubStats;
    try {
      stats = JSON.parse(text.slice(5)) as SubStats;
    } catch {
      return;
    }
    if (stats.mode !== 'stream' || typeof stats.channel !== 'string') return;
    const client = clientOfChannel(stats.channel);
    if (client === null) return;
    const counts = this.held.get(source) ?? new Map<string, Count>();
    this.held.set(source, counts);
    const before = counts.get(client)?.streams ?? 0;
    if (stats.unavailable === true) {
      counts.delete(client);
      return;
    }
    const streams = typeof stats.subscribers === 'number' ? stats.subscribers : 1;
    const ttl = typeof stats.ttl === 'number' && stats.ttl > 0 ? stats.ttl : 60;
    counts.set(client, { streams, until: this.now() + ttl * 1000 * TTL_SLACK });
    // The streams Pushpin now holds beyond its last count are the ones admitted here, oldest first.
    const pending = this.pending.get(client);
    if (pending && streams > before) {
      pending.splice(0, streams - before);
      if (!pending.length) this.pending.delete(client);
    }
  }

  /** Pushpin's stats connection dropped: its counts go (a restarted Pushpin holds none of them). */
  forget(source: string): void {
    this.held.delete(source);
  }

  /** Drops lapsed counts and pending admissions; the server calls it every few seconds. */
  sweep(): void {
    const now = this.now();
    for (const counts of this.held.values()) for (const [client, count] of counts) if (count.until <= now) counts.delete(client);
    for (const client of [...this.pending.keys()]) this.pendingOf(client);
  }

  /** Readers known, for the bench and operators: what this costs grows with them, not with their streams. */
  get readers(): number {
    const all = new Set<string>(this.pending.keys());
    for (const counts of this.held.values()) for (const client of counts.keys()) all.add(client);
    return all.size;
  }

  private pendingOf(client: string): number[] {
    const pending = this.pending.get(client);
    if (!pending) return [];
    const since = this.now() - PENDING_MS;
    while (pending.length && pending[0]! <= since) pending.shift();
    if (!pending.length) this.pending.delete(client);
    return pending;
  }
}
