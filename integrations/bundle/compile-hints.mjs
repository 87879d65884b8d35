// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks every browser chunk `//# allFunctionsCalledOnLoad` (V8 explicit compile hints, Chromium
 * 136+; other engines ignore the comment). V8 then compiles the whole file on a background thread
 * while it downloads, instead of compiling each function on the main thread the first time it is
 * called. All our chunks run as soon as they arrive (the shell script, the islands' runtime and the islands that
 * hydrate at load), and that lazy compilation was a large part of hydration's long tasks on a slow
 * phone. Added after minification, which would drop the comment.
 */
export const compileHintsPlugin = {
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
