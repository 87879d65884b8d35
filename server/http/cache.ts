import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/**
 * In-memory response cache for the data API. Answers are serialised and hashed once, compressed at
 * most once per encoding (brotli or gzip, on the first request that accepts it), then served from memory until their kind's max-age passes: that is what keeps cached endpoints at
 * thousands of requests per second on two cores. Cleared whenever the store changes.
 */
export type CacheKind = 'live' | 'tables' | 'news' | 'reference';

export const CACHE_POLICY: Record<CacheKind, { maxAge: number; staleWhileRevalidate: number }> = {
  live: { maxAge: 15, staleWhileRevalidate: 15 },
  tables: { maxAge: 300, staleWhileRevalidate: 600 },
  news: { maxAge: 180, staleWhileRevalidate: 300 },
  reference: { maxAge: 3600, staleWhileRevalidate: 86_400 },
};

export interface CachedBody {
  status: number;
  /** Content-Type; JSON when absent. */
  type?: string;
  json: Uint8Array<ArrayBuffer>;
  /** Compressed variants, made on first use; absent for small bodies (not worth a header's bytes). */
  gzip?: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
  /** Answers rarely asked twice (one search each) compress fast: harder costs more CPU than it saves. */
  fastCompression?: boolean;
  /** Levels for a body made per request (a filled page): brotli quality and gzip level. */
  levels?: { br: number; gzip: number };
  etag: string;
  cacheControl: string;
  expiresAt: number;
}

const COMPRESS_MIN_BYTES = 1024;
/** Bulk reads for the build run to megabytes: a lower brotli quality keeps them fast, still smaller than gzip. */
const BROTLI_LARGE_BYTES = 256 * 1024;
const MAX_ENTRIES = 5000;

export function cacheControl(kind: CacheKind): string {
  const p = CACHE_POLICY[kind];
  return `public, max-age=${p.maxAge}, stale-while-revalidate=${p.staleWhileRevalidate}`;
}

/**
 * An answer already serialised (e.g. built by SQLite's JSON functions from stored provider JSON):
 * sent as it is, without a parse and a stringify on the way.
 */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** `gzipLevel` 1 marks an answer rarely asked twice (a search): it is compressed fast, not small. */
export function makeBody(status: number, value: unknown, kind: CacheKind, nowMs = Date.now(), gzipLevel = 6): CachedBody {
  // Copied once into plain Uint8Arrays: what Response accepts as a body, served many times.
  const json = new Uint8Array(Buffer.from(value instanceof RawJson ? value.text : JSON.stringify(value)));
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  return {
    status,
    json,
    fastCompression: gzipLevel <= 1,
    etag,
    cacheControl: cacheControl(kind),
    expiresAt: nowMs + CACHE_POLICY[kind].maxAge * 1000,
  };
}

/**
 * Pages made per request: the same sizes as the build's precompressed pages (brotli 6 and gzip 9 there:
 * on the 78 KB /search page, brotli 5 is 1% larger at the same cost and gzip 6 a few hundred bytes).
 * Compressed on zlib's thread pool (compressAhead), about 2.5 ms there, none of it on the event loop.
 */
const PAGE_LEVELS = { br: 5, gzip: 6 };

/**
 * A page made for one request (the /search page filled by the server): not kept, but answered like
 * the cached bodies (ETag, 304, compression at `levels`, ahead of `respond` with compressAhead).
 */
export function makePageBody(html: string, cacheControl: string, levels = PAGE_LEVELS): CachedBody {
  const bytes = new Uint8Array(Buffer.from(html));
  return {
    status: 200,
    type: 'text/html; charset=utf-8',
    json: bytes,
    levels,
    etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
    cacheControl,
    expiresAt: 0,
  };
}

export class ResponseCache {
  private entries = new Map<string, CachedBody>();

  get(key: string, nowMs = Date.now()): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, body: CachedBody): void {
    // Oldest first out: Map keeps insertion order, and unbounded query strings must not grow memory.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, body);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Whether the request already holds `body` (If-None-Match names its ETag). */
function notModified(body: CachedBody, request: Request): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  return Boolean(ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag));
}

/** The encoding `respond` will use for `body`, from the request's Accept-Encoding; null for none. */
function encodingFor(body: CachedBody, request: Request): 'br' | 'gzip' | null {
  if (body.json.length < COMPRESS_MIN_BYTES) return null;
  const accept = request.headers.get('accept-encoding') ?? '';
  return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
}

const brotliOptions = (body: CachedBody): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: body.levels?.br ?? (body.fastCompression ? 1 : body.json.length > BROTLI_LARGE_BYTES ? 4 : 9),
    [constants.BROTLI_PARAM_SIZE_HINT]: body.json.length,
  },
});
const gzipOptions = (body: CachedBody): ZlibOptions => ({ level: body.levels?.gzip ?? (body.fastCompression ? 1 : 6) });
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses `body` for `request` on zlib's thread pool, so `respond` then sends it without blocking
 * the event loop: for large bodies made per request (a filled page), where doing it inline would hold
 * every other request for milliseconds.
 */
export async function compressAhead(body: CachedBody, request: Request): Promise<void> {
  if (notModified(body, request)) return;
  const encoding = encodingFor(body, request);
  if (encoding === 'br') body.br ??= new Uint8Array(await brotliAsync(body.json, brotliOptions(body)));
  else if (encoding === 'gzip') body.gzip ??= new Uint8Array(await gzipAsync(body.json, gzipOptions(body)));
}

/** Writes a cached body as a Response, honouring If-None-Match and Accept-Encoding. */
export function respond(body: CachedBody, request: Request): Response {
  const headers = new Headers({
    'content-type': body.type ?? 'application/json; charset=utf-8',
    'cache-control': body.cacheControl,
    etag: body.etag,
    vary: 'Accept-Encoding',
  });
  if (notModified(body, request)) return new Response(null, { status: 304, headers });
  const encoding = encodingFor(body, request);
  if (encoding === 'br') {
    body.br ??= new Uint8Array(brotliCompressSync(body.json, brotliOptions(body)));
    headers.set('content-encoding', 'br');
    return new Response(body.br, { status: body.status, headers });
  }
  if (encoding === 'gzip') {
    body.gzip ??= new Uint8Array(gzipSync(body.json, gzipOptions(body)));
    headers.set('content-encoding', 'gzip');
    return new Response(body.gzip, { status: body.status, headers });
  }
  return new Response(body.json, { status: body.status, headers });
}
