import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/**
 * Image sheets: a page that shows many small decorative pictures (crests in a table, photos in a
 * squad) gets them all as one image, each shown from its cell by CSS, instead of one request each.
 * Lighthouse's load (and a phone on 150 ms round trips) waited on dozens of crest requests: on
 * /fichajes, 41 of them cost 64–185 ms of blocking time against 8–23 ms for the same page without.
 *
 * Done on the built pages (finish/index.ts, before they are trimmed and compressed): every
 * component's markup stays a plain `<img>`, and a page under the threshold keeps its lazy images.
 * Only what cannot change in the browser is rewritten: pictures inside an island (React renders
 * them again) or a template are left alone, as are eager pictures (a page's own crest, its LCP). A
 * `client:live` island's pictures are the exception: React takes such an island over only once its data
 * changed, mostly never, and the page's live watcher first puts back each `<img>` as built (`data-img`).
 */

/** Fewer distinct pictures than this and the page keeps its `<img>`s: a few lazy requests cost little. */
export const MIN_SHEET_PICTURES = 12;
/** Largest displayed size (CSS px) a picture may have to go into a sheet: crests and faces in lists. */
const MAX_PICTURE_PX = 48;
/** Cells are drawn at twice the largest displayed size: sharp on phones' 2× screens. */
const DENSITY = 2;
/** Where the sheets are written and served from: hashed names, cached for good like the scripts. */
export const SHEETS_DIR = '_astro/sheets';

export interface SheetPicture {
  /** Offsets of the `<img …>` tag in the page. */
  start: number;
  end: number;
  src: string;
  /** Displayed size in CSS px (the tag's width, equal to its height). */
  size: number;
  fit: 'contain' | 'cover';
  className: string;
  /** In a `client:live` island: the `<img>` as built, which the page's live watcher puts back before React hydrates. */
  restore?: string;
}

const IMG_TAG = /<img\b[^>]*>/g;
const ATTRIBUTE = /([\w-]+)(?:="([^"]*)")?/g;
/** Elements whose contents a script renders again or clones, and the islands among them. */
const SCRIPTED = /<(astro-island|template|noscript)\b[^>]*>|<\/(astro-island|template|noscript)>/g;
/** A `client:live` island (integrations/live-islands): React takes it over only once its data changed. */
const LIVE_ISLAND = /^<astro-island\b[^>]*\bclient="live"/;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of tag.slice(4, -1).matchAll(ATTRIBUTE)) attributes.set(name!.toLowerCase(), value ?? '');
  return attributes;
}

/**
 * [start, end) ranges of the page whose markup must stay as built (islands, templates, noscript, at any
 * depth), and those of `client:live` islands: their pictures may be drawn from a sheet while the page is
 * read, because the page's live watcher puts each picture back before React hydrates it.
 */
function scriptedRanges(html: string): { frozen: Array<[number, number]>; live: Array<[number, number]> } {
  const frozen: Array<[number, number]> = [];
  const live: Array<[number, number]> = [];
  const open: Array<{ start: number; live: boolean }> = [];
  for (const match of html.matchAll(SCRIPTED)) {
    if (match[1]) open.push({ start: match.index, live: LIVE_ISLAND.test(match[0]) });
    else {
      const element = open.pop();
      if (element) (element.live ? live : frozen).push([element.start, match.index + match[0].length]);
    }
  }
  for (const element of open) (element.live ? live : frozen).push([element.start, html.length]);
  return { frozen, live };
}

/**
 * The page's pictures that may go into a sheet: decorative (`alt=""`), lazy, square and small, sized
 * by a `size-*` class (the element that replaces the image keeps the classes, not the attributes).
 */
