import type { UiMessageKey } from '@/lib/i18n/ui';

/** Routes of the storefront spec whose content other parts of the shop provide; the shell is here. */
export const comingSoon: Record<string, UiMessageKey> = {
  pay: 'page.pay',
  order: 'page.order',
  pay_result: 'page.payResult',
  'apply-text': 'page.applyText',
  shoppingCart: 'page.shoppingCart',
  'my/order': 'page.myOrder',
  'my/order/details': 'page.orderDetails',
  'order/energy': 'page.energy',
  'order/shareEnergy': 'page.shareEnergy',
  'order/shareRecords': 'page.shareRecords',
  'order/recharge': 'page.recharge',
  'order/friends': 'page.friends',
};
