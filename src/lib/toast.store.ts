import { atom } from 'nanostores';

export type Toast = { id: number; kind: 'success' | 'warning' | 'error'; message: string };

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

/** How long a toast stays once on screen: longer for warnings and errors, which people need time to read. */
export const toastMs = (kind: Toast['kind']) => (kind === 'success' ? 3000 : 5000);

/**
 * Shows a message for a few seconds (`toastMs`). They start once it is on screen (Overlays.tsx), not
 * now: the island that shows it may still be waking, seconds later on a slow phone.
 */
export function showToast(kind: Toast['kind'], message: string) {
  const toast = { id: nextId++, kind, message };
  $toasts.set([...$toasts.get().filter((shown) => shown.message !== message), toast]);
}

export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
