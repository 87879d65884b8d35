import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { basename, resolve } from 'node:path';
import { createApp } from './app.ts';
import { ResponseCache } from './http/cache.ts';
import { now } from './clock.ts';
import { dataVersion, ensureData } from './data.ts';
import { getMeta } from './store/db.ts';
import { storedIngestStatus } from './ingest/worker.ts';
import { openStores } from './store/readers.ts';
import { backupDir, backupStores, lastBackupAt } from './backup.ts';
import { createStaticSite } from './static.ts';
import { renderMediaPng } from './providers/demo/media.ts';
import { ChangeFeed, tailStoredChanges } from './ingest/changes.ts';
import { createIngest } from './ingest/index.ts';
import { startDemoDays } from './providers/demo/days.ts';
import { builtDataVersion, DIST_DIR } from './site-build.ts';
import { localDay } from './clock.ts';
import { createSiteRebuilds } from './deploy/site-rebuilds.ts';
import { isHttps, withSecurityHeaders } from './deploy/headers.ts';
import { createSearchPage, SEARCH_PAGE_FILE, searchPageQuery } from './search-page.ts';
import { parseSearchResults } from '../contract/search-results.ts';

export interface ServerOptions {
  port: number;
  host?: string;
  /** Serve only /api and /media (used by the build and the contract tests). */
  apiOnly?: boolean;
  /** Run the ingest worker in this process (default: yes, unless INGEST=0). */
  ingest?: boolean;
  quiet?: boolean;
}

