import { bootShop } from './boot';

/*
 * Every storefront page's start-up, run when the header's code is loaded (Header.tsx imports this
 * module): the header is on every storefront page and waits for the first paint (`client:paint`), so
 * start-up costs no request before the page is painted. It needed the same code before (the shell's
 * and React's chunks), so it starts no later than the separate script did. Pages with prebuilt
 * product cards (`LiveStock.astro`) then show which are sold out. (docs/decisions/070)
 *
 * It stays out of the `shell` chunk (astro.config.mjs): that chunk is shared with the back office and
 * other islands, and its top level runs wherever it is loaded; here it runs with the header only.
 */
if (typeof document !== 'undefined') {
  void bootShop({ route: document.documentElement.dataset.route ?? '/' });
  if (document.querySelector('[data-live-stock]'))
    void import('@/features/catalogue/live-stock').then(({ markSoldOutCards }) => markSoldOutCards());
}
