import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { ASSET_CACHE, readSecurityFile, WORKER_CACHE, type Redirect } from '../../integrations/finish/headers.ts';

/**
 * Serves the prebuilt site from dist/ the way a CDN would: precompressed .br/.gz variants written by
 * the build, long-lived caching for fingerprinted assets, short for HTML, a real 404 status for the
 * not-found page, GET and HEAD only. Files are read once and kept in memory (the whole site is a few
 * MB). dist/ is a symlink swapped atomically by a rebuild (server/deploy/publish.ts): every file of
 * the cache is read from the one build the link pointed at when the cache was started, so an answer
 * never mixes two builds, and a swap (ours, or another process's) starts a fresh cache.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  // Every script of the site is a module, which a browser always reads as UTF-8: no charset to say.
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Build files for the host, not for readers. */
const PRIVATE = /^(?:\.|_headers$|_redirects$)|[/\\]\./;
const DEFAULT_REDIRECTS: Redirect[] = [{ from: '/news', to: '/noticias', status: 301 }];
const SWAP_CHECK_MS = 1000;

interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer> | null;
  gzip: Uint8Array<ArrayBuffer> | null;
  type: string;
  etag: string;
  /** The body as text, decoded on first use (pages the server fills, e.g. /search). */
  text?: string;
}

/** A file of the build folder `dir` with its precompressed variants; null outside it, private or absent. */
function readStaticFile(dir: string, relative: string): StaticFile | null {
  const full = join(dir, relative);
  if (!full.startsWith(dir + sep) || PRIVATE.test(relative) || !existsSync(full) || !statSync(full).isFile()) return null;
  const stat = statSync(full);
  const read = (path: string) => new Uint8Array(readFileSync(path));
  const variant = (ext: string) => (existsSync(full + ext) ? read(full + ext) : null);
  return {
    body: read(full),
    br: variant('.br'),
    gzip: variant('.gz'),
    type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
    etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
  };
}

/** The file's answer: its caching by kind, revalidation by ETag, the precompressed variant the reader accepts. */
function send(request: Request, file: StaticFile, path: string, status = 200): Response {
  const headers = new Headers({ 'content-type': file.type, vary: 'Accept-Encoding' });
  headers.set(
    'cache-control',
    path.startsWith('_astro/')
      ? ASSET_CACHE
      : file.type.startsWith('text/html')
        ? 'public, max-age=60, stale-while-revalidate=600'
        : path === 'sw.js'
          ? WORKER_CACHE
          : 'public, max-age=86400',
  );
  // A hashed asset's URL names its content, which never changes: nothing to revalidate, no ETag.
  const revalidated = status === 200 && !path.startsWith('_astro/');
  if (revalidated) headers.set('etag', file.etag);
  if (revalidated && request.headers.get('if-none-match') === file.etag) return new Response(null, { status: 304, headers });
  const accept = request.headers.get('accept-encoding') ?? '';
  let body = file.body;
  if (file.br && /\bbr\b/.test(accept)) {
    body = file.br;
    headers.set('content-encoding', 'br');
  } else if (file.gzip && /\bgzip\b/.test(accept)) {
    body = file.gzip;
    headers.set('content-encoding', 'gzip');
  }
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

/** Candidate files for a URL path: the file itself, then a directory index, then `.html`; none for a path that cannot be a file. */
function candidatePaths(pathname: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return [];
  }
  const clean = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  if (clean.includes('\0')) return [];
  const base = clean.replace(/^\/+/, '');
  return [base, join(base, 'index.html'), `${base.replace(/\/$/, '')}.html`].filter((candidate) => candidate && !candidate.endsWith(sep));
}

export function createStaticSite(rootDir: string) {
  const root = resolve(rootDir);
  const files = new Map<string, StaticFile | null>();
  /** The concrete build folder this cache reads from (dist/ resolved once), or null before any build. */
  let build: string | null | undefined;
  let policy: ReturnType<typeof readSecurityFile> | undefined;
  let checkedAt = 0;

  function currentBuild(): string | null {
    try {
      return realpathSync(root);
    } catch {
      return null;
    }
  }

  function reset(): void {
    files.clear();
    build = undefined;
    policy = undefined;
  }

  function buildDir(): string | null {
    const now = Date.now();
    if (build !== undefined && now - checkedAt > SWAP_CHECK_MS) {
      checkedAt = now;
      if (currentBuild() !== build) reset();
    }
    if (build === undefined) {
      build = currentBuild();
      checkedAt = now;
    }
    return build;
  }

  function load(relative: string): StaticFile | null {
    // The swap check comes first: a file read before a new build went live (its worker script, a
    // page) must not be served from memory after it.
    const dir = buildDir();
    if (files.has(relative)) return files.get(relative)!;
    if (!dir) return null;
    const file = readStaticFile(dir, relative);
    files.set(relative, file);
    return file;
  }

  function sitePolicy() {
    const dir = buildDir();
    if (policy === undefined) policy = dir ? readSecurityFile(dir) : null;
    return policy;
  }

  function resolvePath(pathname: string): { file: StaticFile; path: string } | null {
    for (const candidate of candidatePaths(pathname)) {
      const file = load(candidate);
      if (file) return { file, path: candidate };
    }
    return null;
  }

  return {
    available: () => {
      const dir = buildDir();
      return dir !== null && existsSync(join(dir, 'index.html'));
    },
    /** A built page as text with its ETag (null when the build has no such file), for pages the server fills. */
    page(relative: string): { text: string; etag: string } | null {
      const file = load(relative);
      if (!file) return null;
      file.text ??= Buffer.from(file.body).toString('utf8');
      return { text: file.text, etag: file.etag };
    },
    /** The Content-Security-Policy the live build was made with (null before the first build). */
    csp: (): string | null => sitePolicy()?.csp ?? null,
    handle(request: Request): Response {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return new Response(`Method ${request.method} not allowed`, {
          status: 405,
          headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
        });
      }
      const url = new URL(request.url);
      const trimmed = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
      const redirect = (sitePolicy()?.redirects ?? DEFAULT_REDIRECTS).find((r) => r.from === trimmed);
      if (redirect) return new Response(null, { status: redirect.status, headers: { location: redirect.to + url.search } });
      const found = resolvePath(url.pathname);
      if (found) return send(request, found.file, found.path);
      const notFound = load('404.html');
      if (notFound) return send(request, notFound, '404.html', 404);
      return new Response('Página no encontrada', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    },
    /** Forget cached files after a rebuild: the next request reads the build dist/ now points at. */
    reset,
  };
}