export function sheetPictures(html: string): SheetPicture[] {
  const { frozen, live } = scriptedRanges(html);
  const within = (ranges: Array<[number, number]>, at: number) => ranges.some(([from, to]) => at >= from && at < to);
  const pictures: SheetPicture[] = [];
  for (const match of html.matchAll(IMG_TAG)) {
    const start = match.index;
    if (within(frozen, start)) continue;
    const attributes = attributesOf(match[0]);
    const src = attributes.get('src') ?? '';
    const size = Number(attributes.get('width'));
    const className = attributes.get('class') ?? '';
    if (attributes.get('alt') !== '' || attributes.get('loading') !== 'lazy') continue;
    if (!(size > 0 && size <= MAX_PICTURE_PX) || attributes.get('height') !== attributes.get('width')) continue;
    if (!/(?:^|\s)size-/.test(className) || !/^(?:\/(?!\/)|https?:\/\/)/.test(src) || src.endsWith('.svg')) continue;
    const fit = /(?:^|\s)object-cover(?:\s|$)/.test(className) ? 'cover' : 'contain';
    pictures.push({ start, end: start + match[0].length, src, size, fit, className, ...(within(live, start) ? { restore: match[0] } : {}) });
  }
  return pictures;
}

export interface SheetLayout {
  /** Distinct pictures, in the order of their first appearance. */
  srcs: string[];
  /** Side of a cell in image pixels. */
  cell: number;
  columns: number;
  rows: number;
  fit: Map<string, 'contain' | 'cover'>;
}

/** A near-square grid of the page's distinct pictures, or null when there are too few for a sheet. */
export function sheetLayout(pictures: readonly SheetPicture[]): SheetLayout | null {
  const fit = new Map<string, 'contain' | 'cover'>();
  let largest = 0;
  for (const picture of pictures) {
    if (!fit.has(picture.src)) fit.set(picture.src, picture.fit);
    largest = Math.max(largest, picture.size);
  }
  if (fit.size < MIN_SHEET_PICTURES) return null;
  const srcs = [...fit.keys()];
  const columns = Math.ceil(Math.sqrt(srcs.length));
  return { srcs, cell: largest * DENSITY, columns, rows: Math.ceil(srcs.length / columns), fit };
}

/** Club crests and competition logos, the provider's and the demo's: they get a light plate in dark mode. */
const CREST_PATH = /\/(?:teams|leagues)\//;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Percent of the free space (sheet less cell) that puts a cell's edge at the element's: `n` cells in a line. */
const step = (n: number) => (n > 1 ? +(100 / (n - 1)).toFixed(4) : 0);

/**
 * The page with each of its sheet pictures drawn from the sheet at `url`: a `<span>` with the
 * picture's classes and its cell's column and row, and the rule that draws them in the head, in the
 * components layer so that a utility on the element (`hidden`, `sm:block`) still wins. Pictures
 * missing from `drawn` (their image could not be read) stay as they were. A live island's picture keeps
 * its tag as built in a template at the end of the page, found by its cell's `data-img`.
 */
export function withSheet(html: string, pictures: readonly SheetPicture[], layout: SheetLayout, url: string, drawn: ReadonlySet<string>): string {
  let out = '';
  let from = 0;
  /** Live islands' pictures as built, by their cell's `data-img`. */
  const kept: string[] = [];
  for (const picture of pictures) {
    if (!drawn.has(picture.src)) continue;
    const index = layout.srcs.indexOf(picture.src);
    const classes = picture.className
      .split(/\s+/)
      .filter((name) => name && !name.startsWith('object-') && name !== 'crest')
      .concat(CREST_PATH.test(picture.src) ? ['crest', 'img-sheet'] : ['img-sheet'])
      .join(' ');
    out += html.slice(from, picture.start);
    const restore = picture.restore === undefined ? '' : ` data-img="${kept.push(picture.restore) - 1}"`;
    out += `<span class="${escapeAttribute(classes)}" style="--sheet-x:${index % layout.columns};--sheet-y:${Math.floor(index / layout.columns)}"${restore}></span>`;
    from = picture.end;
  }
  out += html.slice(from);
  // At the end of the page, not on each cell: what is wanted only once the data changed stays out of
  // the first round trip's bytes (DESIGN.md: 14 KB above the fold).
  const end = out.lastIndexOf('</body>');
  if (kept.length && end >= 0) out = `${out.slice(0, end)}<template data-sheet-pictures>${kept.join('')}</template>${out.slice(end)}`;
  const { columns, rows } = layout;
  // The cell fills the content box: a crest's plate in dark mode (global.css, `.crest`) is padding
  // around it, painted by the element's background colour, which takes its clip from the last layer.
  const rule =
    `.img-sheet{display:inline-block;background-image:url(${url}),none;background-repeat:no-repeat;background-origin:content-box;background-clip:content-box,border-box;` +
    `background-size:${columns * 100}% ${rows * 100}%;background-position:calc(var(--sheet-x)*${step(columns)}%) calc(var(--sheet-y)*${step(rows)}%)}`;
  return out.replace('</head>', `<style>@layer components{${rule}}</style></head>`);
}

