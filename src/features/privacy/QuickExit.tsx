import { useEffect } from 'react';

/**
 * Where "quick exit" goes: an ordinary search page that says nothing about this shop. See
 * docs/decisions/035-privacy.md.
 */
export const NEUTRAL_PAGE = 'https://www.google.com/search?q=weather';

/** Two presses of Escape within this time leave the shop. */
const ESCAPE_TWICE_MS = 1000;

/**
 * Replaces this page with the neutral one. `location.replace` leaves the current page out of the back
 * history (earlier pages stay: the privacy page says so), and the page first stops sending a
 * Referer, so the neutral site is not told where the visitor came from.
 */
export function quickExit() {
  const noReferrer = document.createElement('meta');
  noReferrer.name = 'referrer';
  noReferrer.content = 'no-referrer';
  document.head.append(noReferrer);
  location.replace(NEUTRAL_PAGE);
}

/**
 * The keyboard way out, on every screen: Escape pressed twice in a row, quickly. Any other key, or a
 * click or tap, between the two presses starts again: closing one dialog with Escape, clicking, and
 * closing the next one is not a way out. Mounted once per page (the header).
 */
export function useEscapeTwiceToExit() {
  useEffect(() => {
    let lastEscape = -Infinity;
    const forget = () => {
      lastEscape = -Infinity;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return forget();
      if (event.timeStamp - lastEscape <= ESCAPE_TWICE_MS) quickExit();
      lastEscape = event.timeStamp;
    };
    // Capture: a dialog that handles Escape itself still lets the second press through to here.
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('pointerdown', forget, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('pointerdown', forget, { capture: true });
    };
  }, []);
}

/**
 * The header's "quick exit" button, on phones and desktops. `label` is its name ("Quick exit");
 * a narrow phone header shows `shortLabel`; `hint` (its title) tells of the Escape keys.
 */
export function QuickExit({ label, shortLabel, hint }: { label: string; shortLabel?: string; hint: string }) {
  return (
    <button
      type="button"
      className="quick-exit"
      aria-label={label}
      title={hint}
      onClick={quickExit}
      data-early="leave"
      data-leave-to={NEUTRAL_PAGE}
    >
      {shortLabel ?? label}
    </button>
  );
}
