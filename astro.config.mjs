// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import finish from './integrations/finish/index.ts';
import offline from './scripts/offline-integration.ts';

const HINT = '//# allFunctionsCalledOnLoad';

const site = process.env.SITE_URL || 'https://marcador.ec';

/** Paths that are not canonical pages: duplicates, redirects, utility pages. */
const NOT_IN_SITEMAP = [/^\/404$/, /^\/sin-conexion$/, /^\/search$/, /^\/news$/, /^\/home$/, /^\/informacion\/[^/]+$/];

const withoutTrailingSlash = (/** @type {string} */ url) => {
  const parsed = new URL(url);
  if (parsed.pathname.length > 1) parsed.pathname = parsed.pathname.replace(/\/+$/, '');
  return parsed.href;
};

/**
 * Marks every browser chunk `//# allFunctionsCalledOnLoad` (V8 explicit compile hints, Chromium
 * 136+; other engines ignore the comment). V8 then compiles the whole file on a background thread
 * while it downloads, instead of compiling each function on the main thread the first time it is
 * called. All our chunks run as soon as they arrive (the shell script, the islands' runtime and the islands that
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

const SHELL_SCRIPT = fileURLToPath(new URL('./src/client/shell-client.ts', import.meta.url));
const ISLANDS_DIR = fileURLToPath(new URL('./src/islands/', import.meta.url));
const ISLAND_FILES = readdirSync(ISLANDS_DIR)
  .filter((name) => name.endsWith('.tsx'))
  .map((name) => join(ISLANDS_DIR, name));
/** Mounted by a script only for a reader who follows a club (src/client/my-teams.ts), not at page load. */
const ON_DEMAND_ISLANDS = new Set([join(ISLANDS_DIR, 'MyTeams.tsx')]);
/** React's runtime: one chunk, loaded only by pages with an island, after first paint, and kept by the
 * service worker, so a repeat visit fetches none of it. */
const REACT_MODULE = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;
/** The bundler's own helpers (CommonJS interop), which the runtime needs first. */
const ROLLDOWN_RUNTIME = /^\0?rolldown[:/]runtime/;

/**
 * @typedef {{ importedIds: string[], importers: string[], dynamicImporters: string[], isEntry: boolean }} ModuleInfo
 * @typedef {{ getModuleInfo(id: string): ModuleInfo | null }} ChunkingContext
 */
/** @type {WeakMap<ChunkingContext, { shell: Set<string>, hydrated: Set<string>, islandsOnly: Map<string, boolean> }>} */
const graphByPass = new WeakMap();

/** The modules the given entries load statically, from the module graph of this chunking pass. */
function loadedBy(/** @type {string[]} */ entries, /** @type {ChunkingContext} */ ctx) {
  const found = new Set(entries);
  for (const id of found) for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) found.add(next);
  return found;
}

function graph(/** @type {ChunkingContext} */ ctx) {
  let sets = graphByPass.get(ctx);
  if (!sets) {
    const hydrated = ISLAND_FILES.filter((file) => !ON_DEMAND_ISLANDS.has(file));
    sets = { shell: loadedBy([SHELL_SCRIPT], ctx), hydrated: loadedBy(hydrated, ctx), islandsOnly: new Map() };
    graphByPass.set(ctx, sets);
  }
  return sets;
}

/** Whether only islands load the module: a page script that shares it must not pull in the runtime with it. */
function onlyIslandsLoad(/** @type {string} */ id, /** @type {ChunkingContext} */ ctx) {
  const known = graph(ctx).islandsOnly;
  if (!known.has(id)) known.set(id, importedOnlyByIslands(id, ctx));
  return known.get(id);
}

/**
 * Whether every way to the module starts at an island: up its importers, and through `import()` to
 * whoever loads it on demand (the standings parser a tables island loads with its first refresh).
 */
function importedOnlyByIslands(/** @type {string} */ id, /** @type {ChunkingContext} */ ctx) {
  const seen = new Set([id]);
  for (const current of seen) {
    if (ISLAND_FILES.includes(current)) continue;
    const info = ctx.getModuleInfo(current);
    if (!info || info.isEntry) return false;
    for (const importer of [...info.importers, ...info.dynamicImporters]) seen.add(importer);
  }
  return true;
}

