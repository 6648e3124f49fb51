import type { UiMessageKey } from '@/lib/i18n/ui';

/**
 * The personal centre's menu (spec §2), with personal info first: the header links to it, and a
 * customer on a phone has no header panel. `also` lists pages that belong under an entry.
 */
export const personalCentreMenu: { route: string; label: UiMessageKey; also?: string[] }[] = [
  { route: '/my/user', label: 'nav.personalInfo' },
  { route: '/my/order', label: 'menu.myOrder', also: ['/my/order/details'] },
  { route: '/order/energy', label: 'menu.myEnergy', also: ['/order/recharge'] },
  { route: '/my/account_set', label: 'menu.accountManagement' },
  { route: '/my/changePassword', label: 'menu.changePassword' },
  { route: '/my/address', label: 'menu.myAddress' },
  { route: '/order/shareEnergy', label: 'menu.shareEnergy' },
  { route: '/order/shareRecords', label: 'menu.shareRecords' },
  { route: '/order/friends', label: 'menu.myFriends' },
];

/** The menu entry a page belongs to, if it is a personal-centre page. */
export const personalCentreEntryOf = (route: string) =>
  personalCentreMenu.find((entry) => entry.route === route || entry.also?.includes(route));
