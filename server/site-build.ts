import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { writeSecurityFiles } from './deploy/headers.ts';
import { distLayout, listFiles } from './deploy/publish.ts';

/**
 * Builds the static site against a running data API (`apiUrl`) into a fresh folder under
 * dist.builds/, hashes its inline scripts into the security policy (`_headers`, `.security.json`),
 * writes `_redirects` and .br/.gz variants of every text file so the server (or a CDN) sends
 * precompressed bytes, then makes it live by swapping the dist symlink (server/deploy/publish.ts):
 * readers keep getting the previous build until the new one is complete, and a failed build leaves
 * it in place. Used by `npm start` (server/main.ts: rebuilds) and `npm run build` (scripts/build.ts);
 * it lives in server/ because server/ never imports scripts/.
 */
export const DIST_DIR = resolve(process.cwd(), process.env.DIST_DIR || 'dist');
const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;

export interface BuildResult {
  pages: number;
  ms: number;
}

export async function buildSite(options: { apiUrl: string; dataVersion: string; log?: (m: string) => void }): Promise<BuildResult> {
  const log = options.log ?? ((m: string) => console.log(m));
  const layout = distLayout(DIST_DIR);
  // Tests make a build fail on purpose while the server runs: the file's presence is the switch.
  const failFile = process.env.SITE_BUILD_FAIL_FILE;
  if (failFile && existsSync(failFile)) throw new Error(`build refused: ${readFileSync(failFile, 'utf8').trim() || failFile}`);
  // The CLI file is not in astro's package exports, so it is found by path.
  const astroBin = resolve(process.cwd(), 'node_modules/astro/bin/astro.mjs');
  const started = performance.now();
  layout.adoptRealDist();
  const staging = layout.newBuildDir();
  try {
    await new Promise<void>((resolveBuild, reject) => {
      // process.execPath is the project's Node 24 (npm scripts put node_modules/.bin first on PATH).
      const child = spawn(process.execPath, [astroBin, 'build', '--outDir', staging], {
        env: { ...process.env, MARCADOR_API_URL: options.apiUrl },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolveBuild() : reject(new Error(`astro build exited with code ${code}`))));
    });
    const astroDone = performance.now();
    const policy = await writeSecurityFiles(staging, { apiUrl: process.env.PUBLIC_API_URL });
    const policyDone = performance.now();
    const compressed = await precompress(staging, { optimize: true });
    const compressDone = performance.now();
    const pages = countPages(staging);
    writeFileSync(
      join(staging, '.build-info.json'),
      JSON.stringify({ dataVersion: options.dataVersion, builtAt: new Date().toISOString(), apiUrl: options.apiUrl, pages }, null, 2),
    );
    layout.activate(staging);
    const ms = Math.round(performance.now() - started);
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
    log(
      `[build] ${pages} pages built in ${(ms / 1000).toFixed(1)} s (astro ${seconds(started, astroDone)}, policy ${seconds(astroDone, policyDone)}, ` +
        `pages trimmed and compressed ${seconds(policyDone, compressDone)}, swap ${seconds(compressDone, performance.now())}); ` +
        `${compressed} files precompressed; ${policy.scriptHashes.length} inline script hashes in the CSP`,
    );
    return { pages, ms };
  } catch (error) {
    layout.discard(staging);
    throw error;
  }
}

function countPages(dir: string): number {
  return listFiles(dir).filter((f) => f.endsWith('.html')).length;
}

/** Files per message to a finishing thread: few messages, and both threads busy to the end. */
const BATCH = 40;

/**
 * Writes .br and .gz beside every text file, after rewriting each page (server/deploy/
 * optimize-pages.ts) when `optimize` is set. On two threads (server/deploy/finish-files.ts):
 * compressing thousands of pages is most of a build's CPU after Astro's, and `npm start` keeps
 * answering readers from the live build on its main thread while a rebuild finishes the next.
 */
export async function precompress(dir: string, options: { optimize?: boolean } = {}): Promise<number> {
  const files = listFiles(dir).filter((full) => COMPRESSIBLE.test(full) && !/[/\\]\./.test(full.slice(dir.length)));
  let next = 0;
  let count = 0;
  const thread = () =>
    new Promise<void>((done, fail) => {
      const worker = new Worker(new URL('./deploy/finish-files.ts', import.meta.url), { workerData: { dir, optimize: options.optimize ?? false } });
      const send = () => {
        if (next >= files.length) {
          void worker.terminate().then(() => done());
          return;
        }
        worker.postMessage(files.slice(next, (next += BATCH)));
      };
      worker.on('message', (compressed: number) => {
        count += compressed;
        send();
      });
      worker.on('error', fail);
      send();
    });
  await Promise.all(Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, thread));
  return count;
}

export function builtDataVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(DIST_DIR, '.build-info.json'), 'utf8')) as { dataVersion?: string }).dataVersion;
  } catch {
    return undefined;
  }
}
