import { atom } from 'nanostores';

export type Toast = { id: number; kind: 'success' | 'warning' | 'error'; message: string };

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

/** Shows a message for a few seconds (longer for warnings, which people need time to read). */
export function showToast(kind: Toast['kind'], message: string) {
  const toast = { id: nextId++, kind, message };
  $toasts.set([...$toasts.get().filter((shown) => shown.message !== message), toast]);
  setTimeout(() => dismissToast(toast.id), kind === 'success' ? 3000 : 5000);
}

export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
