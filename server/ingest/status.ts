import { getMetaJson, setMeta, type Db } from '../store/db.ts';
import { LIVE_POLL_MS, type QuotaPlanner } from './quota.ts';

/**
 * What the ingest did and when, for operators (`GET /api/admin/ingest`) and its log: each kind of
 * poll's last result and next time, the live cadence and why, the last error, the changes published.
 * Saved in the store's meta table after every request, so an API in another process (`npm run ingest`
 * beside `npm start`) answers from it.
 */

export type PollKind = 'live' | 'details' | 'standings' | 'daily' | 'weekly';

interface PollRecord {
  lastAt: string | null;
  nextAt: string | null;
  lastResult: string | null;
}

const STATUS_KEY = 'ingest.status';

interface IngestRecordOptions {
  db: Db;
  mode: string;
  planner: QuotaPlanner;
  now: () => Date;
  log: (message: string) => void;
  /** The worker's whole status (this record's snapshot and what the worker holds), as saved. */
  status: () => object;
}

export class IngestRecord {
  readonly polls: Record<PollKind, PollRecord> = {
    weekly: { lastAt: null, nextAt: null, lastResult: null },
    live: { lastAt: null, nextAt: null, lastResult: null },
    details: { lastAt: null, nextAt: null, lastResult: null },
    standings: { lastAt: null, nextAt: null, lastResult: null },
    daily: { lastAt: null, nextAt: null, lastResult: null },
  };
  liveCadence: { everyMs: number | null; reason: string } = { everyMs: LIVE_POLL_MS, reason: 'not planned yet' };
  changesPublished = 0;
  private lastError: { at: string; message: string } | null = null;

  private readonly options: IngestRecordOptions;

  constructor(options: IngestRecordOptions) {
    this.options = options;
  }

  /** A request answered: logged with the quota left, and kept. Returns the result (the worker's tick answers it). */
  done(kind: PollKind, result: string, started: number): string {
    const quota = this.options.planner.snapshot();
    this.polls[kind].lastAt = this.options.now().toISOString();
    this.polls[kind].lastResult = result;
    this.saveQuota();
    this.options.log(`[ingest] ${kind}: ${result} in ${Math.round(performance.now() - started)} ms · ${quota.used} used, ${quota.remaining} left today`);
    this.save();
    return result;
  }

  failed(message: string): void {
    this.lastError = { at: this.options.now().toISOString(), message };
    this.saveQuota();
    this.options.log(`[ingest] failed: ${message}`);
    this.save();
  }

  /** The planner's day (requests used, limits, pause) survives a restart. */
  saveQuota(): void {
    setMeta(this.options.db, `ingest.quota.${this.options.mode}`, JSON.stringify(this.options.planner.persisted()));
  }

  /** The record's part of the worker's status (the worker adds what it holds: running, queue, lease). */
  snapshot() {
    const { everyMs, reason } = this.liveCadence;
    return {
      quota: this.options.planner.snapshot(),
      live: { ...this.polls.live, everySeconds: everyMs === null ? null : everyMs / 1000, cadence: reason },
      details: this.polls.details,
      standings: this.polls.standings,
      daily: this.polls.daily,
      weekly: this.polls.weekly,
      changesPublished: this.changesPublished,
      lastError: this.lastError,
    };
  }

  private save(): void {
    setMeta(this.options.db, STATUS_KEY, JSON.stringify({ ...this.options.status(), savedAt: this.options.now().toISOString() }));
  }
}

/** The status an ingest in another process last saved, for `GET /api/admin/ingest`. */
export function storedIngestStatus(db: Db): object {
  return getMetaJson<object>(db, STATUS_KEY) ?? { running: false, message: 'No ingest has run on this store yet: start `npm run ingest`, or `npm start` without INGEST=0.' };
}
