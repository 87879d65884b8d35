import { Hono } from 'hono';
import type { Db } from './store/db.ts';
import { guardStore, StoreUnavailableError, type GuardedStore } from './store/guard.ts';
import { createReader } from './store/read/index.ts';
import { errorEnvelope, HttpError } from './http/envelope.ts';
import { ResponseCache } from './http/cache.ts';
import { createRoutes, envelopeName } from './routes/context.ts';
import { registerCompetitionRoutes } from './routes/competitions.ts';
import { registerFixtureRoutes } from './routes/fixtures.ts';
import { registerTeamRoutes } from './routes/teams.ts';
import { registerPlayerRoutes } from './routes/players.ts';
import { registerTransferRoutes } from './routes/transfers.ts';
import { registerTournamentRoutes } from './routes/tournaments.ts';
import { registerNewsRoutes } from './routes/news.ts';
import { registerSearchRoutes, SearchBusyError } from './routes/search.ts';
import { registerTimeRoutes } from './routes/time.ts';
import { registerReaderRoutes } from './routes/readers.ts';
import { registerMediaRoutes } from './routes/media.ts';
import { registerAdminRoutes, type AdminOptions } from './routes/admin.ts';
import { originPolicy } from './http/cors.ts';
import { clientAddressPolicy, type ClientAddressPolicy } from './http/client-address.ts';
import { allowedMethods, methodNotAllowed } from './http/methods.ts';
import type { ChangeFeed } from './ingest/changes.ts';
import { registerLiveRoutes } from './routes/live.ts';
import { registerGripLiveRoute } from './pushpin/grip-live.ts';
import { pushProxyConfig, type PushProxyConfig } from './pushpin/config.ts';
import { registerPushRoutes } from './routes/push.ts';
import { pushSubject, startPush, type PushService } from './push/index.ts';
import { pushStatus } from './push/store.ts';
import { openDb } from './store/db.ts';
import { READERS_MIGRATIONS } from './store/schema.ts';

export interface AppOptions {
  /** The football/news store. */
  db: Db;
  /** The same store with its file watched (server/store/guard.ts); in-process tests can leave it out. */
  store?: GuardedStore;
  /** The readers' store (subscriptions, page views); without it they go into `db` (in-process tests). */
  readers?: GuardedStore;
  now: () => Date;
  /** The demo's generated images: PNG bytes for `/media/{kind}/{id}.png`, or null when unknown. */
  renderMedia?: (kind: string, id: string) => Promise<Uint8Array | null>;
  cache?: ResponseCache;
  /** Behind a CDN or proxy: take the reader's address from X-Forwarded-For (TRUST_PROXY=1). */
  trustProxy?: boolean;
  /** Where readers' addresses come from; default TRUST_PROXY / CLIENT_IP_HEADER (server/http/client-address.ts). */
  clientAddress?: ClientAddressPolicy;
  /** The build whose pages page views may count (default DIST_DIR). */
  distDir?: string;
  log?: (message: string) => void;
  /** Editors' rebuild and operators' ingest endpoints (`/api/admin/*`); off without a token. */
  admin?: AdminOptions;
  /** The ingest's changes, streamed to readers by `GET /api/live`. */
  feed?: ChangeFeed;
  /**
   * `/api/live` through Pushpin (server/pushpin/): default from PUSH_PROXY, PUSH_PROXY_KEY, PUSH_PROXY_STATS;
   * null: the API holds every stream. `liveSync` reads another process's changes at once (INGEST=0).
   */
  pushProxy?: PushProxyConfig | null;
  liveSync?: () => void;
  /**
   * Alerts (Web Push) from the feed's changes; needs `feed`. `allowLoopback`: accept push services on
   * 127.0.0.1 (tests and the bench run one there; PUSH_ALLOW_LOOPBACK=1).
   */
  push?: { subject?: string; allowLoopback?: boolean; coalesceMs?: number; concurrency?: number };
}

/** The data API: error handling, then one module per resource (server/routes). `server/main.ts` adds the static site. */
export function createApp(options: AppOptions) {
  const { db, now } = options;
  const log = options.log ?? ((m: string) => console.error(m));
  const cache = options.cache ?? new ResponseCache();
  const reader = createReader(db, { now });
  const store = options.store ?? guardStore('football', db, ':memory:', { log });
  const readers = options.readers ?? guardStore('readers', openDb(':memory:', READERS_MIGRATIONS), ':memory:', { log });
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      const get = c.req.path.startsWith('/api/football/') ? envelopeName(c.req.path) : (c.req.path.split('/').pop() ?? '');
      return c.json({ ...errorEnvelope(get, c.req.query(), error.field, error.message) }, error.status);
    }
    if (error instanceof SearchBusyError) {
      c.header('retry-after', '1');
      c.header('cache-control', 'no-store');
      return c.json({ message: 'Demasiadas búsquedas a la vez; inténtalo en un momento.' }, 503);
    }
    if (error instanceof StoreUnavailableError) {
      // The store already logged why (at most once a minute); the client learns it can try again later.
      c.header('retry-after', String(error.retryAfterS));
      return c.json({ message: 'No pudimos guardar los datos; inténtalo más tarde.' }, 503);
    }
    log(`[api] ${c.req.method} ${c.req.url} failed: ${(error as Error).stack ?? error}`);
    return c.json({ message: 'Internal server error' }, 500);
  });

  app.use('/api/*', originPolicy());
  const routes = createRoutes(app, { db, store, readers }, reader, now, cache);
  // First of the routes: its middleware notes every other request, to keep searches from crowding them out.
  registerSearchRoutes(routes);
  registerCompetitionRoutes(routes);
  registerFixtureRoutes(routes);
  registerTeamRoutes(routes);
  registerPlayerRoutes(routes);
  registerTransferRoutes(routes);
  registerTournamentRoutes(routes);
  registerNewsRoutes(routes);
  registerTimeRoutes(routes);
  const clients = options.clientAddress ?? (options.trustProxy !== undefined ? options.trustProxy : clientAddressPolicy(process.env));
  registerReaderRoutes(routes, clients, { distDir: options.distDir });
  registerMediaRoutes(routes, options.renderMedia);
  const proxy = options.pushProxy !== undefined ? options.pushProxy : pushProxyConfig(clients, process.env);
  // Before the embedded route: a request Pushpin signed is answered here, any other goes on to it.
  const gripLive = options.feed && proxy ? registerGripLiveRoute(app, { config: proxy, feed: options.feed, db, trustProxy: clients, sync: options.liveSync, log }) : null;
  const live = options.feed ? registerLiveRoutes(app, { feed: options.feed, trustProxy: clients }) : null;
  let push: PushService | null = null;
  if (options.push && options.feed && !readers.readOnly) {
    push = startPush({ feed: options.feed, db, readers, subject: options.push.subject ?? pushSubject(), coalesceMs: options.push.coalesceMs, concurrency: options.push.concurrency, log });
    registerPushRoutes(routes, push, { clients, allowLoopback: options.push.allowLoopback ?? process.env.PUSH_ALLOW_LOOPBACK === '1' });
  }
  if (options.admin) registerAdminRoutes(routes, { ...options.admin, push: push ? () => pushStatus(readers.db) : undefined, trustProxy: clients });

  const allowed = allowedMethods(app.routes);
  app.all('/api/*', (c) => {
    const allow = allowed(c.req.path);
    if (allow.length > 0) {
      const refused = methodNotAllowed(c.req.method, c.req.path, allow, c.req.query());
      if (refused) return refused;
    }
    return c.json({ message: `Not found: ${c.req.path}` }, 404);
  });

  return { app, cache, reader, live, gripLive, push };
}
