import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { originOf } from '../http/cors.ts';
import { listFiles } from './publish.ts';

/**
 * The site's security headers, computed once per build and sent identically by `npm start`
 * (server/static.ts via `.security.json`) and by a static host (`_headers`, the format Netlify and
 * Cloudflare Pages share). Scripts run only from our origin or when their exact text was hashed here
 * at build time: a new inline script in any page is covered by the next build, with no list to edit.
 */

/** Written next to the pages; `npm start` reads it to send the same policy. Not served. */
export const SECURITY_FILE = '.security.json';

export interface SitePolicy {
  csp: string;
  scriptHashes: string[];
}

/** Headers every response gets, HTML or not (HSTS is added only over HTTPS). */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};
export const HSTS = 'max-age=31536000; includeSubDomains';
/** JSON and other non-page answers: nothing may run or embed them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** A page served before any build wrote its policy (the holding page): no inline script runs. */
const FALLBACK_PAGE_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript', 'application/ecmascript']);
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const IMG_URL = /<(?:img|source)\b[^>]*?\s(?:src|srcset)\s*=\s*["']?(https?:\/\/[^\s"'>/]+)/gi;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** `'sha256-…'` of every inline script the browser would execute (JSON-LD and other data blocks skipped). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!JS_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}


/**
 * The policy for a built site: the union of every page's inline-script hashes (they are all our own
 * scripts, and one policy is what a `/*` rule of a static host can carry), images from our origin,
 * data: URIs, the API and any other origin the pages show images from (a provider's crests).
 */
export async function sitePolicy(dir: string, options: { apiUrl?: string } = {}): Promise<SitePolicy> {
  const hashes = new Set<string>();
  const imageOrigins = new Set<string>();
  // One page at a time, awaited: a server rebuilding itself keeps answering between pages.
  for (const file of listFiles(dir).filter((f) => f.endsWith('.html'))) {
    const html = await readFile(file, 'utf8');
    for (const hash of inlineScriptHashes(html)) hashes.add(hash);
    for (const [, origin = ''] of html.matchAll(IMG_URL)) imageOrigins.add(origin);
  }
  const api = originOf(options.apiUrl);
  const extra = (list: Iterable<string | null>) => [...new Set([...list].filter((o): o is string => Boolean(o)))].join(' ');
  const join = (...parts: string[]) => parts.filter(Boolean).join(' ');
  const scriptHashes = [...hashes].sort();
  const csp = [
    "default-src 'self'",
    join("script-src 'self'", ...scriptHashes),
    // React style attributes and the inlined stylesheet (astro inlineStylesheets) need it; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    join("img-src 'self' data:", extra([api, ...imageOrigins])),
    "font-src 'self'",
    join("connect-src 'self'", extra([api])),
    join("form-action 'self'", extra([api])),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
  return { csp, scriptHashes };
}

export interface Redirect {
  from: string;
  to: string;
  status: 301 | 302 | 307;
}

/**
 * Permanent redirects of the site: /news (DESIGN.md decisions) and the information pages' long
 * aliases (/informacion/nosotros → /nosotros, whose canonical link already names the short route).
 * Derived from the build, so a new information page gets its line without anyone editing this.
 */
export function siteRedirects(dir: string): Redirect[] {
  const redirects: Redirect[] = [{ from: '/news', to: '/noticias', status: 301 }];
  const info = join(dir, 'informacion');
  if (existsSync(info)) {
    for (const id of readdirSync(info).sort()) {
      if (existsSync(join(info, id, 'index.html')) && existsSync(join(dir, id, 'index.html'))) {
        redirects.push({ from: `/informacion/${id}`, to: `/${id}`, status: 301 });
      }
    }
  }
  return redirects;
}

const HTML_CACHE = 'public, max-age=60, stale-while-revalidate=600';
/** Hashed assets: a year, never revalidated (`public` would add nothing: no answer of ours is private). */
export const ASSET_CACHE = 'max-age=31536000, immutable';

/**
 * `_headers` and `_redirects` for a static host. Cache-Control is set per rule without overlaps:
 * hosts differ on overlapping rules (Netlify lets the later win, Cloudflare joins the values), so
 * `/_astro/*` and the page routes are listed separately and only security headers sit in `/*`.
 */
export function hostFiles(dir: string, policy: SitePolicy, options: { apiUrl?: string } = {}): { headers: string; redirects: string } {
  const security = { ...BASE_SECURITY_HEADERS, 'strict-transport-security': HSTS, 'content-security-policy': policy.csp };
  const lines = ['# Written by the build (server/deploy/headers.ts); do not edit.', '/*'];
  for (const [name, value] of Object.entries(security)) lines.push(`  ${titleCase(name)}: ${value}`);
  lines.push('', '/_astro/*', `  Cache-Control: ${ASSET_CACHE}`, '', '/', `  Cache-Control: ${HTML_CACHE}`);
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('_') || name.startsWith('.') || !statSync(join(dir, name)).isDirectory()) continue;
    lines.push('', `/${name}`, `  Cache-Control: ${HTML_CACHE}`, '', `/${name}/*`, `  Cache-Control: ${HTML_CACHE}`);
  }
  const redirects = siteRedirects(dir).map((r) => `${r.from} ${r.to} ${r.status}`);
  // On a static host, pages still name /media/… (images the API serves) and no-JS forms post to
  // /api/…: send both to the API (307 keeps a POST a POST). `npm start` serves them itself.
  const api = originOf(options.apiUrl) ? options.apiUrl!.replace(/\/$/, '') : null;
  if (api) redirects.push(`/media/* ${api}/media/:splat 302`, `/api/* ${api}/api/:splat 307`);
  return { headers: `${lines.join('\n')}\n`, redirects: `${redirects.join('\n')}\n` };
}

/** Post-processing of a finished build: the policy, `_headers`, `_redirects` and `.security.json`. */
export async function writeSecurityFiles(dir: string, options: { apiUrl?: string } = {}): Promise<SitePolicy> {
  const policy = await sitePolicy(dir, options);
  const files = hostFiles(dir, policy, options);
  writeFileSync(join(dir, '_headers'), files.headers);
  writeFileSync(join(dir, '_redirects'), files.redirects);
  writeFileSync(join(dir, SECURITY_FILE), JSON.stringify({ ...policy, redirects: siteRedirects(dir) }, null, 2));
  return policy;
}

export function readSecurityFile(dir: string): (SitePolicy & { redirects: Redirect[] }) | null {
  try {
    return JSON.parse(readFileSync(join(dir, SECURITY_FILE), 'utf8')) as SitePolicy & { redirects: Redirect[] };
  } catch {
    return null;
  }
}

function titleCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

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