const BUILDING_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta http-equiv="refresh" content="10">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Preparando Marcador…</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Estamos preparando el sitio…</h1><p>Marcador se está construyendo con los datos más recientes. Esta página se recargará sola en unos segundos.</p>
<p>Mientras tanto, la API ya responde en <a href="/api/football/tournaments">/api/football/tournaments</a>.</p></body></html>`;

/**
 * Starts the data API (and, unless apiOnly, the prebuilt site) on one port. Fills the store on first
 * start, keeps the demo clock ticking, and rebuilds the site when its data changed.
 */
export async function startServer(options: ServerOptions) {
  const log = options.quiet ? () => {} : (m: string) => console.log(m);
  const { football, readers } = openStores();
  const db = football.db;
  if (football.readOnly) console.error('[data] the football store is read-only: served as it is, not regenerated');
  else ensureData(db, { now: now(), log: (m) => console.log(m) });
  const site = createStaticSite(DIST_DIR);
  // Rebuilds (editors, schedule, new data) and the admin endpoints: server/deploy/site-rebuilds.ts.
  let url = '';
  const cache = new ResponseCache();
  const rebuilds = createSiteRebuilds({ db, cache, site, apiUrl: () => url, apiOnly: Boolean(options.apiOnly) });
  // The ingest keeps the store current (server/ingest); its changes go to readers by /api/live.
  const feed = new ChangeFeed();
  const runIngest = (options.ingest ?? process.env.INGEST !== '0') && !football.readOnly;
  const ingest = runIngest
    ? createIngest({
        db,
        feed,
        now,
        log,
        onWrite: () => cache.clear(),
        onWhistle: (change) => rebuilds.auto(`final whistle of match ${change.fixture}`),
      })
    : null;
  // With the ingest in its own process (`npm run ingest`), its changes reach this one through the store.
  const relay = runIngest ? null : tailStoredChanges(db, feed);
  if (relay) feed.subscribe(() => cache.clear());
  const { app, live } = createApp({
    db,
    store: football,
    readers,
    now,
    renderMedia: renderMediaPng,
    cache,
    feed,
    admin: { ...rebuilds.admin, ingest: () => ingest?.status() ?? storedIngestStatus(db) },
  });
  const building = () => rebuilds.building();
  // /search?q=… with its results in the HTML, from the API's own search (its cache and its share of the loop).
  const searchPage = createSearchPage({
    page: () => site.page(SEARCH_PAGE_FILE),
    search: async (query, request, page) => {
      const params = new URLSearchParams(page > 1 ? { q: query, page: String(page) } : { q: query });
      const answer = await app.fetch(new Request(new URL(`/api/search?${params}`, request.url)));
      return answer.status === 200 ? parseSearchResults(await answer.json(), query) : null;
    },
  });

  // Every answer carries the security headers; pages the policy their build computed (server/deploy/headers.ts).
  const trustProxy = process.env.TRUST_PROXY === '1';
  // `bindings` are the Node server's (the socket): the API reads the client's address from them.
  const fetch = async (request: Request, bindings?: unknown): Promise<Response> =>
    withSecurityHeaders(await route(request, bindings), { csp: site.csp(), https: isHttps(request, trustProxy) });

  const route = (request: Request, bindings?: unknown): Response | Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/health') return health();
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/media/')) return app.fetch(request, bindings as object);
    if (options.apiOnly) return new Response(JSON.stringify({ message: 'This server only serves the API' }), { status: 404, headers: { 'content-type': 'application/json' } });
    if (building() && !site.available()) {
      return new Response(BUILDING_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '10' } });
    }
    if (searchPageQuery(request) !== null) return searchPage.answer(request).then((filled) => filled ?? site.handle(request));
    return site.handle(request);
  };

  /** 200 once the site being served was built from the data being served (tests and deploys wait on it). */
  function health(): Response {
    const data = dataVersion(db);
    const site = options.apiOnly ? data : builtDataVersion();
    const ready = !building() && site === data;
    return new Response(JSON.stringify({ status: ready ? 'ok' : building() ? 'building' : 'stale', data, site: site ?? null }), {
      status: ready ? 200 : 503,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  }

  const server = serve({ fetch, port: options.port, hostname: options.host ?? '0.0.0.0' });
  if (!server.listening) await new Promise<void>((ready) => server.once('listening', () => ready()));
  const port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;

  if (!options.apiOnly && (!site.available() || builtDataVersion() !== dataVersion(db))) {
    rebuilds.auto(site.available() ? 'data changed since the last build' : 'no build yet');
  }
  const schedule = rebuilds.startSchedule(now);

  ingest?.start();
  // The demo season re-anchors on a new day, and when today's scripted matches are over.
  const demoDays = startDemoDays({ db, store: football, now, log, onReanchor: (reason) => (cache.clear(), rebuilds.auto(reason)) });
  // A daily backup of both stores (server/backup.ts), checked hourly; the first check 10 minutes after
  // start, so short-lived servers (tests, builds) never take one. BACKUP_DAILY=0 turns it off.
  const backupCheck = () => {
    try {
      const dir = backupDir();
      const last = lastBackupAt(dir);
      if (last && Date.now() - last.getTime() < 24 * 3_600_000) return;
      if (football.problem() || readers.problem()) return;
      const target = backupStores({ [basename(football.path)]: db, [basename(readers.path)]: readers.db }, { dir });
      console.log(`[backup] daily backup of both stores in ${target}`);
    } catch (error) {
      console.error(`[backup] daily backup failed: ${(error as Error).message}`);
    }
  };
  const backupTimers = [setTimeout(backupCheck, 10 * 60_000), setInterval(backupCheck, 3_600_000)];
  for (const t of backupTimers) t.unref();
  if (process.env.BACKUP_DAILY === '0') for (const t of backupTimers) clearTimeout(t);

  // Notice a deleted or replaced store even while nobody writes: the guards log it when it happens.
  const watch = setInterval(() => {
    football.problem();
    readers.problem();
  }, 5_000);
  watch.unref();

  const where = `http://localhost:${port}`;
  const stores = `data: ${getMeta(db, 'source') ?? 'none'}, stores: ${resolve(football.path)}, ${resolve(readers.path)}`;
  if (options.apiOnly) log(`Marcador API on ${where} (${stores})`);
  else if (!building()) log(`Marcador site + API on ${where} (${stores})`);
  else {
    // Say "ready" only when it is: until the first build is in, only the holding page answers.
    log(`Marcador API on ${where} (${stores}); building the site, a holding page answers there meanwhile…`);
    const waitForSite = setInterval(() => {
      if (building()) return;
      clearInterval(waitForSite);
      log(site.available() ? `Marcador site + API ready on ${where}` : `Marcador API on ${where}; the site build failed (see above), nothing to serve yet`);
    }, 1000);
    waitForSite.unref();
  }

  return {
    url,
    port,
    dataVersion: () => dataVersion(db),
    close: () =>
      new Promise<void>((done) => {
        ingest?.stop();
        relay?.stop();
        demoDays.stop();
        clearInterval(watch);
        for (const t of backupTimers) clearTimeout(t);
        schedule.stop();
        live?.close();
        server.close(() => {
          db.close();
          readers.db.close();
          done();
        });
        // Open live streams never end by themselves.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`PORT must be a port number, got "${process.env.PORT}"`);
    process.exit(2);
  }
  const server = await startServer({ port, host: process.env.HOST, apiOnly: process.argv.includes('--api-only') });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
}
