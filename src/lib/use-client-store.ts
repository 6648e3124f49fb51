import { useStore } from '@nanostores/preact';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

/**
 * A store whose browser value (from storage) differs from what the prebuilt HTML shows: the first
 * render matches the HTML, the next shows the browser's value, so hydration never disagrees.
 */
export function useClientStore<T>(store: ReadableAtom<T>, prebuiltValue: T): T {
  const value = useStore(store);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? value : prebuiltValue;
}
