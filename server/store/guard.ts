import { accessSync, constants, existsSync, statSync } from 'node:fs';
import type { Db } from './db.ts';
import { rescueStore } from './rescue.ts';

/** Why a write could not be kept. The first three are states of the file; the rest, what SQLite said. */
export type StoreProblem = 'deleted' | 'replaced' | 'read-only' | 'io-error' | 'disk-full' | 'corrupt' | 'busy';

/** A write the store cannot keep: answered 503 with Retry-After, never acknowledged. */
export class StoreUnavailableError extends Error {
  readonly store: string;
  readonly reason: StoreProblem;
  constructor(store: string, reason: StoreProblem) {
    super(`the ${store} store is unavailable (${reason})`);
    this.store = store;
    this.reason = reason;
  }
  /** Seconds a client should wait: a lock clears in moments; the rest need an operator. */
  get retryAfterS(): number {
    return this.reason === 'busy' ? 5 : 60;
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
  /** Why a write could not be kept right now, or null when it can. Logs (at most once a minute per kind). */
  problem: () => StoreProblem | null;
  /** Runs `write` only when the store can keep it; otherwise, or if SQLite fails it, throws StoreUnavailableError. */
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

/** SQLite's primary result codes that mean the storage failed, not the statement. */
const SQLITE_PROBLEMS: Record<number, StoreProblem> = {
  5: 'busy', // SQLITE_BUSY: another writer held the lock past busy_timeout
  6: 'busy', // SQLITE_LOCKED
  8: 'read-only', // SQLITE_READONLY and its extended codes (a file made read-only or moved under us)
  10: 'io-error', // SQLITE_IOERR_*: the disk or the file system refused a read or write
  11: 'corrupt', // SQLITE_CORRUPT
  13: 'disk-full', // SQLITE_FULL
  14: 'io-error', // SQLITE_CANTOPEN: e.g. the WAL or a temp file could not be opened
  15: 'io-error', // SQLITE_PROTOCOL: the WAL lock protocol failed
  26: 'corrupt', // SQLITE_NOTADB: the file is no longer a database
};

/** What a SQLite error says about the storage, or null for an error of the statement itself (a bug: 500). */
export function storageProblem(error: unknown): StoreProblem | null {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  if (typeof code !== 'number') return null;
  return SQLITE_PROBLEMS[code & 0xff] ?? null;
}

const LOG_EVERY_MS = 60_000;

/**
 * Logs a store's problems at most once a minute per kind, whatever the request rate: the first time
 * at once, then with how many more writes were refused since. No stack traces: the kind and SQLite's
 * own words say what an operator needs.
 */
export function problemLog(name: string, path: string, log: (m: string) => void, nowMs: () => number = Date.now) {
  const last = new Map<StoreProblem, { at: number; since: number }>();
  let state: StoreProblem | null = null;
  return {
    refused(kind: StoreProblem, detail?: string) {
      const t = nowMs();
      const seen = last.get(kind);
      if (seen && t - seen.at < LOG_EVERY_MS) {
        seen.since += 1;
        return;
      }
      const more = seen && seen.since > 0 ? ` (${seen.since} more refused since the last report)` : '';
      const what = detail ? ` (SQLite: ${detail})` : '';
      const until =
        kind === 'busy' || kind === 'io-error' || kind === 'disk-full'
          ? 'writes are refused (503) while it lasts'
          : kind === 'read-only'
            ? 'writes are refused (503) until the file is writable again'
            : 'writes are refused (503) until it is restored and the server restarted';
      log(`[store] the ${name} store ${path} is ${describe(kind)}: ${until}${what}${more}`);
      last.set(kind, { at: t, since: 0 });
    },
    /** A file state (deleted, replaced, read-only) noticed or gone: says when it clears. */
    state(kind: StoreProblem | null) {
      if (kind === state) return;
      if (kind === null) log(`[store] the ${name} store ${path} accepts writes again`);
      state = kind;
      if (kind) this.refused(kind);
    },
  };
}

function describe(kind: StoreProblem): string {
  switch (kind) {
    case 'io-error':
      return 'failing (I/O error)';
    case 'disk-full':
      return 'on a full disk';
    case 'busy':
      return 'locked by another writer past the busy timeout';
    default:
      return kind;
  }
}

/**
 * Watches the file a store was opened from. SQLite keeps writing through its open descriptor when
 * the file is deleted or replaced, and those writes are gone at the next start: so before every
 * write the file is checked (a stat and an access check, microseconds) to still be the one that was
 * opened, and writable. `rescue`: on a deleted or replaced file, first copy what the open handle
 * still holds to a rescue file beside it (server/store/rescue.ts), which the next start takes up.
 */
export function guardStore(
  name: string,
  db: Db,
  path: string,
  options: { readOnly?: boolean; log?: (m: string) => void; rescue?: boolean } = {},
): GuardedStore {
  const log = options.log ?? ((m: string) => console.error(m));
  const readOnly = options.readOnly ?? false;
  const opened = path === ':memory:' ? null : identity(path);
  const problems = problemLog(name, path, log);
  let lost: 'deleted' | 'replaced' | null = null;
  let rescued = false;
  let rescueTriedAt = -Infinity;

  const rescue = () => {
    if (rescued || !options.rescue || Date.now() - rescueTriedAt < LOG_EVERY_MS) return;
    rescueTriedAt = Date.now();
    try {
      const file = rescueStore(db, path);
      rescued = true;
      log(`[store] RESCUE: the ${name} store ${path} was ${lost} while open; everything it held is copied to ${file}, which the next start takes up`);
    } catch (error) {
      log(`[store] RESCUE FAILED for the ${name} store ${path} (${lost}): ${(error as Error).message}; keep this process running and copy the data out before stopping it (README, "Storage errors")`);
    }
  };

  const problem = (): StoreProblem | null => {
    let reason: StoreProblem | null = lost ?? (readOnly ? 'read-only' : null);
    if (!reason && opened) {
      try {
        if (identity(path) !== opened) reason = 'replaced';
        else if (!isWritable(path) || !isWritable(`${path}-wal`)) reason = 'read-only';
      } catch {
        reason = 'deleted';
      }
      // Once the file is gone it stays gone for this process: the handle no longer writes anywhere kept.
      if (reason === 'deleted' || reason === 'replaced') lost = reason;
    }
    if (lost) rescue();
    problems.state(reason);
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
      if (reason) {
        problems.refused(reason);
        throw new StoreUnavailableError(name, reason);
      }
      try {
        return write(db);
      } catch (error) {
        const kind = storageProblem(error);
        if (!kind) throw error;
        problems.refused(kind, (error as Error).message);
        throw new StoreUnavailableError(name, kind);
      }
    },
  };
}
