import type { UiMessageKey } from '@/lib/i18n/ui';

/** The label of an order status (spec §4; Malay labels status 1 "payment successful"). */
export const orderStatusKey = (status: number) => `orderStatus.${status}` as UiMessageKey;
