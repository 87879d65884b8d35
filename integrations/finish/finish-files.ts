import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSIBLE, finishCacheDigest, restoreFinished, sheetsOf, storeFinished, type FinishCacheEntries, type FinishCacheEntry } from './finish-cache.ts';
import { pagePolicyFacts, type PagePolicyFacts } from './headers.ts';
import { sheetLayout, sheetPictures } from './image-sheets.ts';
import { pageOptimizer } from './optimize-pages.ts';

/**
 * One of the build's finishing threads (index.ts, finishBuild): takes batches of files of the new
 * build and, for each, rewrites a page (optimize-pages.ts) and reads what it adds to the site's
 * policy (headers.ts), then writes its .br and .gz. Answers each batch with how many files it
 * compressed, the pages' policy facts and the pages that get an image sheet (image-sheets.ts),
 * compressed in a second batch once it is drawn: every page is read once, here. With a finish cache
 * (finish-cache.ts), a file whose raw bytes an earlier build finished gets that build's files instead.
 */

export interface BatchResult {
  compressed: number;
  /** Files whose finished form came from the finish cache. */
  restored: number;
  pages: PagePolicyFacts[];
  /** Pages with enough small pictures for an image sheet, left uncompressed until it is drawn. */
  sheetPages: SheetPage[];
  /** The cache entries this batch restored or made, by digest: the ones the next build keeps. */
  used: Array<[string, FinishCacheEntry]>;
}

export interface SheetPage {
  file: string;
  /** Its raw bytes' digest (null without a cache) and policy facts, to keep it once compressed. */
  digest: string | null;
  facts: PagePolicyFacts;
}

export interface FinishWorkerData {
  dir: string;
  cache: { dir: string; entries: FinishCacheEntries } | null;
}

/** `finish` every file of the build; `compress` the pages that got their image sheet since. */
export type FinishBatch = { task: 'finish'; files: string[] } | { task: 'compress'; files: SheetPage[] };

const { dir, cache } = workerData as FinishWorkerData;
/** Its _astro/ chunks are read once per thread, when a page is first rewritten (none is when every page was finished before). */
let rewriter: ((html: string) => string) | null = null;
const rewrite = (html: string) => (rewriter ??= pageOptimizer(dir))(html);

function finish(full: string, result: BatchResult): void {
  let body = readFileSync(full);
  const digest = cache ? finishCacheDigest(full, body) : null;
  const kept = digest ? cache!.entries[digest] : undefined;
  if (kept && restoreFinished(cache!.dir, dir, full, digest!, kept)) {
    result.restored += 1;
    if (kept.facts) result.pages.push(kept.facts);
    result.used.push([digest!, kept]);
    return;
  }
  let facts: PagePolicyFacts | null = null;
  if (!COMPRESSIBLE.test(full)) {
    if (digest) keep(full, digest, { facts, outputs: [''], sheets: [] }, result);
    return;
  }
  if (full.endsWith('.html')) {
    let html = body.toString('utf8');
    const rewritten = rewrite(html);
    if (rewritten !== html) {
      html = rewritten;
      body = Buffer.from(rewritten);
      writeFileSync(full, body);
    }
    facts = pagePolicyFacts(html);
    result.pages.push(facts);
    // The sheet adds a style, no script: the page's policy facts hold after it.
    if (sheetLayout(sheetPictures(html))) {
      result.sheetPages.push({ file: full, digest, facts });
      return;
    }
  }
  const compressed = compress(full, body);
  if (compressed) result.compressed += 1;
  if (digest) keep(full, digest, { facts, outputs: outputsOf(compressed), sheets: [] }, result);
}

/** A page given its sheet: compressed now, and kept unless a picture was missing (it is tried again next build). */
function compressSheetPage({ file, digest, facts }: SheetPage, result: BatchResult): void {
  const body = readFileSync(file);
  const compressed = compress(file, body);
  if (compressed) result.compressed += 1;
  const html = body.toString('utf8');
  if (digest && !sheetLayout(sheetPictures(html))) keep(file, digest, { facts, outputs: outputsOf(compressed), sheets: sheetsOf(html) }, result);
}

/** The files a finished file leaves: itself, and its compressed forms when it was compressed. */
const outputsOf = (compressed: boolean) => (compressed ? ['', '.br', '.gz'] : ['']);

function keep(full: string, digest: string, entry: FinishCacheEntry, result: BatchResult): void {
  storeFinished(cache!.dir, dir, full, digest, entry);
  result.used.push([digest, entry]);
}

function compress(full: string, body: Buffer): boolean {
  if (body.length < 512) return false;
  // HTML at quality 6: measured on a league page, 3.8 ms against 23.6 ms at 9 for 1.4% more bytes;
  // with thousands of pages per build that is over a minute of CPU. The few scripts and styles,
  // fetched by every reader, get the smallest form (11).
  const quality = full.endsWith('.html') ? 6 : 11;
  writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }));
  writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
  return true;
}

parentPort!.on('message', (batch: FinishBatch) => {
  const result: BatchResult = { compressed: 0, restored: 0, pages: [], sheetPages: [], used: [] };
  if (batch.task === 'finish') for (const full of batch.files) finish(full, result);
  else for (const page of batch.files) compressSheetPage(page, result);
  parentPort!.postMessage(result);
});
