import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';

/**
 * Link check over the built site (ARCHITECTURE.md budgets: every internal link of the built site answers).
 * Reads every dist/**\/*.html once, collects each internal `href`, `src` and `srcset` (and `content`
 * pointing at the site's own origin: og:image, canonical-like metas), and resolves each distinct target:
 * - a page or asset: against the files in dist/, the way server/site/static.ts serves them
 *   (`/x` → `x`, `x/index.html` or `x.html`);
 * - `/api/*` and `/media/*`: by asking the running server (they are not files).
 * Fast for thousands of pages: files are read once, targets are de-duplicated before any check.
 */

export interface LinkCheckOptions {
  distDir: string;
  /** Origins that count as this site besides relative links (the canonical origin, SITE_URL). */
  siteOrigins: readonly string[];
  /** Route families not built yet: links into them are skipped (tests/e2e/support/pending-routes.ts). */
  pending: readonly string[];
  /** HTTP status of a server-answered URL (`/api/…`, `/media/…`). */
  status: (pathAndQuery: string) => Promise<number>;
  concurrency?: number;
}

export interface BrokenLink {
  target: string;
  why: string;
  /** Pages linking to it (the first few). */
  pages: string[];
  /** How many pages link to it. */
  pageCount: number;
}

export interface LinkCheckReport {
  pages: number;
  /** Distinct internal targets found. */
  targets: number;
  checkedByServer: number;
  skippedPending: number;
  broken: BrokenLink[];
}

const ATTRIBUTE = /\s(href|src|srcset|content)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const NOT_A_LINK = /^(?:#|mailto:|tel:|javascript:|data:|blob:|about:|\{)/i;
const SERVER_ANSWERED = /^\/(?:api|media)(?:\/|$)/;
const EXAMPLE_PAGES = 3;

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'");
}

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
}

/** The URL path a built file answers at: `x/index.html` → `/x/`, `x.html` → `/x`. */
export function pagePathOf(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'index.html'.length)}`;
  return `/${file.replace(/\.html$/, '')}`;
}

/** Mirrors server/site/static.ts: the file itself, then a directory index, then `.html`. */
export function resolvesToFile(pathname: string, files: ReadonlySet<string>): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const base = normalize(decoded).replace(/^(\.\.[/\\])+/, '').replace(/^\/+/, '');
  if (!base) return files.has('index.html');
  const candidates = [base, join(base, 'index.html'), `${base.replace(/\/$/, '')}.html`];
  return candidates.some((candidate) => !candidate.endsWith('/') && files.has(candidate));
}

export function isPending(pathname: string, pending: readonly string[]): boolean {
  return pending.some((family) => pathname === family || pathname.startsWith(`${family}/`));
}

/** Internal link values of one page, as `path?query` (hash dropped); externals are left out. */
export function internalLinks(html: string, pagePath: string, siteOrigins: readonly string[]): string[] {
  const base = new URL(pagePath, 'http://marcador.invalid');
  const internal = new Set([base.origin, ...siteOrigins.map((o) => new URL(o).origin)]);
  const out: string[] = [];
  for (const match of html.matchAll(ATTRIBUTE)) {
    const attribute = match[1]!.toLowerCase();
    const raw = decodeEntities((match[2] ?? match[3] ?? '').trim());
    if (!raw) continue;
    // `content` is mostly prose: only a URL on the site's own origin is a link.
    if (attribute === 'content' && !siteOrigins.some((origin) => raw.startsWith(`${origin}/`) || raw === origin)) continue;
    const values = attribute === 'srcset' ? raw.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [raw];
    for (const value of values) {
      if (!value || NOT_A_LINK.test(value)) continue;
      let url: URL;
      try {
        url = new URL(value, base);
      } catch {
        continue;
      }
      if (!internal.has(url.origin) || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
      out.push(`${url.pathname}${url.search}`);
    }
  }
  return out;
}

async function mapLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function checkLinks(options: LinkCheckOptions): Promise<LinkCheckReport> {
  const files = listFiles(options.distDir);
  const fileSet = new Set(files);
  const pages = files.filter((f) => f.endsWith('.html')).sort();
  /** target → pages linking to it (first few) and their count */
  const linkedFrom = new Map<string, { pages: string[]; count: number }>();
  for (const file of pages) {
    const pagePath = pagePathOf(file);
    const html = readFileSync(join(options.distDir, file), 'utf8');
    for (const target of new Set(internalLinks(html, pagePath, options.siteOrigins))) {
      const entry = linkedFrom.get(target) ?? { pages: [], count: 0 };
      if (entry.pages.length < EXAMPLE_PAGES) entry.pages.push(pagePath);
      entry.count += 1;
      linkedFrom.set(target, entry);
    }
  }

  const broken: BrokenLink[] = [];
  const toServer: string[] = [];
  let skippedPending = 0;
  const fail = (target: string, why: string) => {
    const entry = linkedFrom.get(target)!;
    broken.push({ target, why, pages: entry.pages, pageCount: entry.count });
  };
  for (const target of linkedFrom.keys()) {
    const pathname = target.replace(/[?].*$/, '');
    if (isPending(pathname, options.pending)) skippedPending += 1;
    else if (SERVER_ANSWERED.test(pathname)) toServer.push(target);
    else if (!resolvesToFile(pathname, fileSet)) fail(target, 'no such file in dist/');
  }
  await mapLimit(toServer, options.concurrency ?? 8, async (target) => {
    const status = await options.status(target).catch(() => 0);
    if (status === 0 || status >= 400) fail(target, status ? `HTTP ${status}` : 'no answer');
  });
  broken.sort((a, b) => a.target.localeCompare(b.target));
  return { pages: pages.length, targets: linkedFrom.size, checkedByServer: toServer.length, skippedPending, broken };
}

/** One line per broken link with the pages it is on, for the test's failure message. */
export function formatBroken(broken: readonly BrokenLink[]): string {
  return broken
    .map((b) => `  ${b.target}  (${b.why}) on ${b.pages.join(', ')}${b.pageCount > b.pages.length ? ` and ${b.pageCount - b.pages.length} more` : ''}`)
    .join('\n');
}
