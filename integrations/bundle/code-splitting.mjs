// @ts-check
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHELL_SCRIPT = fileURLToPath(new URL('../../src/client/shell-client.ts', import.meta.url));
const ISLANDS_DIR = fileURLToPath(new URL('../../src/islands/', import.meta.url));
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
export const codeSplitting = {
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
