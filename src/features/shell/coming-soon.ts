import type { UiMessageKey } from '@/lib/i18n/ui';

/** Routes of the storefront spec whose content other parts of the shop provide; the shell is here. */
export const comingSoon: Record<string, UiMessageKey> = {
  'apply-text': 'page.applyText',
  'order/energy': 'page.energy',
  'order/shareEnergy': 'page.shareEnergy',
  'order/shareRecords': 'page.shareRecords',
  'order/recharge': 'page.recharge',
  'order/friends': 'page.friends',
};
