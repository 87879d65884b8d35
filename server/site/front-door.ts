import type { Hono } from 'hono';
import type { Db } from '../store/db.ts';
import { dataVersion } from '../providers/ensure-data.ts';
import { builtDataVersion } from '../deploy/site-build.ts';
import type { createStaticSite } from './static.ts';
import { isHttps, withSecurityHeaders } from './security-headers.ts';
import { createSearchPage, SEARCH_PAGE_FILE, searchPageQuery } from './search-page.ts';
import { parseSearchResults } from '../../contract/search-results.ts';
import { clientAddressPolicy } from '../http/client-address.ts';
import { methodNotAllowed } from '../http/methods.ts';

const BUILDING_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta http-equiv="refresh" content="10">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Preparando Marcador…</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Estamos preparando el sitio…</h1><p>Marcador se está construyendo con los datos más recientes. Esta página se recargará sola en unos segundos.</p>
<p>Mientras tanto, la API ya responde en <a href="/api/football/tournaments">/api/football/tournaments</a>.</p></body></html>`;

export interface FrontDoorOptions {
  app: Hono;
  db: Db;
  site: ReturnType<typeof createStaticSite>;
  /** Whether a site build is running (a holding page answers until the first one is in). */
  building: () => boolean;
  apiOnly: boolean;
}

/**
 * What answers on the server's port: `/api/health`, the API and media, the prebuilt site (the
 * search page with its results in the HTML), and the security headers on every answer. `bindings`
 * are the Node server's (the socket): the API reads the client's address from them.
 */
export function createFrontDoor({ app, db, site, building, apiOnly }: FrontDoorOptions) {
  // Behind a trusted proxy, the scheme it says the reader used decides HSTS.
  const trustProxy = clientAddressPolicy().kind === 'hops';
  // /search?q=… with its results in the HTML, from the API's own search (its cache and its share of the loop).
  const searchPage = createSearchPage({
    page: () => site.page(SEARCH_PAGE_FILE),
    search: async (query, request, page) => {
      const params = new URLSearchParams(page > 1 ? { q: query, page: String(page) } : { q: query });
      const answer = await app.fetch(new Request(new URL(`/api/search?${params}`, request.url)));
      return answer.status === 200 ? parseSearchResults(await answer.json(), query) : null;
    },
  });

  /** 200 once the site being served was built from the data being served (tests and deploys wait on it). */
  function health(): Response {
    const data = dataVersion(db);
    const built = apiOnly ? data : builtDataVersion();
    const ready = !building() && built === data;
    return new Response(JSON.stringify({ status: ready ? 'ok' : building() ? 'building' : 'stale', data, site: built ?? null }), {
      status: ready ? 200 : 503,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  }

  function route(request: Request, bindings?: unknown): Response | Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/health') return methodNotAllowed(request.method, pathname, ['GET', 'HEAD']) ?? health();
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/media/')) return app.fetch(request, bindings as object);
    if (apiOnly) return new Response(JSON.stringify({ message: 'This server only serves the API' }), { status: 404, headers: { 'content-type': 'application/json' } });
    if (building() && !site.available()) {
      return new Response(BUILDING_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '10' } });
    }
    if (searchPageQuery(request) !== null) return searchPage.answer(request).then((filled) => filled ?? site.handle(request));
    return site.handle(request);
  }

  // Pages carry the policy their build computed (integrations/finish/headers.ts).
  return async (request: Request, bindings?: unknown): Promise<Response> =>
    withSecurityHeaders(await route(request, bindings), { csp: site.csp(), https: isHttps(request, trustProxy) });
}

/** Says where the server answers, and "ready" only once the first build is in (until then a holding page answers). */
export function announceStart(options: { url: string; stores: string; apiOnly: boolean; building: () => boolean; siteAvailable: () => boolean; log: (m: string) => void }) {
  const { url, stores, log, building } = options;
  if (options.apiOnly) return log(`Marcador API on ${url} (${stores})`);
  if (!building()) return log(`Marcador site + API on ${url} (${stores})`);
  log(`Marcador API on ${url} (${stores}); building the site, a holding page answers there meanwhile…`);
  const waitForSite = setInterval(() => {
    if (building()) return;
    clearInterval(waitForSite);
    log(options.siteAvailable() ? `Marcador site + API ready on ${url}` : `Marcador API on ${url}; the site build failed (see above), nothing to serve yet`);
  }, 1000);
  waitForSite.unref();
}
