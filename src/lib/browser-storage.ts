/** JSON in localStorage / sessionStorage that never throws (private mode, full quota, bad JSON). */

type Area = 'local' | 'session';
const area = (which: Area): Storage | null => {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
};

export function readStored<T>(which: Area, key: string, fallback: T): T {
  try {
    const raw = area(which)?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(which: Area, key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) area(which)?.removeItem(key);
    else area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the state lives on in memory for this page.
  }
}

export function clearStored(which: Area): void {
  try {
    area(which)?.clear();
  } catch {
    // Nothing to clear.
  }
}
