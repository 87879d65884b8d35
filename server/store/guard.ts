import { accessSync, constants, existsSync, statSync } from 'node:fs';
import type { Db } from './db.ts';

/** A write the store cannot keep: answered 503, never acknowledged. */
export class StoreUnavailableError extends Error {
  readonly store: string;
  readonly reason: 'deleted' | 'replaced' | 'read-only';
  constructor(store: string, reason: 'deleted' | 'replaced' | 'read-only') {
    super(`the ${store} store is ${reason}`);
    this.store = store;
    this.reason = reason;
  }
}

/** A store and the file it was opened from, with the identity (device, inode) it had then. */
export interface GuardedStore {
  /** 'football' or 'readers': named in log lines. */
  name: string;
  db: Db;
  path: string;
  /** Opened read-only (the file or its folder is not writable): reads work, writes answer 503. */
  readOnly: boolean;
  /** Why a write could not be kept right now, or null when it can. Logs once when that changes. */
  problem: () => StoreUnavailableError['reason'] | null;
  /** Runs `write` only when the store can keep it; otherwise, or if SQLite refuses it, throws StoreUnavailableError. */
  write: <T>(write: (db: Db) => T) => T;
}

const identity = (path: string) => {
  const s = statSync(path);
  return `${s.dev}:${s.ino}`;
};

/** Whether the store at `path` can be written (false for a read-only or immutable file; true when it does not exist yet). */
export function isWritable(path: string): boolean {
  if (path === ':memory:' || !existsSync(path)) return true;
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Watches the file a store was opened from. SQLite keeps writing through its open descriptor when
 * the file is deleted or replaced, and those writes are gone at the next start: so before every
 * write the file is checked (one stat, microseconds) to still be the one that was opened.
 */
export function guardStore(name: string, db: Db, path: string, options: { readOnly?: boolean; log?: (m: string) => void } = {}): GuardedStore {
  const log = options.log ?? ((m: string) => console.error(m));
  const readOnly = options.readOnly ?? false;
  const opened = path === ':memory:' ? null : identity(path);
  let reported: string | null = null;

  const report = (reason: StoreUnavailableError['reason'] | null) => {
    if (reason === reported) return;
    if (reason) log(`[store] the ${name} store ${path} is ${reason}: writes are refused (503) until it is restored and the server restarted`);
    else log(`[store] the ${name} store ${path} accepts writes again`);
    reported = reason;
  };

  const problem = (): StoreUnavailableError['reason'] | null => {
    let reason: StoreUnavailableError['reason'] | null = readOnly ? 'read-only' : null;
    if (!reason && opened) {
      try {
        if (identity(path) !== opened) reason = 'replaced';
      } catch {
        reason = 'deleted';
      }
    }
    report(reason);
    return reason;
  };

  return {
    name,
    db,
    path,
    readOnly,
    problem,
    write(write) {
      const reason = problem();
      if (reason) throw new StoreUnavailableError(name, reason);
      try {
        return write(db);
      } catch (error) {
        // SQLITE_READONLY and its extended codes (e.g. a file made read-only or moved under us).
        if ((error as { errcode?: number }).errcode !== undefined && ((error as { errcode: number }).errcode & 0xff) === 8) {
          report('read-only');
          throw new StoreUnavailableError(name, 'read-only');
        }
        throw error;
      }
    },
  };
}
