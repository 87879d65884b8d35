import type { ClientDirective } from 'astro';

/** Inline in every page with a live island, so a few lines: the watcher decides, this only obeys (./index.ts). */
export const LIVE_CHANGED_EVENT = 'marcador:live-changed';

const live: ClientDirective = (load, _options, island) => {
  island.addEventListener(
    LIVE_CHANGED_EVENT,
    async () => {
      const hydrate = await load();
      await hydrate();
    },
    { once: true },
  );
};

export default live;
