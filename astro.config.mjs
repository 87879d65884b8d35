// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HINT = '//# allFunctionsCalledOnLoad';

const site = process.env.SITE_URL || 'https://marcador.ec';

/** Paths that are not canonical pages: duplicates, redirects, utility pages. */
const NOT_IN_SITEMAP = [/^\/404$/, /^\/search$/, /^\/news$/, /^\/home$/, /^\/informacion\/[^/]+$/];

const withoutTrailingSlash = (/** @type {string} */ url) => {
  const parsed = new URL(url);
  if (parsed.pathname.length > 1) parsed.pathname = parsed.pathname.replace(/\/+$/, '');
  return parsed.href;
};

/**
 * Marks every browser chunk `//# allFunctionsCalledOnLoad` (V8 explicit compile hints, Chromium
 * 136+; other engines ignore the comment). V8 then compiles the whole file on a background thread
 * while it downloads, instead of compiling each function on the main thread the first time it is
 * called. All our chunks run as soon as they arrive (the shell script, React and the islands that
 * hydrate at load), and that lazy compilation was a large part of hydration's long tasks on a slow
 * phone. Added after minification, which would drop the comment.
 */
const compileHintsPlugin = {
  name: 'marcador:compile-hints',
  apply: /** @type {const} */ ('build'),
  enforce: /** @type {const} */ ('post'),
  /** @param {{ dir?: string }} options @param {Record<string, any>} bundle */
  writeBundle(options, bundle) {
    // @ts-expect-error Vite sets `this.environment`; only the browser's chunks get the hint.
    if (this.environment?.name !== 'client' || !options.dir) return;
    // On the written files: Vite's preload helper (`__vite__mapDeps`) is put at the top of a chunk
    // after every plugin's generateBundle, and the hint only counts on the first line.
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk') continue;
      const path = join(options.dir, file.fileName);
      const code = readFileSync(path, 'utf8');
      if (!code.startsWith(HINT)) writeFileSync(path, `${HINT}\n${code}`);
    }
  },
};

export default defineConfig({
  site,
  output: 'static',
  // Pages are written as dir/index.html and linked without a trailing slash: the API server and
  // common CDNs serve /nosotros from nosotros/index.html with no redirect hop. Canonical URLs and
  // the sitemap use the same slash-less form.
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // The shell CSS is a few KB: inlining saves a render-blocking request on slow connections.
    inlineStylesheets: 'always',
  },
  // Static output writes a meta-refresh page (with a canonical link); `npm start` also answers 301.
  redirects: {
    '/news': { status: 301, destination: '/noticias' },
  },
  integrations: [
    react(),
    sitemap({
      filter: (page) => !NOT_IN_SITEMAP.some((pattern) => pattern.test(new URL(withoutTrailingSlash(page)).pathname)),
      serialize: (item) => ({ ...item, url: withoutTrailingSlash(item.url) }),
    }),
  ],
  vite: {
    plugins: [tailwindcss(), compileHintsPlugin],
  },
  devToolbar: { enabled: false },
});
