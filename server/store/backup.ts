import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { basename, dirname, join, resolve } from 'node:path';
import { databasePath, readersDatabasePath, type Db } from './db.ts';

/**
 * Consistent online copies of both stores: `VACUUM INTO` reads one snapshot while the server keeps
 * serving and writing (WAL), and writes a compact standalone file. Each backup is a folder named by
 * its UTC time, e.g. `backups/2026-11-23T03-05-00Z/{marcador.db,readers.db}`; the newest `keep` are kept.
 * Restore: README, "Backups".
 */
export interface BackupOptions {
  dir?: string;
  keep?: number;
  now?: Date;
}

const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/;
const DEFAULT_KEEP = 7;

/** `BACKUP_DIR`, else `backups/` beside the stores' folder when DATABASE_PATH is set, else `./backups`. */
export function backupDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BACKUP_DIR) return env.BACKUP_DIR;
  return env.DATABASE_PATH && env.DATABASE_PATH !== ':memory:' ? join(dirname(env.DATABASE_PATH), 'backups') : resolve('backups');
}

export function backupKeep(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.BACKUP_KEEP);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_KEEP;
}

/** Backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => STAMP.test(name)).sort();
}

/** When the newest backup in `dir` was taken, or null when there is none. */
export function lastBackupAt(dir: string): Date | null {
  const newest = listBackups(dir).at(-1);
  if (!newest) return null;
  const [day, time] = newest.slice(0, -1).split('T');
  return new Date(`${day}T${time.replace(/-/g, ':')}Z`);
}

/**
 * Copies each store (`file name → open connection`) into a new timestamped folder of `dir`, then drops
 * the oldest beyond `keep`. The folder appears only once every copy is complete.
 */
export function backupStores(stores: Record<string, Db>, options: BackupOptions = {}): string {
  const dir = options.dir ?? backupDir();
  const keep = options.keep ?? backupKeep();
  const stamp = (options.now ?? new Date()).toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const target = join(dir, stamp);
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  for (const [file, db] of Object.entries(stores)) {
    db.prepare('VACUUM INTO ?').run(join(partial, file));
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  const all = listBackups(dir);
  for (const old of all.slice(0, Math.max(0, all.length - keep))) rmSync(join(dir, old), { recursive: true, force: true });
  return target;
}

/** The stores of this environment, opened for reading only (the server may be running). Missing ones are skipped. */
function openForBackup(env: NodeJS.ProcessEnv): Record<string, Db> {
  const stores: Record<string, Db> = {};
  for (const path of [databasePath(env), readersDatabasePath(env)]) {
    if (!existsSync(path) || !statSync(path).isFile()) {
      console.error(`[backup] ${path} does not exist: skipped`);
      continue;
    }
    const db = new DatabaseSync(path, { readOnly: true });
    db.exec('PRAGMA busy_timeout = 5000');
    stores[basename(path)] = db;
  }
  return stores;
}

// `npm run backup`
if (import.meta.url === `file://${process.argv[1]}`) {
  const stores = openForBackup(process.env);
  if (Object.keys(stores).length === 0) {
    console.error('[backup] no store to back up');
    process.exit(1);
  }
  const started = performance.now();
  const target = backupStores(stores);
  for (const db of Object.values(stores)) db.close();
  console.log(`[backup] ${Object.keys(stores).join(' and ')} copied to ${target} in ${Math.round(performance.now() - started)} ms (keeping the newest ${backupKeep()})`);
}
