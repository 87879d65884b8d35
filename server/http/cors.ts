import type { MiddlewareHandler } from 'hono';
import { originOf } from '../../contract/origin.ts';

/**
 * Cross-origin rules of the API. With the site on a static host and the API elsewhere
 * (`PUBLIC_API_URL`'s origin differs from `SITE_URL`'s), browsers on the site's origin — and only
 * there — may read the API (CORS, preflight included). Whatever the setup, a write from a foreign
 * page (an `Origin` that is neither this host nor the site) is refused with 403: no other site can
 * post subscriptions, page views or rebuilds through a reader's browser. Requests without `Origin`
 * (curl, the build, same-origin GETs) are not browsers' cross-site requests and pass.
 */
export function originPolicy(env: { SITE_URL?: string; PUBLIC_API_URL?: string } = process.env): MiddlewareHandler {
  const site = originOf(env.SITE_URL);
  const api = originOf(env.PUBLIC_API_URL);
  const cors = Boolean(site && api && site !== api);

  return async (c, next) => {
    const origin = c.req.header('origin');
    const method = c.req.method;
    const allowed = origin !== undefined && (origin === site || sameHost(origin, c.req.header('host')));
    const corsFor = cors && origin === site;

    if (method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (!corsFor) return c.body(null, 403);
      return c.body(null, 204, {
        'access-control-allow-origin': site!,
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE',
        'access-control-allow-headers': 'content-type, authorization, last-event-id',
        'access-control-max-age': '86400',
        vary: 'Origin',
      });
    }
    if (origin !== undefined && method !== 'GET' && method !== 'HEAD' && !allowed) {
      return c.json({ message: `Requests from ${origin} are not allowed` }, 403);
    }
    await next();
    if (cors) {
      c.res.headers.append('vary', 'Origin');
      if (corsFor) c.res.headers.set('access-control-allow-origin', site!);
    }
  };
}


function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
