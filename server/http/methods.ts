import { PatternRouter } from 'hono/router/pattern-router';
import { errorEnvelope } from './envelope.ts';

/**
 * 405 Method Not Allowed for a path that exists under other methods (RFC 9110 §15.5.6: with `Allow`),
 * as the API's error envelope; OPTIONS (that is not a CORS preflight, server/http/cors.ts answers
 * those) gets 204 and the same `Allow`. A path no method serves stays a 404.
 */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods each path takes, from the app's routes (`app.routes`); catch-alls and middleware (ALL) do not count. */
export function allowedMethods(routes: ReadonlyArray<{ method: string; path: string }>): (path: string) => string[] {
  let router: PatternRouter<string> | null = null;
  return (path) => {
    if (!router) {
      // Built at the first question, when every route is registered.
      router = new PatternRouter<string>();
      for (const r of routes) if (r.method !== 'ALL') router.add(r.method, r.path, r.method);
    }
    const allowed = new Set<string>();
    for (const method of METHODS) if (router.match(method, path)[0].length > 0) allowed.add(method);
    if (allowed.has('GET')) allowed.add('HEAD');
    if (allowed.size > 0) allowed.add('OPTIONS');
    return ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => allowed.has(m));
  };
}

/**
 * The answer for `method` on a path that takes `allow` (from allowedMethods, or a fixed list such as
 * GET, HEAD for /api/health), or null when the method is one of them and the route should answer.
 */
export function methodNotAllowed(method: string, path: string, allow: readonly string[], parameters: Record<string, string> = {}): Response | null {
  const list = allow.includes('OPTIONS') ? [...allow] : [...allow, 'OPTIONS'];
  const m = method.toUpperCase();
  if (m !== 'OPTIONS' && allow.includes(m)) return null;
  const headers = { allow: list.join(', '), 'cache-control': 'no-store' };
  if (m === 'OPTIONS') return new Response(null, { status: 204, headers });
  const message = `Method ${m} not allowed on ${path}; allowed: ${list.join(', ')}`;
  const get = path.split('/').filter(Boolean).pop() ?? '';
  return new Response(JSON.stringify(errorEnvelope(get, parameters, 'method', message)), {
    status: 405,
    headers: { ...headers, 'content-type': 'application/json' },
  });
}
