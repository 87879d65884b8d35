import type { ReadableAtom } from 'nanostores';
import { useCallback, useRef, useSyncExternalStore } from 'react';

/**
 * A store's value in a component, rendered again when it changes: what `useStore` of
 * @nanostores/react does for our islands, without its `keys` option, whose helpers (nanostores'
 * listenKeys and deep-map paths) were most of a KB of every live page's compressed JavaScript.
 * Like it, it keeps the snapshot read at render, so a change between render and subscription is
 * not missed.
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  const snapshot = useRef(store.get());
  snapshot.current = store.get();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const emit = (value: T) => {
        if (snapshot.current === value) return;
        snapshot.current = value;
        onChange();
      };
      emit(store.get());
      return store.listen(emit);
    },
    [store],
  );
  const read = () => snapshot.current;
  return useSyncExternalStore(subscribe, read, read);
}
