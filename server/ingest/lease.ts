import { hostname } from 'node:os';
import { getMetaJson, setMeta, type Db } from '../store/db.ts';

/** How long an ingest's hold on its store lasts without being renewed (a crashed process lets go). */
const LEASE_MS = 30_000;

/**
 * One ingest per store (ARCHITECTURE.md: the ingest stays a single writer): a worker holds a lease in
 * the store's meta table, renewed as it runs; a second one (`npm run ingest` beside `npm start`, two
 * servers on one file) waits until the lease lapses instead of writing over the first one's data.
 * On the real clock, whatever clock the worker plans on.
 */
export class StoreLease {
  private readonly owner = `${process.pid}@${hostname()}:${Math.random().toString(36).slice(2, 8)}`;
  private renewAt = 0;
  /** Another ingest holds the store: this one waits (shown in the ingest's status). */
  refused = false;

  private readonly db: Db;
  private readonly log: (message: string) => void;

  constructor(db: Db, log: (message: string) => void) {
    this.db = db;
    this.log = log;
  }

  /** True while this worker may write: takes or renews the lease, or says who holds it. */
  hold(): boolean {
    const realNow = Date.now();
    if (realNow < this.renewAt) return true;
    const lease = getMetaJson<{ owner: string; until: number }>(this.db, 'ingest.lease');
    if (lease && lease.owner !== this.owner && lease.until > realNow) {
      if (!this.refused) this.log(`[ingest] another ingest (${lease.owner}) keeps this store current; this one waits until it stops`);
      this.refused = true;
      return false;
    }
    if (this.refused) this.log('[ingest] the other ingest stopped: this one takes over');
    this.refused = false;
    setMeta(this.db, 'ingest.lease', JSON.stringify({ owner: this.owner, until: realNow + LEASE_MS }));
    this.renewAt = realNow + LEASE_MS / 3;
    return true;
  }

  /** Hands the store over at once rather than when the lease lapses. */
  release(): void {
    const lease = getMetaJson<{ owner: string }>(this.db, 'ingest.lease');
    if (lease?.owner === this.owner && this.db.isOpen) setMeta(this.db, 'ingest.lease', JSON.stringify({ owner: this.owner, until: 0 }));
  }
}
