import type { AstroIntegration } from 'astro';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { COMPRESSIBLE, readFinishCache, writeFinishCache, type FinishCacheEntries } from './finish-cache.ts';
import type { BatchResult, FinishBatch, FinishWorkerData, SheetPage } from './finish-files.ts';
import { sitePolicy, writeSecurityFiles, type PagePolicyFacts } from './headers.ts';
import { httpPictureSource, makeImageSheets, type PictureSource, type SheetsResult } from './image-sheets.ts';

/**
 * The build's finishing, as part of `astro build` itself, so that any build (`npm run build`, a
 * server's rebuild, `npx astro build` on a static host) writes what a CDN serves:
 * - a page with many small pictures (a table's crests) gets them as one image sheet (image-sheets.ts);
 * - each page's inlined stylesheet trimmed to the rules it can use, and a script tag that only
 *   imports another chunk pointed at that chunk (optimize-pages.ts);
 * - .br and .gz beside every text file, so the server or a CDN sends precompressed bytes;
 * - the security policy with the hashes of the pages' inline scripts: `_headers`, `_redirects` for a
 *   static host and `.security.json` for `npm start` (headers.ts).
 * Runs on `astro:build:done`, after the other integrations' (the sitemap's XML is written by then:
 * list this one last in astro.config.mjs).
 */
export default function finish(): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'marcador:finish',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(new URL('marcador-finish/', config.cacheDir));
      },
      'astro:build:done': async ({ dir, logger }) => {
        // The finished files of earlier builds, for the code as it is (astro.config.mjs sets the digest).
        const code = process.env.MARCADOR_CODE_DIGEST;
        // The API's public URL when it is not on the site's origin: the CSP lets the pages reach it.
        const result = await finishBuild(fileURLToPath(dir), { apiUrl: process.env.PUBLIC_API_URL, cache: code ? { dir: cacheDir, code } : undefined });
        const { sheets } = result;
        if (sheets.pages > 0) {
          logger.info(
            `${sheets.pages} pages given ${sheets.sheets} image sheets (${Math.round(sheets.sheetBytes / 1024)} KB; ${sheets.drawn} drawn, ${sheets.cached} from earlier builds; ` +
              `${sheets.pictures} pictures read, ${sheets.missing} unreadable) in ${(sheets.ms / 1000).toFixed(1)} s`,
          );
        }
        logger.info(
          `${result.pages} pages finished (${result.restored} files as an earlier build finished them) and ${result.compressed} files precompressed in ${(result.ms / 1000).toFixed(1)} s; ` +
            `${result.scriptHashes} inline script hashes in the CSP`,
        );
      },
    },
  };
}

/** Files per message to a finishing thread: few messages, and both threads busy to the end. */
const BATCH = 40;

export interface FinishResult {
  sheets: SheetsResult;
  pages: number;
  compressed: number;
  /** Files whose finished form an earlier build made (finish-cache.ts). */
  restored: number;
  scriptHashes: number;
  ms: number;
}

/**
 * Finishes the build in `dir`. The pages are rewritten and compressed on two threads
 * (finish-files.ts): compressing thousands of pages is most of a build's CPU after Astro's, and each
 * page is read once for that, the policy and the image sheets. A page that gets a sheet is
 * compressed after its sheet is drawn (the sheets' pictures are read here, once for all pages).
 */
export async function finishBuild(dir: string, options: { apiUrl?: string; pictures?: PictureSource; cache?: { dir: string; code: string } } = {}): Promise<FinishResult> {
  const started = performance.now();
  // Dot files (.security.json, a server's .build-info.json) are the build's notes, not served.
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    // With a cache every file goes through it (a picture is linked to the build before's, so the deploy
    // diff tells it unchanged by one stat); without, only what is rewritten or compressed.
    .filter((entry) => entry.isFile() && (options.cache !== undefined || COMPRESSIBLE.test(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((full) => !/(?:^|[/\\])\./.test(relative(dir, full)));
  const pages: PagePolicyFacts[] = [];
  const sheetPages: SheetPage[] = [];
  const used: FinishCacheEntries = {};
  let compressed = 0;
  let restored = 0;
  const workerData: FinishWorkerData = { dir, cache: options.cache ? { dir: options.cache.dir, entries: readFinishCache(options.cache.dir, options.cache.code) } : null };
  const threads = Math.max(1, Math.min(2, availableParallelism()));
  const run = async <T extends FinishBatch>(task: T['task'], list: T['files']) => {
    let next = 0;
    const thread = () =>
      new Promise<void>((done, fail) => {
        const worker = new Worker(new URL('./finish-files.ts', import.meta.url), { workerData });
        const send = () => {
          if (next >= list.length) {
            void worker.terminate().then(() => done());
            return;
          }
          worker.postMessage({ task, files: list.slice(next, (next += BATCH)) } as FinishBatch);
        };
        worker.on('message', (batch: BatchResult) => {
          compressed += batch.compressed;
          restored += batch.restored;
          pages.push(...batch.pages);
          sheetPages.push(...batch.sheetPages);
          for (const [digest, entry] of batch.used) used[digest] = entry;
          send();
        });
        worker.on('error', fail);
        send();
      });
    await Promise.all(Array.from({ length: Math.min(threads, Math.max(1, Math.ceil(list.length / BATCH))) }, thread));
  };
  await run('finish', files);
  // Pictures come from the data API the build ran against (MARCADOR_API_URL, as the pages' loaders
  // read it; else where `npm start` serves it) or from their own absolute URL.
  const sheetFiles = sheetPages.map((page) => page.file);
  const sheets = await makeImageSheets(dir, sheetFiles, options.pictures ?? httpPictureSource(process.env.MARCADOR_API_URL ?? 'http://127.0.0.1:4321'));
  if (sheetPages.length) await run('compress', sheetPages);
  const policy = sitePolicy(pages, options);
  writeSecurityFiles(dir, policy, options);
  if (options.cache) writeFinishCache(options.cache.dir, options.cache.code, used);
  return { sheets, pages: pages.length, compressed, restored, scriptHashes: policy.scriptHashes.length, ms: Math.round(performance.now() - started) };
}
