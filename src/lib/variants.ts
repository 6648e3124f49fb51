import { allVariants, variantSlug, type Variant } from '@/edge/rewrite';
import { pagesToRender } from './build-pages';

export type { Variant };

/**
 * `getStaticPaths` for a page built once per language × currency. Such a page shows no catalogue
 * data, only the frame every page has; the publisher hashes that frame into `SHOP_SHELL_KEY`, so a
 * publish keeps these pages until it (or the code) changes (src/lib/build-pages.ts).
 */
export const variantPaths = ({ routePattern }: { routePattern: string }) =>
  pagesToRender(
    routePattern,
    allVariants.map((variant) => ({ params: { variant: variantSlug(variant) }, props: { variant }, content: () => variantSlug(variant) })),
  );

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
