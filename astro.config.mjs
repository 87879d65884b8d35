// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { codeSplitting } from './integrations/bundle/code-splitting.mjs';
import { codeDigest } from './integrations/code-digest.ts';
import { compileHintsPlugin } from './integrations/bundle/compile-hints.mjs';
import { lightPreloadHelperPlugin, noModulePreloadPlugin } from './integrations/bundle/module-preload.mjs';
import finish from './integrations/finish/index.ts';
import islandRuntime from './integrations/finish/island-runtime.ts';
import liveIslands from './integrations/live-islands/index.ts';
import offline from './integrations/offline.ts';

const site = process.env.SITE_URL || 'https://marcador.ec';

/** Paths that are not canonical pages: duplicates, redirects, utility pages. */
const NOT_IN_SITEMAP = [/^\/404$/, /^\/sin-conexion$/, /^\/search$/, /^\/news$/, /^\/home$/, /^\/informacion\/[^/]+$/];

// Part of every incremental-build key (src/lib/loaders/page-keys.ts): the pages' code as it is now.
process.env.MARCADOR_CODE_DIGEST = codeDigest(fileURLToPath(new URL('.', import.meta.url)));

const withoutTrailingSlash = (/** @type {string} */ url) => {
  const parsed = new URL(url);
  if (parsed.pathname.length > 1) parsed.pathname = parsed.pathname.replace(/\/+$/, '');
  return parsed.href;
};

export default defineConfig({
  site,
  output: 'static',
  // Where the incremental build keeps its pages and the finished files (default node_modules/.astro):
  // the bench gives its builds a cache of their own.
  ...(process.env.BUILD_CACHE_DIR ? { cacheDir: process.env.BUILD_CACHE_DIR } : {}),
  // Pages are written as dir/index.html and linked without a trailing slash: the API server and
  // common CDNs serve /nosotros from nosotros/index.html with no redirect hop. Canonical URLs and
  // the sitemap use the same slash-less form.
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // The shell CSS is a few KB: inlining saves a render-blocking request on slow connections.
    inlineStylesheets: 'always',
    // Four pages at a time: while one waits on the data API or on sharp's thread (a share card's
    // WebP), another renders. 4,104 pages: 51 s instead of 68 s with the picture cache warm, 95 s
    // instead of 113 s cold; the pages are the same (diffed: only the build's clock stamps differ).
    concurrency: 4,
  },
  // Static output writes a meta-refresh page (with a canonical link); `npm start` also answers 301.
  // A build restores the pages whose data, day and code are unchanged instead of rendering them
  // (src/lib/loaders/page-keys.ts gives each page its key; the finishing reuses their finished files).
  experimental: { incrementalBuild: true },
  redirects: {
    '/news': { status: 301, destination: '/noticias' },
  },
  integrations: [
    react(),
    liveIslands(),
    sitemap({
      filter: (page) => !NOT_IN_SITEMAP.some((pattern) => pattern.test(new URL(withoutTrailingSlash(page)).pathname)),
      serialize: (item) => ({ ...item, url: withoutTrailingSlash(item.url) }),
    }),
    // Before offline(): the worker precaches the file it writes.
    islandRuntime(),
    offline(),
    // Last: it compresses what the others wrote on build:done (the sitemap's XML, the service worker).
    finish(),
  ],
  vite: {
    plugins: [tailwindcss(), compileHintsPlugin, noModulePreloadPlugin, lightPreloadHelperPlugin],
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting } } } },
    },
  },
  devToolbar: { enabled: false },
});
