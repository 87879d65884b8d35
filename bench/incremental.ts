import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DeployDiff } from '../server/deploy/deploy-diff.ts';
import { copyStoreForReplay } from './replay.ts';
import { blowFinalWhistle } from './whistle.ts';

/**
 * Issue 37's build rows: on a copy of the built site's store (it needs a Liga Pro match in play, as the
 * live rows do), with a build cache of its own (BUILD_CACHE_DIR, empty at first):
 * 1. the whole site from nothing (every page rendered and finished): "no slower than today";
 * 2. the same data again: what a rebuild costs when nothing changed;
 * 3. a final whistle (bench/whistle.ts), then the rebuild: the pages it touches live in ≤ 20 s.
 * Each is `npm run build` (its own API on the store, the swap), timed from the spawn and, as a running
 * server's rebuild takes it (server/deploy/site-build.ts, in the server's process), from the build's start
 * to the new build being live.
 */
export interface BuildRun {
  /** From the spawn of `npm run build` (its own API server included) to the new build being live. */
  seconds: number;
  /** From the build's start to the new build being live, as a running server's rebuild takes (buildSite). */
  buildSeconds: number;
  pages: number;
  /** Files changed against the build before, and their bytes (the deploy diff). */
  changed: number;
  changedMb: number;
  /** The build's own summary line. */
  summary: string;
}

export interface IncrementalResult {
  full: BuildRun;
  unchanged: BuildRun;
  whistle: BuildRun & { fixture: number; matchPageRebuilt: boolean };
}

function build(env: NodeJS.ProcessEnv, dist: string): Promise<BuildRun> {
  const started = performance.now();
  return new Promise((done, fail) => {
    let log = '';
    const child = spawn(process.execPath, ['scripts/build.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`the build exited with ${code}: ${log.slice(-2000)}`));
      const seconds = (performance.now() - started) / 1000;
      const summary = /\[build\] (\d+) pages built[^\n]*/.exec(log);
      const diff = JSON.parse(readFileSync(join(realpathSync(dist), '.deploy-diff.json'), 'utf8')) as DeployDiff;
      done({ seconds, buildSeconds: Number(/built in ([\d.]+) s/.exec(summary?.[0] ?? '')?.[1] ?? Number.NaN), pages: Number(summary?.[1] ?? 0), changed: diff.changed.length, changedMb: diff.changedBytes / 1e6, summary: summary?.[0] ?? '' });
    });
  });
}

export async function measureIncremental(options: { databasePath?: string } = {}): Promise<IncrementalResult> {
  const dir = mkdtempSync(join(tmpdir(), 'marcador-bench-incremental-'));
  try {
    const store = join(dir, 'marcador.db');
    const { seed, anchor } = copyStoreForReplay(resolve(options.databasePath ?? process.env.DATABASE_PATH ?? 'data/marcador.db'), store);
    const dist = join(dir, 'dist');
    const env = {
      ...process.env,
      DATABASE_PATH: store,
      READERS_DATABASE_PATH: join(dir, 'readers.db'),
      DIST_DIR: dist,
      BUILD_CACHE_DIR: join(dir, 'cache'),
      MARCADOR_NOW: anchor,
    };
    const full = await build(env, dist);
    const unchanged = await build(env, dist);
    const { final } = blowFinalWhistle(store, seed, anchor, 242);
    const whistle = await build(env, dist);
    const diff = JSON.parse(readFileSync(join(realpathSync(dist), '.deploy-diff.json'), 'utf8')) as DeployDiff;
    return { full, unchanged, whistle: { ...whistle, fixture: final.fixture.id, matchPageRebuilt: diff.changed.includes(`partidos/${final.fixture.id}/index.html`) } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
