import { currencies, languages, type Currency, type Language } from '@/lib/locale';

/**
 * What a person did in the header before its island woke (`EarlyTaps.astro` records it in the page's
 * first bytes): the language and currency chosen, and the last button pressed. The header carries it
 * out once, as soon as it has hydrated, so a tap made while the page loads is not lost.
 * (docs/decisions/078)
 */
export const EARLY_TAPS_GLOBAL = 'shopEarlyTaps';
/** The header's buttons whose press waits for it to wake (`data-early`). */
export const earlyActions = ['cart', 'share', 'login', 'menu'] as const;
export type EarlyAction = (typeof earlyActions)[number];
export type EarlyTaps = { language?: Language; currency?: Currency; action?: EarlyAction };

type Recorded = { language?: string; currency?: string; action?: string };

/** Takes what was recorded (once: a second call finds nothing), keeping only choices the shop offers. */
export function takeEarlyTaps(): EarlyTaps {
  const holder = window as unknown as Record<string, Recorded | undefined>;
  const recorded = holder[EARLY_TAPS_GLOBAL] ?? {};
  holder[EARLY_TAPS_GLOBAL] = {};
  return {
    ...((languages as readonly string[]).includes(recorded.language ?? '') && {
      language: recorded.language as Language,
    }),
    ...((currencies as readonly string[]).includes(recorded.currency ?? '') && {
      currency: recorded.currency as Currency,
    }),
    ...((earlyActions as readonly string[]).includes(recorded.action ?? '') && {
      action: recorded.action as EarlyAction,
    }),
  };
}
