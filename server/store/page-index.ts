import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** How often the build folder is looked at again (a rebuild swaps it: server/deploy/publish.ts). */
const CHECK_MS = 2000;
/** Not pages a reader reads: the not-found page, build files, assets. */
const SKIP = /^(?:404|500)\.html$|^[._]/;

/**
 * The pages of the site that exist, so that a page view counts only for one of them: the `.html`
 * files of the build being served (`DIST_DIR`, resolved through its symlink, read again after a
 * rebuild swaps it). A server without a build of its own (the API on its own host, pages on a CDN)
 * knows no page list; there, `fallback` decides (server/routes/readers.ts: the published articles,
 * which are what "más leídas" ranks).
 */
export function createPageIndex(distDir: string, fallback: (path: string) => boolean) {
  let key: string | null | undefined;
  let pages: Set<string> | null = null;
  let checkedAt = -Infinity;

  function current(): Set<string> | null {
    const t = Date.now();
    if (t - checkedAt < CHECK_MS && key !== undefined) return pages;
    checkedAt = t;
    let next: string | null;
    let root: string | null = null;
    try {
      root = realpathSync(distDir);
      next = `${root}:${statSync(root).mtimeMs}`;
    } catch {
      next = null;
    }
    if (next === key) return pages;
    key = next;
    pages = root ? listPages(root) : null;
    if (pages && pages.size === 0) pages = null;
    return pages;
  }

  return {
    /** Whether `path` (as `location.pathname` gives it) is a page of the site. */
    exists(path: string): boolean {
      const normal = normalizePath(path);
      if (normal === null) return false;
      const built = current();
      return built ? built.has(normal) : fallback(normal);
    },
    /** 'build' with the number of pages, or 'none' (the fallback decides). */
    describe(): string {
      const built = current();
      return built ? `${built.size} pages of the build in ${distDir}` : `no build in ${distDir}: published articles only`;
    },
  };
}

/** `/noticias/a-b/` and `/noticias/a-b` are one page; percent-escapes decoded; null for what is no path. */
export function normalizePath(path: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (!p.startsWith('/') || p.includes('\0') || /(?:^|\/)\.\.?(?:\/|$)/.test(p)) return null;
  if (p.endsWith('/index.html')) p = p.slice(0, -'index.html'.length);
  else if (p.endsWith('.html')) p = p.slice(0, -'.html'.length);
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

/** Every page path of a build folder: `index.html` → `/`, `a/b/index.html` and `a/b.html` → `/a/b`. */
export function listPages(root: string): Set<string> {
  const pages = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (SKIP.test(entry.name)) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}/${entry.name}`);
      else if (entry.name === 'index.html') pages.add(prefix || '/');
      else if (entry.name.endsWith('.html')) pages.add(`${prefix}/${entry.name.slice(0, -'.html'.length)}`);
    }
  };
  walk(root, '');
  return pages;
}