/**
 * Browser chunks by what a page needs, not by which pair of entries happens to share a module: left
 * alone, the bundler cut the home page's JavaScript into 18 files, a request each on a phone's
 * connection (and over HTTP/1.1, half a KB of headers each). Now: the shell (every page), the runtime
 * (pages with an island), and one chunk for what the islands share; what one island alone uses
 * stays in that island's own file, and scripts of pages without islands never reach the runtime.
 */
const codeSplitting = {
  groups: [
    {
      name: (/** @type {string} */ id, /** @type {ChunkingContext} */ ctx) => {
        if (REACT_MODULE.test(id) || ROLLDOWN_RUNTIME.test(id)) return 'react';
        const { shell, hydrated } = graph(ctx);
        // What the islands share with a page script (a date format, the readers of API values) goes
        // with the shell too: in the islands' chunk it would hand the runtime to that page script, and in
        // a chunk of its own it would cost the live pages one more request for a KB or two.
        return shell.has(id) || (hydrated.has(id) && !onlyIslandsLoad(id, ctx)) ? 'shell' : null;
      },
      priority: 2,
    },
    {
      name: (/** @type {string} */ id, /** @type {ChunkingContext} */ ctx) =>
        graph(ctx).hydrated.has(id) && onlyIslandsLoad(id, ctx) ? 'islands' : null,
      minShareCount: 2,
      priority: 1,
    },
  ],
};

/**
 * No preload list for the browser's dynamic imports (the search suggestions, "Mis equipos"): they
 * need only chunks the page already has, and the helper that would fetch the list ships in the shell
 * of every page. Astro sets this option after the user's `build`, so a plugin sets it for the client.
 */
const noModulePreloadPlugin = {
  name: 'marcador:no-module-preload',
  configEnvironment(/** @type {string} */ name, /** @type {{ build?: Record<string, unknown> }} */ config) {
    if (name === 'client') config.build = { ...config.build, modulePreload: false };
  },
};

/**
 * Vite wraps every dynamic import of the browser's code in its preload helper, a KB of compressed
 * code in the shell of every page, even with module preloading off, when all it does is call the
 * import (vitejs/vite#13952, #18551, open). No public option removes it: in Vite 8.3 the wrapper is
 * inserted for every client build that is not a library (`build.lib`, which Astro's pages cannot
 * use); `build.modulePreload: false` (set above) and `modulePreload.resolveDependencies` only
 * shorten the list of files it is given, and the helper ships all the same. So this plugin supplies
 * the module by its private id. Ours: the import, after the stylesheets a lazy module may bring
 * (with preloading off, the only dependencies Vite still lists). Every stylesheet of ours is inlined
 * in the pages, so that list is empty today. If Vite renames the id, the override stops applying
 * and the shell grows by that KB: the bench's per-page JavaScript rows show it.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const lightPreloadHelperPlugin = {
  name: 'marcador:light-preload-helper',
  enforce: /** @type {const} */ ('pre'),
  apply: /** @type {const} */ ('build'),
  load(/** @type {string} */ id) {
    if (id !== PRELOAD_HELPER) return null;
    return `const stylesheet = (href) => new Promise((loaded, failed) => {
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/' + href, onload: loaded, onerror: failed });
  document.head.append(link);
});
export const __vitePreload = (load, deps) => (deps && deps.length ? Promise.all(deps.map(stylesheet)).then(load) : load());`;
  },
  /** @param {unknown} _ @param {Record<string, any>} bundle */
  generateBundle(_, bundle) {
    // Vite's own helper dispatches this event; ours does not. Its presence means the id changed.
    const leaked = Object.values(bundle).find((file) => file.type === 'chunk' && file.code.includes('vite:preloadError'));
    // @ts-expect-error Rollup's plugin context: `this.error` stops the build.
    if (leaked) this.error(`Vite's preload helper is in ${leaked.fileName}: the override of ${JSON.stringify(PRELOAD_HELPER)} no longer applies`);
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
