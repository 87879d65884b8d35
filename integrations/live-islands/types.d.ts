import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates once the page's live watcher sees the island's data change: which store it is (src/client/live-islands.ts). */
    'client:live'?: 'scoreboard' | 'rounds' | 'match';
  }
}
