import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

/**
 * A store's state once the island is hydrated, and the state the page was built with until then:
 * React hydrates the build's HTML as it is, even when the page's live watcher hands over a store
 * that has already moved (src/client/live-islands.ts), then draws what changed. Drawing the moved
 * state at once would not match the HTML, and React would throw the island's markup away.
 */
export function useLiveState<T>(store: ReadableAtom<T>, built: T): { state: T; hydrated: boolean } {
  const live = useStore(store);
  const hydrated = useHydrated();
  return { state: hydrated ? live : built, hydrated };
}

/** False while React hydrates the build's HTML (which cannot know how old its data will be when read), true after. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
