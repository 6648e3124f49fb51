import { allVariants, variantSlug, type Variant } from '@/edge/rewrite';

export type { Variant };

/** `getStaticPaths` for a page built once per language × currency. */
export const variantPaths = () => allVariants.map((variant) => ({ params: { variant: variantSlug(variant) }, props: { variant } }));

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
  '/404',
];
