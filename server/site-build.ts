import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Builds the static site against a running data API (`apiUrl`) into a fresh folder, writes .br/.gz
 * variants of every text file so the server (or a CDN) sends precompressed bytes, then swaps it in
 * for dist/: readers keep getting the previous build until the new one is complete. Used by `npm start`
 * (server/main.ts, rebuild on new data) and `npm run build` (scripts/build.ts); it lives in server/
 * because server/ never imports scripts/.
 */
export const DIST_DIR = resolve(process.cwd(), 'dist');
const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;

export async function buildSite(options: { apiUrl: string; dataVersion: string; log?: (m: string) => void }): Promise<void> {
  const log = options.log ?? ((m: string) => console.log(m));
  // The CLI file is not in astro's package exports, so it is found by path.
  const astroBin = resolve(process.cwd(), 'node_modules/astro/bin/astro.mjs');
  const started = performance.now();
  const staging = `${DIST_DIR}.next`;
  rmSync(staging, { recursive: true, force: true });
  await new Promise<void>((resolveBuild, reject) => {
    // process.execPath is the project's Node 24 (npm scripts put node_modules/.bin first on PATH).
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', staging], {
      env: { ...process.env, MARCADOR_API_URL: options.apiUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolveBuild() : reject(new Error(`astro build exited with code ${code}`))));
  });
  const compressed = precompress(staging);
  writeFileSync(
    join(staging, '.build-info.json'),
    JSON.stringify({ dataVersion: options.dataVersion, builtAt: new Date().toISOString(), apiUrl: options.apiUrl }, null, 2),
  );
  const previous = `${DIST_DIR}.previous`;
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(DIST_DIR)) renameSync(DIST_DIR, previous);
  renameSync(staging, DIST_DIR);
  rmSync(previous, { recursive: true, force: true });
  log(`[build] site built in ${((performance.now() - started) / 1000).toFixed(1)} s; ${compressed} files precompressed`);
}

export function precompress(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      count += precompress(full);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(full);
    if (body.length < 512) continue;
    const quality = name.endsWith('.html') ? 9 : 11;
    writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }));
    writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

export function builtDataVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(DIST_DIR, '.build-info.json'), 'utf8')) as { dataVersion?: string }).dataVersion;
  } catch {
    return undefined;
  }
}
