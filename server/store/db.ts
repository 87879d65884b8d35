import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MIGRATIONS, type Migration } from './schema.ts';
import { syncClubAliases } from './club-aliases.ts';

export type Db = DatabaseSync;

/** Default store location; `DATABASE_PATH` overrides it (":memory:" works for tests). */
export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_PATH || resolve(process.cwd(), 'data/marcador.db');
}

/**
 * The readers' store (newsletter subscriptions, page views): `READERS_DATABASE_PATH`, else `readers.db`
 * beside the football store (`data/readers.db` by default). Never regenerated, migrated on its own.
 */
export function readersDatabasePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.READERS_DATABASE_PATH) return env.READERS_DATABASE_PATH;
  const football = databasePath(env);
  return football === ':memory:' ? ':memory:' : join(dirname(football), 'readers.db');
}

/**
 * Opens a store, switches to WAL and applies pending migrations. `readOnly`: opened for reading only
 * (a store whose file cannot be written still serves reads); it must need no migration.
 */
export function openDb(path = databasePath(), migrations: readonly Migration[] = MIGRATIONS, { readOnly = false } = {}): Db {
  if (path !== ':memory:' && !readOnly) mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, { readOnly });
  db.exec('PRAGMA busy_timeout = 5000');
  if (readOnly) {
    const pending = pendingMigrations(db, migrations);
    if (pending.length) throw new Error(`${path} is read-only and needs migrations ${pending.join(', ')}: make it writable and start again`);
    return db;
  }
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  // A reader and the sync job may overlap; wait rather than fail on a momentary lock (set above).
  migrate(db, migrations);
  // The football store's clubs are searched by the names fans use too (schema v3).
  if (migrations === MIGRATIONS) syncClubAliases(db);
  return db;
}

function pendingMigrations(db: Db, migrations: readonly Migration[]): number[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  const done = new Set(
    table ? (db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version) : [],
  );
  return migrations.filter((m) => !done.has(m.version)).map((m) => m.version);
}

export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version),
  );
  const applied: number[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    transaction(db, () => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    });
    applied.push(m.version);
  }
  return applied;
}

/**
 * Runs `fn` in one transaction: all of it lands, or none of it does. Inside an open transaction it
 * simply runs, so writers compose (a whole demo season lands as one unit).
 */
export function transaction<T>(db: Db, fn: () => T): T {
  if (db.isTransaction) return fn();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/** A JSON record kept in the meta table; undefined when absent or unreadable. */
export function getMetaJson<T>(db: Db, key: string): T | undefined {
  const raw = getMeta(db, key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
