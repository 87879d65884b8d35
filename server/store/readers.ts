import { existsSync } from 'node:fs';
import { databasePath, openDb, readersDatabasePath, transaction, type Db } from './db.ts';
import { guardStore, isWritable, type GuardedStore } from './guard.ts';
import { MIGRATIONS, READERS_MIGRATIONS, type Migration } from './schema.ts';
import { adoptRescue, mergeRescues } from './rescue.ts';

/** Opens one store, read-only when its file cannot be written (reads keep working, writes answer 503). */
export function openStore(name: string, path: string, migrations: readonly Migration[], log: (m: string) => void, options: { rescue?: boolean } = {}): GuardedStore {
  const readOnly = !isWritable(path);
  if (readOnly) log(`[store] the ${name} store ${path} is read-only: reads are served, writes are refused (503)`);
  return guardStore(name, openDb(path, migrations, { readOnly }), path, { readOnly, log, rescue: options.rescue });
}

/**
 * The two stores the server runs on: the football/news store (regenerated at will) and the readers'
 * store (subscriptions, page views: never regenerated). A missing football store is created empty
 * for the demo generator or a sync to fill; a missing readers' store is created empty and said so
 * loudly when the site has clearly run before (its football store was there).
 */
export function openStores(options: { env?: NodeJS.ProcessEnv; log?: (m: string) => void } = {}): { football: GuardedStore; readers: GuardedStore } {
  const env = options.env ?? process.env;
  const log = options.log ?? ((m: string) => console.error(m));
  const footballPath = databasePath(env);
  const readersPath = readersDatabasePath(env);
  const footballExisted = footballPath === ':memory:' || existsSync(footballPath);
  // A run whose readers' store was deleted or replaced left a rescue file (server/store/rescue.ts).
  const adopted = adoptRescue(readersPath);
  if (adopted) log(adopted);
  const readersExisted = readersPath === ':memory:' || existsSync(readersPath);

  const football = openStore('football', footballPath, MIGRATIONS, log);
  // Only the readers' store is rescued: the football store is regenerated at will.
  const readers = openStore('readers', readersPath, READERS_MIGRATIONS, log, { rescue: true });
  if (!readers.readOnly) for (const line of mergeRescues(readers.db, readersPath)) log(line);
  if (!footballExisted) log(`[store] no football store at ${footballPath}: created empty, to be filled by the demo season or a sync`);
  if (!readersExisted) {
    log(
      footballExisted
        ? `[store] WARNING: no readers' store at ${readersPath} although ${footballPath} exists: created an EMPTY one. ` +
            `If subscriptions or page views should be there, stop the server and restore them from backups/ (README, "Backups").`
        : `[store] created the readers' store ${readersPath} (subscriptions, page views)`,
    );
  }
  if (!football.readOnly && !readers.readOnly) moveLegacyReadersData(football.db, readers.db, readersPath, log);
  return { football, readers };
}

const hasTable = (db: Db, name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/**
 * Stores made before the readers' store existed kept subscriptions and page views in the football
 * store. They are copied to the readers' store (idempotent: rows already there are kept), then the
 * old tables are dropped, so a regenerated football store can never take readers' data with it.
 */
export function moveLegacyReadersData(football: Db, readers: Db, readersPath: string, log: (m: string) => void): void {
  const tables = ['page_views', 'newsletter_subscriptions'].filter((t) => hasTable(football, t));
  if (tables.length === 0) return;
  const views = tables.includes('page_views') ? (football.prepare('SELECT path, day, count FROM page_views').all() as Array<{ path: string; day: string; count: number }>) : [];
  const subscriptions = tables.includes('newsletter_subscriptions')
    ? (football.prepare('SELECT email, created_at, source FROM newsletter_subscriptions').all() as Array<{ email: string; created_at: string; source: string }>)
    : [];
  if (views.length || subscriptions.length) {
    transaction(readers, () => {
      const view = readers.prepare('INSERT INTO page_views (path, day, count) VALUES (?, ?, ?) ON CONFLICT(path, day) DO NOTHING');
      for (const v of views) view.run(v.path, v.day, v.count);
      const sub = readers.prepare('INSERT INTO newsletter_subscriptions (email, created_at, source) VALUES (?, ?, ?) ON CONFLICT(email) DO NOTHING');
      for (const s of subscriptions) sub.run(s.email, s.created_at, s.source);
    });
    log(`[store] moved ${subscriptions.length} newsletter subscriptions and ${views.length} page-view counts from the football store into ${readersPath}`);
  }
  transaction(football, () => {
    for (const t of tables) football.exec(`DROP TABLE ${t}`);
  });
}
