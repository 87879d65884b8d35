import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.ts';
import { now } from './clock.ts';
import { dataVersion, ensureData } from './data.ts';
import { getMeta, openDb } from './store/db.ts';
import { createStaticSite } from './static.ts';
import { isScriptedWindowOver, viewFixtureAt } from './providers/demo/clock.ts';
import { renderMediaPng } from './providers/demo/media.ts';
import { refreshDemoDerived } from './providers/demo/load.ts';
import { buildSite, builtDataVersion, DIST_DIR } from './site-build.ts';
import { localDay } from './clock.ts';

export interface ServerOptions {
  port: number;
  host?: string;
  /** Serve only /api and /media (used by the build and the contract tests). */
  apiOnly?: boolean;
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
  const db = openDb();
  ensureData(db, { now: now(), log: (m) => console.log(m) });
  const { app, cache } = createApp({ db, now, viewFixture: viewFixtureAt, renderMedia: renderMediaPng });
  const site = createStaticSite(DIST_DIR);
  let building = false;

  const fetch = (request: Request): Response | Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/health') return health();
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/media/')) return app.fetch(request);
    if (options.apiOnly) return new Response(JSON.stringify({ message: 'This server only serves the API' }), { status: 404, headers: { 'content-type': 'application/json' } });
    // Old links to /news keep working (DESIGN.md decisions).
    if (pathname === '/news' || pathname === '/news/') return new Response(null, { status: 301, headers: { location: '/noticias' } });
    if (building && !site.available()) {
      return new Response(BUILDING_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '10' } });
    }
    return site.handle(request);
  };

  /** 200 once the site being served was built from the data being served (tests and deploys wait on it). */
  function health(): Response {
    const data = dataVersion(db);
    const site = options.apiOnly ? data : builtDataVersion();
    const ready = !building && site === data;
    return new Response(JSON.stringify({ status: ready ? 'ok' : building ? 'building' : 'stale', data, site: site ?? null }), {
      status: ready ? 200 : 503,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  }

  const server = serve({ fetch, port: options.port, hostname: options.host ?? '0.0.0.0' });
  if (!server.listening) await new Promise<void>((ready) => server.once('listening', () => ready()));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  async function rebuild(reason: string) {
    if (options.apiOnly || building || process.env.SKIP_BUILD === '1') return;
    building = true;
    console.log(`[site] building (${reason})…`);
    try {
      await buildSite({ apiUrl: url, dataVersion: dataVersion(db) });
      site.reset();
    } catch (error) {
      console.error(`[site] build failed, still serving the previous build if there is one: ${(error as Error).message}`);
    } finally {
      building = false;
    }
  }

  if (!options.apiOnly && (!site.available() || builtDataVersion() !== dataVersion(db))) {
    void rebuild(site.available() ? 'data changed since the last build' : 'no build yet');
  }

  // The demo clock: when a scripted match reaches full time, tables and statistics follow; a new day
  // re-anchors the season so the site always shows a real match day.
  let finishedScripted = countFinishedScripted();
  const tick = setInterval(() => {
    try {
      if (getMeta(db, 'source') !== 'demo') return;
      const at = now();
      const anchor = getMeta(db, 'demo.anchor');
      if (!process.env.MARCADOR_NOW && anchor && localDay(new Date(anchor)) !== localDay(at)) {
        ensureData(db, { now: at });
        cache.clear();
        finishedScripted = countFinishedScripted();
        void rebuild('new match day');
        return;
      }
      const finished = countFinishedScripted();
      if (finished !== finishedScripted) {
        refreshDemoDerived(db, at);
        cache.clear();
        finishedScripted = finished;
        log(`[demo] ${finished} scripted matches finished: tables and statistics refreshed`);
      }
    } catch (error) {
      console.error(`[demo] clock tick failed: ${(error as Error).message}`);
    }
  }, 30_000);
  tick.unref();

  function countFinishedScripted(): number {
    const rows = db.prepare('SELECT data FROM fixtures WHERE scripted = 1').all() as Array<{ data: string }>;
    const at = now().getTime();
    return rows.filter((r) => isScriptedWindowOver(JSON.parse(r.data), at)).length;
  }

  log(`Marcador ${options.apiOnly ? 'API' : 'site + API'} on http://localhost:${port} (data: ${getMeta(db, 'source') ?? 'none'}, store: ${resolve(process.env.DATABASE_PATH || 'data/marcador.db')})`);

  return {
    url,
    port,
    dataVersion: () => dataVersion(db),
    close: () =>
      new Promise<void>((done) => {
        clearInterval(tick);
        server.close(() => {
          db.close();
          done();
        });
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
