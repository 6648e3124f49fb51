import { persistentJSON, setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';

/**
 * Browser storage that never throws (private mode, storage switched off, full quota): what cannot be
 * written lives on in memory for this page. `@nanostores/persistent` keeps its stores in local
 * storage through it, and shares their changes with the browser's other tabs (the `storage` event).
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

/** A storage area as the plain key → string object the library reads and writes. */
function forgivingStorage(which: Area): Record<string, string> {
  const unsaved = new Map<string, string>();
  const read = (key: string) => {
    try {
      return area(which)?.getItem(key) ?? unsaved.get(key);
    } catch {
      return unsaved.get(key);
    }
  };
  return new Proxy<Record<string, string>>(
    {},
    {
      get: (_, key) => (typeof key === 'string' ? read(key) : undefined),
      has: (_, key) => typeof key === 'string' && read(key) !== undefined,
      set(_, key, value: string) {
        if (typeof key !== 'string') return true;
        unsaved.delete(key);
        try {
          area(which)?.setItem(key, value);
        } catch {
          unsaved.set(key, value);
        }
        return true;
      },
      deleteProperty(_, key) {
        if (typeof key !== 'string') return true;
        unsaved.delete(key);
        try {
          area(which)?.removeItem(key);
        } catch {
          // Nothing stored to remove.
        }
        return true;
      },
    },
  );
}

const noEvents = { addEventListener() {}, removeEventListener() {} };
setPersistentEngine(forgivingStorage('local'), typeof window === 'undefined' ? noEvents : windowPersistentEvents);

/**
 * A store kept as JSON in local storage under `key` (the value itself when the key is missing or its
 * JSON is broken). `listen: false` keeps this tab's value when another tab changes it.
 */
export function storedAtom<T>(key: string, initial: T, options: { listen?: boolean } = {}) {
  return persistentJSON<T>(key, initial, options);
}

/**
 * Session storage, which the library does not offer beside local storage (its engine is one for the
 * whole page): the referee code and the referral page's note live there for the tab's session only
 * (spec §3).
 */
const session = forgivingStorage('session');

/** A JSON value kept in session storage (the fallback when it is missing or broken). */
export function readSession<T>(key: string, fallback: T): T {
  try {
    const raw = session[key];
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeSession(key: string, value: unknown): void {
  if (value === null || value === undefined) delete session[key];
  else session[key] = JSON.stringify(value);
}

export function clearSession(): void {
  try {
    area('session')?.clear();
  } catch {
    // Nothing to clear.
  }
}
