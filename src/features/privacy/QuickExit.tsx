/**
 * Where "quick exit" goes: an ordinary search page that says nothing about this shop. See
 * docs/decisions/035-privacy.md.
 */
export const NEUTRAL_PAGE = 'https://www.google.com/search?q=weather';

/**
 * The phone header's "quick exit": replaces this page with a neutral one. `location.replace` leaves
 * the current page out of the back history, so Back does not bring it back.
 */
export function QuickExit({ label, shortLabel }: { label: string; shortLabel: string }) {
  // The phone header is narrow: it shows the short word, and its name says the whole ("Quick exit").
  return (
    <button type="button" className="quick-exit" aria-label={label} onClick={() => location.replace(NEUTRAL_PAGE)}>
      {shortLabel}
    </button>
  );
}
