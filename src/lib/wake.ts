/*
 * Islands that wait for a person (`client:paint="tap"`, src/build/client-paint.ts) load React and wake
 * on the page's first press, key, touch, focus, scroll or choice, or when the page asks: start-up does
 * for what only an island can show, such as a signed-in customer's header or a toast. The page's first
 * script hears the person (EarlyTaps.astro), so an input made before an island's directive has run
 * still wakes it. (docs/decisions/098)
 */

/** The event that wakes every waiting island. */
export const WAKE_EVENT = 'shop:wake';
/** Set on the root element (`data-awake`) once the islands were woken: an island whose directive runs later wakes at once. */
export const AWAKE_FLAG = 'awake';
/** What a person does that wakes the islands, heard on the window before the page's own handlers. */
export const WAKING_INPUTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll', 'input', 'change'];

export const isAwake = () => AWAKE_FLAG in document.documentElement.dataset;

/** Wakes every island that waits for a person. */
export function wakeIslands() {
  if (isAwake()) return;
  document.documentElement.dataset[AWAKE_FLAG] = '';
  document.dispatchEvent(new Event(WAKE_EVENT));
}

/** Runs `wake` once the islands are woken (at once if they already are). */
export function onWake(wake: () => void) {
  if (isAwake()) wake();
  else document.addEventListener(WAKE_EVENT, wake, { once: true });
}
