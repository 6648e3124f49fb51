import { storedAtom } from '@/lib/browser-storage';

/*
 * Where the shopper ships, once the page knows it: the country chosen in "Deliver to" on a list or
 * product page, or the address last used at checkout (typed or saved). Pages mark the products the
 * shop's sales rules do not sell there (docs/decisions/077-sales-rules.md). Kept in this browser only.
 */

export type Destination = { country: string; state: string };

export const $destination = storedAtom<Destination | null>('delivery-destination', null);

/** Remembers where the shopper ships; a country alone forgets the state of another country. */
export function setDestination(next: Destination) {
  const current = $destination.get();
  if (current?.country === next.country && current.state === next.state) return;
  $destination.set(next);
}

/** The query the live availability takes for the destination, empty without one. */
export const destinationQuery = (destination: Destination | null): Record<string, string> =>
  destination ? { country: destination.country, ...(destination.state ? { state: destination.state } : {}) } : {};
