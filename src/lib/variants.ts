import type { Variant } from './locale';

export type { Variant };

/** Routes an anonymous visitor may open (spec §4); any other page needs a signed-in customer. */
export const anonymousRoutes = [
  '/',
  '/referral',
  '/pay',
  '/order',
  '/pay_result',
  '/my/changePassword',
  '/sign',
  '/shoppingCart',
  '/productsList',
  '/productsList/details',
  '/verify',
  '/updatePwd',
  '/apply-text',
  '/privacy',
  '/404',
];
