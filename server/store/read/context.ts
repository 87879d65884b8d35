import type { Db } from '../db.ts';

export interface ReaderOptions {
  now: () => Date;
}

export type Row = Record<string, unknown>;

/** A stored provider object (the `data` JSON column of a row). */
export const parse = <T>(row: unknown): T => JSON.parse((row as { data: string }).data) as T;

/** What every entity's reads share: the store, the clock and a cache of prepared statements. */
export interface ReadContext {
  db: Db;
  options: ReaderOptions;
  nowMs: () => number;
  /** A prepared statement for `sql`, prepared once per reader. */
  stmt: (sql: string) => ReturnType<Db['prepare']>;
}

export function readContext(db: Db, options: ReaderOptions): ReadContext {
  const cache = new Map<string, ReturnType<Db['prepare']>>();
  return {
    db,
    options,
    nowMs: () => options.now().getTime(),
    stmt: (sql) => {
      let s = cache.get(sql);
      if (!s) {
        s = db.prepare(sql);
        cache.set(sql, s);
      }
      return s;
    },
  };
}
