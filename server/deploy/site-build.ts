import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { deployDiff, sendDeployDiff, writeDeployDiff, type DeployDiff } from './deploy-diff.ts';
import { distLayout, listFiles } from './publish.ts';

/**
 * Builds the static site against a running data API (`apiUrl`) into a fresh folder under
 * dist.builds/, then makes it live by swapping the dist symlink (server/deploy/publish.ts): readers
 * keep getting the previous build until the new one is complete, and a failed build leaves it in
 * place. `astro build` itself finishes the build (integrations/finish: trimmed styles, .br/.gz, the
 * CSP in `_headers` and `.security.json`), so what goes live here is what a static host would serve.
 * Used by `npm start` (server/main.ts: rebuilds) and `npm run build` (scripts/build.ts); it lives in
 * server/ because server/ never imports scripts/.
 */
export const DIST_DIR = resolve(process.cwd(), process.env.DIST_DIR || 'dist');

export interface BuildResult {
  pages: number;
  ms: number;
  /** What changed against the build that was live before (`.deploy-diff.json`). */
  diff: DeployDiff;
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
    // Without its finishing a build would go live with no CSP and uncompressed pages.
    if (!existsSync(join(staging, '_headers'))) throw new Error('astro build wrote no _headers: integrations/finish is not registered in astro.config.mjs');
    const pages = countPages(staging);
    writeFileSync(
      join(staging, '.build-info.json'),
      JSON.stringify({ dataVersion: options.dataVersion, builtAt: new Date().toISOString(), apiUrl: options.apiUrl, pages }, null, 2),
    );
    const diff = await deployDiff(layout.live(), staging);
    writeDeployDiff(staging, diff);
    layout.activate(staging).catch((error: Error) => console.warn(`[build] older builds not removed: ${error.message}`));
    const ms = Math.round(performance.now() - started);
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
    log(
      `[build] ${pages} pages built in ${(ms / 1000).toFixed(1)} s (astro with its finishing ${seconds(started, astroDone)}, diff and swap ${seconds(astroDone, performance.now())}); ` +
        `${diff.changed.length} files changed (${(diff.changedBytes / 1e6).toFixed(1)} MB) and ${diff.removed.length} removed against the previous build`,
    );
    const hook = process.env.PUBLISH_HOOK_URL?.trim();
    if (hook) await sendDeployDiff(hook, basename(staging), diff).catch((error: Error) => console.warn(`[build] the publish hook was not told: ${error.message}`));
    return { pages, ms, diff };
  } catch (error) {
    layout.discard(staging);
    throw error;
  }
}

function countPages(dir: string): number {
  return listFiles(dir).filter((f) => f.endsWith('.html')).length;
}

export function builtDataVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(DIST_DIR, '.build-info.json'), 'utf8')) as { dataVersion?: string }).dataVersion;
  } catch {
    return undefined;
  }
}
