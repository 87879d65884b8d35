import type { Db } from '../store/db.ts';
import { LIVE_EVENT_NAMES, LIVE_REPLAY_BUFFER, type LiveFixtureChange, type LiveStandingsChange } from '../../contract/live.ts';

/**
 * What the ingest wrote, as a feed: every write that changed something a reader sees publishes one
 * change (contract/live.ts). `/api/live` fans them out to readers, the server clears its response
 * cache with them and queues rebuilds at a final whistle. Each change is encoded once, whatever the
 * number of streams it goes to: with thousands of open streams the per-reader cost is one write.
 */
export type Change =
  | { id: number; type: 'fixture'; league: number; fixture: number; data: LiveFixtureChange; wire: Uint8Array }
  | { id: number; type: 'standings'; league: number; fixture: null; data: LiveStandingsChange; wire: Uint8Array };

export type ChangeInput = { type: 'fixture'; data: LiveFixtureChange } | { type: 'standings'; data: LiveStandingsChange };

export type ChangeListener = (change: Change) => void;

const encoder = new TextEncoder();

/** One SSE message: `id`, `event`, `data` lines and the blank line that ends it. */
export function sseMessage(id: number, event: string, data: unknown): Uint8Array {
  return encoder.encode(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export class ChangeFeed {
  private nextId: number;
  private readonly capacity: number;
  private readonly buffer: Change[] = [];
  private readonly listeners = new Set<ChangeListener>();

  /**
   * `firstId` should differ between runs of the server (the start time is a good one): a reader
   * reconnecting with an id of an earlier run then gets `reset` instead of a wrong replay.
   */
  constructor(capacity = LIVE_REPLAY_BUFFER, firstId = Date.now()) {
    this.capacity = capacity;
    this.nextId = firstId;
  }

  /** `id` only when relaying a change another process published (see `tailStoredChanges`). */
  publish(input: ChangeInput, id = this.nextId): Change {
    this.nextId = Math.max(this.nextId, id + 1);
    const league = input.data.league;
    const change: Change =
      input.type === 'fixture'
        ? { id, type: 'fixture', league, fixture: input.data.fixture, data: input.data, wire: sseMessage(id, LIVE_EVENT_NAMES.fixture, input.data) }
        : { id, type: 'standings', league, fixture: null, data: input.data, wire: sseMessage(id, LIVE_EVENT_NAMES.standings, input.data) };
    this.buffer.push(change);
    if (this.buffer.length > this.capacity) this.buffer.shift();
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        console.error(`[live] a change listener failed: ${(error as Error).message}`);
      }
    }
    return change;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The id of the last change published, or null before the first. */
  get lastId(): number | null {
    return this.buffer.length ? this.buffer[this.buffer.length - 1].id : null;
  }

  /**
   * The changes after `lastSeen`, or null when the buffer no longer reaches back that far (or the id
   * is from another run): the reader must reload instead.
   */
  since(lastSeen: number): Change[] | null {
    if (this.buffer.length === 0) return lastSeen === this.nextId - 1 ? [] : null;
    const oldest = this.buffer[0].id;
    if (lastSeen < oldest - 1 || lastSeen >= this.nextId) return null;
    return this.buffer.filter((c) => c.id > lastSeen);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}

/**
 * The store as the bus between an ingest in another process (`npm run ingest`) and the API's
 * `/api/live`: the ingest appends each change to `live_changes`, the API reads what is new a few
 * times a second and relays it under the same id. A table of the ingest's own, created where used,
 * trimmed to the replay buffer's length.
 */
const LOG_SQL = `CREATE TABLE IF NOT EXISTS live_changes (id INTEGER PRIMARY KEY, type TEXT NOT NULL, data TEXT NOT NULL)`;

export function storeChangesIn(db: Db, feed: ChangeFeed): () => void {
  db.exec(LOG_SQL);
  const insert = db.prepare('INSERT OR REPLACE INTO live_changes (id, type, data) VALUES (?, ?, ?)');
  const trim = db.prepare('DELETE FROM live_changes WHERE id <= ?');
  return feed.subscribe((change) => {
    insert.run(change.id, change.type, JSON.stringify(change.data));
    trim.run(change.id - LIVE_REPLAY_BUFFER);
  });
}

export function tailStoredChanges(db: Db, feed: ChangeFeed, everyMs = 250): { stop: () => void; poll: () => void } {
  try {
    db.exec(LOG_SQL);
  } catch {
    // A read-only store (served as it is): no ingest can write to it, so there is nothing to relay.
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'live_changes'").get()) return { stop: () => {}, poll: () => {} };
  }
  const read = db.prepare('SELECT id, type, data FROM live_changes WHERE id > ? ORDER BY id');
  // Only what is published from now on: a reader reconnecting to a fresh API gets a reset, not old news.
  let last = (db.prepare('SELECT MAX(id) AS id FROM live_changes').get() as { id: number | null }).id ?? 0;
  const poll = () => {
    try {
      for (const row of read.all(last) as Array<{ id: number; type: 'fixture' | 'standings'; data: string }>) {
        last = row.id;
        feed.publish({ type: row.type, data: JSON.parse(row.data) } as ChangeInput, row.id);
      }
    } catch (error) {
      console.error(`[live] reading the ingest's changes failed: ${(error as Error).message}`);
    }
  };
  const timer = setInterval(poll, everyMs);
  timer.unref();
  // `poll` reads at once: an answer through Pushpin must know every change Pushpin may already have had.
  return { stop: () => clearInterval(timer), poll };
}
