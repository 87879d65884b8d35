import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * `client:live`: an island whose data can change while it is read (today's scores, a live match, a
 * league's rounds) hydrates only once it has something to show that the page does not. Until then
 * the page's live watcher (src/client/live-islands.ts, no framework) keeps the island's data fresh
 * with the same store the island would use; the first change hands the island to React. A quiet
 * visit (nothing moved while it was read) loads no React at all: React's runtime is about 58 KB
 * compressed and its evaluation is the longest task a data page had (ARCHITECTURE.md, budgets).
 */
export default function liveIslands(): AstroIntegration {
  return {
    name: 'marcador:live-islands',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'live', entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)) });
      },
    },
  };
}
