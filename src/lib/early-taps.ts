import { currencies, languages, type Currency, type Language } from '@/lib/locale';

/**
 * What a person did in an island before it woke (`EarlyTaps.astro` records it in the page's first
 * bytes): each select's choice under its `data-early` name, and the last `data-early` button pressed
 * under `action`. Each island takes what is its own as soon as it has hydrated and carries it out, so a
 * tap made while the page loads is not lost. (docs/decisions/078, 098)
 */
export const EARLY_TAPS_GLOBAL = 'shopEarlyTaps';
/** The header's buttons whose press waits for it to wake (`data-early`). */
export const earlyActions = ['cart', 'share', 'login', 'menu'] as const;
export type EarlyAction = (typeof earlyActions)[number];
export type EarlyTaps = { language?: Language; currency?: Currency; action?: EarlyAction };

/**
 * Takes what was recorded under `name` when it is one of `offered` (once: a second call finds
 * nothing); anything else is left for the island it belongs to.
 */
export function takeEarly<Value extends string>(name: string, offered: readonly Value[]): Value | undefined {
  const recorded = (window as unknown as Record<string, Record<string, string> | undefined>)[EARLY_TAPS_GLOBAL];
  const value = recorded?.[name];
  if (!recorded || !(offered as readonly string[]).includes(value ?? '')) return undefined;
  delete recorded[name];
  return value as Value;
}

/** The header's: the language and currency chosen, and its button pressed. */
export const takeEarlyTaps = (): EarlyTaps => ({
  language: takeEarly('language', languages),
  currency: takeEarly('currency', currencies),
  action: takeEarly('action', earlyActions),
});
