/**
 * Where "quick exit" goes: an ordinary search page that says nothing about this shop. See
 * docs/decisions/035-privacy.md.
 */
export const NEUTRAL_PAGE = 'https://www.google.com/search?q=weather';

/**
 * Two presses of Escape within this time leave the shop: the keyboard way out, on every screen, heard
 * by the page's first script whether its islands are awake or not (EarlyTaps.astro).
 */
export const ESCAPE_TWICE_MS = 1000;

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