/** The bytes of a picture a page names (`/media/…` from the data API, or an absolute URL), or null. */
export type PictureSource = (src: string) => Promise<Uint8Array | null>;

const SOCKET_CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);
/** How many unreadable pictures a build names in its log; the rest are counted. */
const LOGGED_FAILURES = 5;

/** A picture source reading root-relative paths from `apiUrl` and absolute URLs as they are. */
export function httpPictureSource(apiUrl: string, log: (message: string) => void = console.warn): PictureSource {
  const base = apiUrl.replace(/\/$/, '');
  let failures = 0;
  const failed = (src: string, why: string) => {
    if (++failures <= LOGGED_FAILURES) log(`[build] picture ${src} left out of image sheets: ${why}`);
    return null;
  };
  const url = (src: string) => (/^https?:\/\//.test(src) ? src : `${base}${src}`);
  return async (src) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(url(src), { signal: AbortSignal.timeout(15_000) });
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok) return failed(src, `HTTP ${response.status}`);
        if (!/^image\/(png|jpeg|gif|webp)/.test(type)) return failed(src, `content type ${type || 'missing'}`);
        return new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        // A kept-alive connection the server closed as this request went out (the API's idle timeout
        // after the pages' own requests): asked again on a new one.
        if (attempt < 3 && cause?.code && SOCKET_CLOSED.has(cause.code)) continue;
        return failed(src, cause ? `${(error as Error).message} (${cause.code ?? cause.message})` : (error as Error).message);
      }
    }
  };
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

interface Cell {
  input: Buffer;
  raw: { width: number; height: number; channels: 4 };
}

/** Draws a sheet: each picture scaled into its cell (letterboxed or cropped as the page shows it). */
async function drawSheet(layout: SheetLayout, cells: ReadonlyMap<string, Cell>): Promise<Buffer> {
  const { cell, columns, rows } = layout;
  return sharp({ create: { width: columns * cell, height: rows * cell, channels: 4, background: TRANSPARENT } })
    .composite(
      layout.srcs.flatMap((src, index) => {
        const drawn = cells.get(src);
        return drawn ? [{ ...drawn, left: (index % columns) * cell, top: Math.floor(index / columns) * cell }] : [];
      }),
    )
    .webp({ quality: 82, alphaQuality: 90, effort: 4 })
    .toBuffer();
}

export interface SheetsResult {
  pages: number;
  sheets: number;
  sheetBytes: number;
  /** Sheets read back from the cache of earlier builds, and drawn by this one. */
  cached: number;
  drawn: number;
  /** Distinct pictures read, and those that could not be read. */
  pictures: number;
  missing: number;
  ms: number;
}

/** Bump when the drawing changes: a cached sheet of another version is never used. */
const SHEET_VERSION = 'v1';
/** A cached sheet is drawn again after this long: a club that changes its crest keeps its URL. */
const CACHED_SHEET_MS = 7 * 86_400_000;

function sheetCacheDir(): string {
  return process.env.SHEET_CACHE_DIR ?? join(process.cwd(), 'data', 'cache', 'sheets');
}

/** The sheet drawn by an earlier build from the same pictures in the same grid, if recent. */
function cachedSheet(file: string): Buffer | null {
  try {
    return Date.now() - statSync(file).mtimeMs < CACHED_SHEET_MS ? readFileSync(file) : null;
  } catch {
    return null;
  }
}

function cacheSheet(file: string, sheet: Buffer): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    // Renamed into place: a build stopped midway leaves no truncated sheet.
    writeFileSync(`${file}.tmp`, sheet);
    renameSync(`${file}.tmp`, file);
  } catch (error) {
    console.warn(`[build] image sheet cache not written: ${(error as Error).message}`);
  }
}

/**
 * Reads each picture once and scales it once per cell size and fit, however many pages show it. A
 * root-relative picture the build wrote itself (a news card under /imagenes/) is read from `dir`.
 */
