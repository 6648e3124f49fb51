import { afterEach, describe, expect, it } from 'vitest';
import { readSession, storedAtom, writeSession } from './browser-storage';

/** A browser's storage: `full` refuses writes as a full quota does; `off` refuses everything, as a locked-down private mode does. */
function aStorage(mode: 'working' | 'full' | 'off'): Storage {
  const items = new Map<string, string>();
  const refuse = () => {
    throw new DOMException('The quota has been exceeded.', mode === 'full' ? 'QuotaExceededError' : 'SecurityError');
  };
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => (mode === 'off' ? refuse() : (items.get(key) ?? null)),
    setItem: (key, value) => (mode === 'working' ? void items.set(key, value) : refuse()),
    removeItem: (key) => (mode === 'off' ? refuse() : void items.delete(key)),
    clear: () => items.clear(),
  };
}

function useStorages(local: Storage, session: Storage) {
  Object.defineProperty(globalThis, 'localStorage', { value: local, configurable: true });
  Object.defineProperty(globalThis, 'sessionStorage', { value: session, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
  Reflect.deleteProperty(globalThis, 'sessionStorage');
});

describe('browser storage', () => {
  it('keeps stores as JSON in local storage, and the referee code in session storage', () => {
    const local = aStorage('working');
    const session = aStorage('working');
    useStorages(local, session);
    const cart = storedAtom<{ id: number }[]>('cart-test', []);
    cart.set([{ id: 3 }]);
    writeSession('refereeCode', 'ABC123');

    expect(local.getItem('cart-test')).toBe('[{"id":3}]');
    expect(session.getItem('refereeCode')).toBe('"ABC123"');
    expect(readSession('refereeCode', null)).toBe('ABC123');
    expect(storedAtom('cart-test', []).get()).toEqual([{ id: 3 }]);
  });

  it('keeps what a full or switched-off storage refuses in memory for the page, without throwing', () => {
    for (const mode of ['full', 'off'] as const) {
      useStorages(aStorage(mode), aStorage(mode));
      const cart = storedAtom<{ id: number }[]>(`cart-${mode}`, []);
      expect(() => cart.set([{ id: 5 }])).not.toThrow();
      expect(cart.get()).toEqual([{ id: 5 }]);
      expect(() => writeSession(`code-${mode}`, 'XYZ')).not.toThrow();
      expect(readSession(`code-${mode}`, null)).toBe('XYZ');
    }
  });
});
