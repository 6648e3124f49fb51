import { readSession, writeSession } from '@/lib/browser-storage';
import { showToast } from '@/lib/toast.store';

/*
 * A new customer is welcomed once registered: at once in the desktop's dialog, and on the page a phone
 * returns to from /sign (another document), carried there in session storage under one key.
 */
const WELCOME_KEY = 'welcome';

/** Welcomes now, or (`onNextPage`) on the page this tab opens next. */
export function welcome(message: string, { onNextPage = false } = {}) {
  if (onNextPage) writeSession(WELCOME_KEY, message);
  else showToast('success', message);
}

/** Whether a welcome waits to be shown on this page. */
export const hasCarriedWelcome = () => Boolean(readSession<string | null>(WELCOME_KEY, null));

/** Shows a welcome carried over from the page before, once. */
export function showCarriedWelcome() {
  const message = readSession<string | null>(WELCOME_KEY, null);
  if (!message) return;
  writeSession(WELCOME_KEY, null);
  showToast('success', message);
}
