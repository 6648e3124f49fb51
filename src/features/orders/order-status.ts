import type { UiMessageKey } from '@/lib/i18n/ui';

/** The label of an order status (spec §4; Malay labels status 1 "payment successful"). */
export const orderStatusKey = (status: number) => `orderStatus.${status}` as UiMessageKey;

/** Times as the customer reads them, in the page's language. */
export const formatTime = (iso: string | null, languageTag: string) =>
  iso ? new Date(iso).toLocaleString(languageTag, { dateStyle: 'medium', timeStyle: 'short' }) : '';
