import { BASE_SECURITY_HEADERS, HSTS } from '../../integrations/finish/headers.ts';

/**
 * The security headers `npm start` adds to every answer. Pages get the policy their build computed
 * (integrations/finish/headers.ts writes it to `.security.json` and `_headers`; server/site/static.ts
 * reads it), so the server and a static host send the same headers for the same build.
 */

/** JSON and other non-page answers: nothing may run or embed them. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** A page served before any build wrote its policy (the holding page): no inline script runs. */
const FALLBACK_PAGE_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

/** Whether the reader reached us over HTTPS (directly, or through a proxy we trust to say so). */
export function isHttps(request: Request, trustProxy: boolean): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return trustProxy && (request.headers.get('x-forwarded-proto') ?? '').split(',')[0]?.trim() === 'https';
}

/**
 * Scripts, stylesheets, raster images and fonts: a browser never shows them as a document, so the
 * policies of a document (CSP, framing, referrer, permissions) do nothing on them, and they would
 * add a third of a KB of headers to each of the half-dozen scripts a phone fetches per page. They
 * keep `nosniff` (which is what stops a script or stylesheet being read as another type) and HSTS.
 * SVG is not among them: opened on its own it is a document that could run script.
 */
const SUBRESOURCE_TYPE = /^(?:text\/(?:javascript|css)|image\/(?:png|jpeg|webp|avif|gif)|font\/)/;

/** Adds the security headers to any answer of `npm start`: `csp` for pages, API_CSP for the rest. */
export function withSecurityHeaders(response: Response, options: { csp: string | null; https: boolean }): Response {
  let res = response;
  try {
    res.headers.set('x-content-type-options', 'nosniff');
  } catch {
    // Immutable headers (Response.redirect, fetch results): copy once.
    res = new Response(response.body, response);
    res.headers.set('x-content-type-options', 'nosniff');
  }
  if (SUBRESOURCE_TYPE.test(res.headers.get('content-type') ?? '')) {
    if (options.https) res.headers.set('strict-transport-security', HSTS);
    return res;
  }
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.headers.set(name, value);
  if (options.https) res.headers.set('strict-transport-security', HSTS);
  const isPage = (res.headers.get('content-type') ?? '').startsWith('text/html');
  if (!res.headers.has('content-security-policy')) res.headers.set('content-security-policy', isPage ? (options.csp ?? FALLBACK_PAGE_CSP) : API_CSP);
  return res;
}
