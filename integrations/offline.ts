import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Offline reading (issue 27), as one step at the end of every Astro build (`npm run build` and the
 * server's rebuilds alike), before the build is finished and made live (server/deploy/site-build.ts):
 * 1. the web app manifest's PNG icons, drawn from public/favicon.svg with sharp (192, 512, and a
 *    512 maskable one whose picture stays inside the safe circle);
 * 2. the service worker: src/service-worker/sw.ts bundled with esbuild (Astro's own), then given the
 *    list of files to precache by workbox-build's injectManifest, written as dist/sw.js. The
 *    finishing step compresses it like every other script.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SW_SOURCE = join(ROOT, 'src/service-worker/sw.ts');

/**
 * What the worker installs ahead of need: the shell's scripts (every page runs them; the offline page
 * too), React's runtime and what the islands share (about 60 KB compressed, fetched once, after the
 * first page's load and idle: from then on no data page of this build fetches React over the
 * network), the offline page, the icons and the manifest. Each island's own small file is kept as
 * pages use it.
 */
export const PRECACHE_PATTERNS = [
  '_astro/shell.*.js',
  '_astro/react.*.js',
  '_astro/islands.*.js',
  '_astro/island-runtime.*.js',
  '_astro/BaseLayout.astro_astro_type_script_*.js',
  'sin-conexion/index.html',
  'icons/*.png',
  'favicon.svg',
  'placeholder.svg',
  'site.webmanifest',
];

/** A square with the favicon's colours and no rounded corners: launchers mask it to their own shape. */
function maskableSvg(favicon: string): string {
  return favicon.replace(/\s+rx="[^"]*"/, '');
}

async function writeIcons(dir: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  const favicon = readFileSync(join(ROOT, 'public/favicon.svg'), 'utf8');
  mkdirSync(join(dir, 'icons'), { recursive: true });
  const draw = (svg: string, size: number, file: string) =>
    sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(join(dir, 'icons', file));
  await Promise.all([
    draw(favicon, 192, 'icon-192.png'),
    draw(favicon, 512, 'icon-512.png'),
    draw(maskableSvg(favicon), 512, 'maskable-512.png'),
  ]);
}

async function writeServiceWorker(dir: string): Promise<{ count: number; size: number }> {
  const { build } = await import('esbuild');
  const { injectManifest } = await import('workbox-build');
  const bundled = join(dir, '.sw-source.js');
  await build({
    entryPoints: [SW_SOURCE],
    outfile: bundled,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    // Workbox's development logging is dropped in production bundles.
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  try {
    const result = await injectManifest({
      swSrc: bundled,
      swDest: join(dir, 'sw.js'),
      globDirectory: dir,
      globPatterns: PRECACHE_PATTERNS,
      // Root-relative URLs: the worker lives at /sw.js, but a page's URL is what it is asked for.
      modifyURLPrefix: { '': '/' },
      // A hashed file's name is its revision: fetched as is (the browser's cache may already have it).
      dontCacheBustURLsMatching: /^\/_astro\//,
      maximumFileSizeToCacheInBytes: 512 * 1024,
    });
    for (const warning of result.warnings) console.warn(`[offline] ${warning}`);
    return { count: result.count, size: result.size };
  } finally {
    rmSync(bundled, { force: true });
  }
}

export default function offline(): AstroIntegration {
  return {
    name: 'marcador:offline',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        await writeIcons(out);
        const { count, size } = await writeServiceWorker(out);
        const swBytes = readFileSync(join(out, 'sw.js')).length;
        logger.info(`service worker: ${(swBytes / 1024).toFixed(1)} KB, precaches ${count} files (${(size / 1024).toFixed(0)} KB)`);
        writeFileSync(join(out, '.offline.json'), JSON.stringify({ swBytes, precached: count, precachedBytes: size }, null, 2));
      },
    },
  };
}
