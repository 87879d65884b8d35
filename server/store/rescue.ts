import { existsSync, readdirSync, renameSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { Db } from './db.ts';

/**
 * Rescue files: when the readers' store file is deleted or replaced while the server runs, the open
 * connection still holds every acknowledged write (SQLite reads through its descriptor). Before any
 * write is refused, that is copied with `VACUUM INTO` to `readers.rescue-<UTC time>.db` beside the
 * store; the next start takes it up (applyRescues), so nothing a reader was told is kept is lost.
 */

const stamp = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

function stem(path: string): string {
  const base = basename(path);
  return base.slice(0, base.length - extname(base).length) || base;
}

/** `readers.db` → `readers.rescue-2026-11-25T14-05-00Z.db` (a counter keeps two in one second apart). */
function rescueName(path: string, at: Date): string {
  const ext = extname(path) || '.db';
  let name = join(dirname(path), `${stem(path)}.rescue-${stamp(at)}${ext}`);
  for (let n = 2; existsSync(name); n++) name = join(dirname(path), `${stem(path)}.rescue-${stamp(at)}-${n}${ext}`);
  return name;
}

/** Copies what `db` holds (WAL included) to a new rescue file beside `path`; returns its path. */
export function rescueStore(db: Db, path: string, at = new Date()): string {
  const target = rescueName(path, at);
  const partial = `${target}.partial`;
  db.prepare('VACUUM INTO ?').run(partial);
  // Complete or absent: a crash mid-copy leaves only a .partial, which nothing takes up.
  renameSync(partial, target);
  return target;
}

/** Rescue files beside `path`, oldest first. */
export function listRescues(path: string): string[] {
  const dir = dirname(path);
  if (!existsSync(dir)) return [];
  const pattern = new RegExp(`^${stem(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.rescue-[0-9TZ-]+\\${extname(path) || '.db'}$`);
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * At start, before the readers' store is opened: a missing store becomes the newest rescue file left
 * by a run whose store was deleted or replaced. Returns the log line, or null when there was nothing to do.
 */
export function adoptRescue(path: string, now = new Date()): string | null {
  if (path === ':memory:' || existsSync(path)) return null;
  const newest = listRescues(path).at(-1);
  if (!newest) return null;
  // A WAL or shared-memory file left beside the missing store belongs to the file that is gone:
  // SQLite would replay it onto the rescue.
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, `${path}${suffix}.stale-${stamp(now)}`);
  }
  renameSync(newest, path);
  return `[store] the readers' store ${path} was missing: started from the rescue file ${newest}, which holds everything acknowledged before the store was lost`;
}

/**
 * After the readers' store is opened (migrated, writable): merges the rows of every rescue file still
 * beside it (a store that is there again, restored by an operator say, or older rescues): each
 * subscription kept once, each day's page count the larger of the two (a restored backup of the same
 * store must not count twice). Each rescue taken up is renamed `….applied`, never applied twice but
 * kept for an operator to look at. Returns one log line per file.
 */
export function mergeRescues(db: Db, path: string): string[] {
  const said: string[] = [];
  for (const file of listRescues(path)) {
    db.prepare('ATTACH DATABASE ? AS rescue').run(file);
    try {
      db.exec('BEGIN IMMEDIATE');
      try {
        const subs = db
          .prepare(
            'INSERT INTO newsletter_subscriptions (email, created_at, source) SELECT email, created_at, source FROM rescue.newsletter_subscriptions WHERE true ON CONFLICT(email) DO NOTHING',
          )
          .run();
        const views = db
          .prepare(
            'INSERT INTO page_views (path, day, count) SELECT path, day, count FROM rescue.page_views WHERE true ON CONFLICT(path, day) DO UPDATE SET count = max(count, excluded.count)',
          )
          .run();
        const browsers = mergePushRescue(db);
        db.exec('COMMIT');
        said.push(
          `[store] merged the rescue file ${file} into ${path}: ${subs.changes} subscriptions added, ${views.changes} page-view counts added or raised` +
            (browsers === null ? '' : `, ${browsers} alert subscriptions added`),
        );
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      db.exec('DETACH DATABASE rescue');
    }
    renameSync(file, `${file}.applied`);
  }
  return said;
}

/**
 * Alerts in a rescue (readers v2 on): its VAPID keys only where the store has none (subscriptions are
 * bound to the keys they were made with, so the older pair wins), each browser once by its endpoint
 * with its follows. The outbox is not merged: alerts are worth minutes. Null when the rescue predates alerts.
 */
function mergePushRescue(db: Db): number | null {
  if (!db.prepare("SELECT 1 FROM rescue.sqlite_master WHERE type = 'table' AND name = 'push_subscriptions'").get()) return null;
  db.prepare('INSERT INTO push_keys (id, public_key, private_key, created_at) SELECT id, public_key, private_key, created_at FROM rescue.push_keys WHERE true ON CONFLICT(id) DO NOTHING').run();
  const added = db
    .prepare(
      'INSERT INTO push_subscriptions (endpoint, p256dh, auth, created_at, updated_at) SELECT endpoint, p256dh, auth, created_at, updated_at FROM rescue.push_subscriptions WHERE true ON CONFLICT(endpoint) DO NOTHING',
    )
    .run();
  db.prepare(
    `INSERT INTO push_follows (subscription_id, kind, target, alerts)
     SELECT s.id, f.kind, f.target, f.alerts FROM rescue.push_follows f
     JOIN rescue.push_subscriptions rs ON rs.id = f.subscription_id JOIN push_subscriptions s ON s.endpoint = rs.endpoint
     WHERE true ON CONFLICT(subscription_id, kind, target) DO NOTHING`,
  ).run();
  return Number(added.changes);
}