function cellMaker(dir: string, source: PictureSource) {
  const read = (src: string): Promise<Uint8Array | null> => {
    if (src.startsWith('/')) {
      const built = join(dir, decodeURIComponent(src.split(/[?#]/)[0]!));
      if (built.startsWith(dir) && existsSync(built)) return readFile(built).catch(() => null);
    }
    return source(src);
  };
  const originals = new Map<string, Promise<Uint8Array | null>>();
  const scaled = new Map<string, Promise<Cell | null>>();
  const cell = (src: string, size: number, fit: 'contain' | 'cover'): Promise<Cell | null> => {
    const key = `${size}|${fit}|${src}`;
    let made = scaled.get(key);
    if (!made) {
      if (!originals.has(src)) originals.set(src, read(src));
      made = originals.get(src)!.then(async (bytes) => {
        if (!bytes) return null;
        try {
          const { data, info } = await sharp(bytes).resize(size, size, { fit, background: TRANSPARENT }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
          return { input: data, raw: { width: info.width, height: info.height, channels: 4 as const } };
        } catch {
          return null;
        }
      });
      scaled.set(key, made);
    }
    return made;
  };
  return { cell, read: () => originals.size };
}

/**
 * Gives each of `pages` (files of the build in `dir`) with enough sheet pictures its sheet, written once per
 * distinct content under `_astro/sheets/` and named by it. A sheet is kept across builds
 * (`data/cache/sheets/`, or `SHEET_CACHE_DIR`) by the pictures it holds and their grid, so a rebuild
 * after a match reads its pictures again only for pages whose set changed. A picture that cannot be
 * read stays an `<img>`, and its sheet is not cached.
 */
export async function makeImageSheets(dir: string, pages: readonly string[], source: PictureSource, options: { cacheDir?: string } = {}): Promise<SheetsResult> {
  const started = performance.now();
  const cacheDir = options.cacheDir ?? sheetCacheDir();
  const planned: Array<{ file: string; html: string; pictures: SheetPicture[]; layout: SheetLayout }> = [];
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    const pictures = sheetPictures(html);
    const layout = sheetLayout(pictures);
    if (layout) planned.push({ file, html, pictures, layout });
  }
  const cells = cellMaker(dir, source);
  const written = new Set<string>();
  const result = { pages: 0, sheetBytes: 0, cached: 0, drawn: 0, missing: 0 };
  const place = async ({ file, html, pictures, layout }: (typeof planned)[number]) => {
    const key = createHash('sha256')
      .update(`${SHEET_VERSION}\n${layout.cell} ${layout.columns}x${layout.rows}\n${layout.srcs.map((src) => `${layout.fit.get(src)} ${src}`).join('\n')}`)
      .digest('hex');
    const cacheFile = join(cacheDir, `${key.slice(0, 32)}.webp`);
    let sheet = cachedSheet(cacheFile);
    let drawn: Set<string> = new Set(layout.srcs);
    if (sheet) result.cached += 1;
    else {
      const made = new Map<string, Cell>();
      for (const src of layout.srcs) {
        const cell = await cells.cell(src, layout.cell, layout.fit.get(src)!);
        if (cell) made.set(src, cell);
      }
      result.missing += layout.srcs.length - made.size;
      if (made.size < MIN_SHEET_PICTURES) return;
      sheet = await drawSheet(layout, made);
      result.drawn += 1;
      drawn = new Set(made.keys());
      if (drawn.size === layout.srcs.length) cacheSheet(cacheFile, sheet);
    }
    const name = `${createHash('sha256').update(sheet).digest('base64url').slice(0, 16)}.webp`;
    if (!written.has(name)) {
      if (!written.size) mkdirSync(join(dir, SHEETS_DIR), { recursive: true });
      written.add(name);
      result.sheetBytes += sheet.length;
      writeFileSync(join(dir, SHEETS_DIR, name), sheet);
    }
    writeFileSync(file, withSheet(html, pictures, layout, `/${SHEETS_DIR}/${name}`, drawn));
    result.pages += 1;
  };
  // A few pages at a time: each waits on its pictures, then on sharp (libvips' own threads).
  const queue = [...planned];
  const worker = async () => {
    for (let page = queue.shift(); page; page = queue.shift()) await place(page);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { ...result, sheets: written.size, pictures: cells.read(), ms: Math.round(performance.now() - started) };
}
