import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { HINT } from '../bundle/compile-hints.mjs';

/**
 * Astro writes its islands' runtime (the `<astro-island>` element, 4.4 KB, 1.5 KB compressed) inline
 * into every page that has an island, on purpose and with no option to change it (withastro/astro
 * #17017). Inline, it is part of the first round trip of every data page (the 14 KB budget of
 * ARCHITECTURE.md) and is downloaded again on every page. As a file it is fetched once, cached as
 * immutable, precached by the offline worker, and leaves the first round trip to the page's content.
 *
 * Run in order: `islandRuntime()` writes the file on build:done before the offline worker lists what
 * it precaches (astro.config.mjs); the finishing step then points every page's inline copy at it
 * (optimize-pages.ts, `externalScripts`). The file holds the exact inline text, so only a page whose
 * copy is byte-identical is changed. A deferred classic script runs after parsing, before the
 * module scripts that follow it: each `<astro-island>` already in the page is upgraded then and
 * starts as it would have (the directives' inline scripts, client:idle / client:visible, stay inline
 * and wait for it through their `astro:<directive>` events).
 */
const MARK = 'customElements.define("astro-island"';
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
export const ISLAND_RUNTIME_FILE = /^island-runtime\.[0-9a-f]{8}\.js$/;

/** The runtime's inline text in a page, or null when the page has no island. */
export function islandRuntimeIn(html: string): string | null {
  for (const [, code = ''] of html.matchAll(INLINE_SCRIPT)) if (code.includes(MARK)) return code;
  return null;
}

/** Writes the runtime read from the build's pages as `_astro/island-runtime.<hash>.js`; its name, or null if no page has an island. */
export function writeIslandRuntime(dir: string): string | null {
  const assets = join(dir, '_astro');
  if (!existsSync(assets)) return null;
  // The home page has islands, so the list of every page is read only for a site whose home has none.
  const pages = function* () {
    yield 'index.html';
    yield* readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'));
  };
  for (const page of pages()) {
    const full = join(dir, page);
    if (!existsSync(full)) continue;
    const code = islandRuntimeIn(readFileSync(full, 'utf8'));
    if (code === null) continue;
    const name = `island-runtime.${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
    // Compiled eagerly off the main thread, as every other chunk (bundle/compile-hints.mjs): it runs at once.
    writeFileSync(join(assets, name), `${HINT}\n${code}`);
    return name;
  }
  return null;
}

/** The inline texts that the build also wrote as files in `_astro/`, each mapped to its URL. */
export function externalizedScripts(assetsDir: string, urlPrefix = '/_astro/'): Map<string, string> {
  const scripts = new Map<string, string>();
  for (const name of readdirSync(assetsDir)) {
    if (ISLAND_RUNTIME_FILE.test(name)) scripts.set(readFileSync(join(assetsDir, name), 'utf8').replace(`${HINT}\n`, ''), urlPrefix + name);
  }
  return scripts;
}

export default function islandRuntime(): AstroIntegration {
  return {
    name: 'marcador:island-runtime',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const name = writeIslandRuntime(fileURLToPath(dir));
        logger.info(name ? `islands' runtime written as _astro/${name}` : 'no page has an island');
      },
    },
  };
}
