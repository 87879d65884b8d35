// @ts-check

/**
 * No preload list for the browser's dynamic imports (the search suggestions, "Mis equipos"): they
 * need only chunks the page already has, and the helper that would fetch the list ships in the shell
 * of every page. Astro sets this option after the user's `build`, so a plugin sets it for the client.
 */
export const noModulePreloadPlugin = {
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
 * use); `build.modulePreload: false` (noModulePreloadPlugin) and `modulePreload.resolveDependencies` only
 * shorten the list of files it is given, and the helper ships all the same. So this plugin supplies
 * the module by its private id. Ours: the import, after the stylesheets a lazy module may bring
 * (with preloading off, the only dependencies Vite still lists). Every stylesheet of ours is inlined
 * in the pages, so that list is empty today. If Vite renames the id, the override stops applying
 * and the shell grows by that KB: the bench's per-page JavaScript rows show it.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
export const lightPreloadHelperPlugin = {
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
