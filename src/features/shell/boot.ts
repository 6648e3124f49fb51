import { $signedIn, loadUser } from '@/features/auth/user.store';
import { $cartDrawerOpen, $mobileTitle, isMobile } from '@/features/shell/shell.store';
import { followOtherTabs, loadCart } from '@/features/cart/cart.store';
import { readShopState, saveShopState } from '@/features/auth/user.store';
import { showReferralNote } from '@/features/referral/referral-entry';
import { openPendingShare } from '@/features/referral/share.store';
import { loadSiteOptions } from '@/features/site/site-options';
import { startSite } from '@/lib/site.store';
import { anonymousRoutes } from '@/lib/variants';

/**
 * Runs on every page: the route guard, then loading the user, cart, site info and the language and
 * currency options (spec §4). Pages are separate documents, so "every navigation" is every page load.
 */
export async function bootShop(page: { route: string }) {
  startSite();
  // A page the guard sends away goes no further: a second redirect would cancel the first mid-way.
  if (guardRoute(page.route)) return;
  showReferralNote();
  void loadSiteOptions();
  await loadUser();
  if (guardRoute(page.route)) return;
  if ($signedIn.get()) openPendingShare();
  await loadCart();
  followOtherTabs();
}

/** Sends a signed-out visitor away from a signed-in page; true when it did. */
function guardRoute(route: string): boolean {
  const state = readShopState();
  if (state.backUrl !== location.href) saveShopState({ backUrl: document.referrer || undefined });
  $cartDrawerOpen.set(false);
  $mobileTitle.set('');
  if ($signedIn.get() || anonymousRoutes.includes(route)) return false;
  location.replace(isMobile() ? `/sign?link=${encodeURIComponent(location.pathname + location.search)}` : '/');
  return true;
}
