import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { originOf } from '../../contract/origin.ts';

/**
 * The site's security headers, computed once per build and sent identically by a static host
 * (`_headers`, the format Netlify and Cloudflare Pages share) and by `npm start` (server/site/static.ts
 * and server/site/security-headers.ts read `.security.json`). Scripts run only from our origin or when
 * their exact text was hashed here at build time: a new inline script in any page is covered by the
 * next build, with no list to edit.
 */

/** Written next to the pages; `npm start` reads it to send the same policy. Not served. */
const SECURITY_FILE = '.security.json';

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

/** What one page adds to the site's policy: its inline scripts' hashes and the origins it shows images from. */
export interface PagePolicyFacts {
  scriptHashes: string[];
  imageOrigins: string[];
}

export function pagePolicyFacts(html: string): PagePolicyFacts {
  return { scriptHashes: inlineScriptHashes(html), imageOrigins: [...html.matchAll(IMG_URL)].map((m) => m[1]!) };
}

/**
 * The policy for a built site from its pages' facts: the union of every page's inline-script hashes
 * (they are all our own scripts, and one policy is what a `/*` rule of a static host can carry),
 * images from our origin, data: URIs, the API and any other origin the pages show images from (a
 * provider's crests).
 */
export function sitePolicy(pages: Iterable<PagePolicyFacts>, options: { apiUrl?: string } = {}): SitePolicy {
  const hashes = new Set<string>();
  const imageOrigins = new Set<string>();
  for (const page of pages) {
    for (const hash of page.scriptHashes) hashes.add(hash);
    for (const origin of page.imageOrigins) imageOrigins.add(origin);
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
    join("img-src 'self' data:", extra([api, ...[...imageOrigins].sort()])),
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
 * Permanent redirects of the site: /news (ARCHITECTURE.md decisions) and the information pages' long
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
 * The service worker's script: asked again on every check. A cached one would keep readers on the
 * previous build's worker (and its list of assets) for as long as a CDN kept it.
 */
export const WORKER_CACHE = 'no-cache';

/**
 * `_headers` and `_redirects` for a static host. Cache-Control is set per rule without overlaps:
 * hosts differ on overlapping rules (Netlify lets the later win, Cloudflare joins the values), so
 * `/_astro/*` and the page routes are listed separately and only security headers sit in `/*`.
 */
export function hostFiles(dir: string, policy: SitePolicy, options: { apiUrl?: string } = {}): { headers: string; redirects: string } {
  const security = { ...BASE_SECURITY_HEADERS, 'strict-transport-security': HSTS, 'content-security-policy': policy.csp };
  const lines = ['# Written by the build (integrations/finish/headers.ts); do not edit.', '/*'];
  for (const [name, value] of Object.entries(security)) lines.push(`  ${titleCase(name)}: ${value}`);
  lines.push('', '/_astro/*', `  Cache-Control: ${ASSET_CACHE}`, '', '/', `  Cache-Control: ${HTML_CACHE}`);
  if (existsSync(join(dir, 'sw.js'))) lines.push('', '/sw.js', `  Cache-Control: ${WORKER_CACHE}`);
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

/** A finished build's `_headers`, `_redirects` and `.security.json`, for its policy. */
export function writeSecurityFiles(dir: string, policy: SitePolicy, options: { apiUrl?: string } = {}): void {
  const files = hostFiles(dir, policy, options);
  writeFileSync(join(dir, '_headers'), files.headers);
  writeFileSync(join(dir, '_redirects'), files.redirects);
  writeFileSync(join(dir, SECURITY_FILE), JSON.stringify({ ...policy, redirects: siteRedirects(dir) }, null, 2));
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
