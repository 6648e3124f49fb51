import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * A store whose browser value (from storage) differs from what the prebuilt HTML shows: React
 * hydrates with `prebuiltValue` (the server snapshot), then renders the browser's value, so hydration
 * never disagrees. `prebuiltValue` must be a constant.
 */
export function useClientStore<T>(store: ReadableAtom<T>, prebuiltValue: T): T {
  return useSyncExternalStore(
    (changed) => store.listen(changed),
    () => store.get(),
    () => prebuiltValue,
  );
}
