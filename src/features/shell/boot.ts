import { $signedIn, loadUser, onSignIn, signInHooksAdded } from '@/features/auth/user.store';
import { $cartDrawerOpen, $mobileTitle, isMobile } from '@/lib/shell.store';
import { cartOnSignIn, followOtherTabs, loadCart } from '@/features/cart/cart.store';
import { readShopState, saveShopState } from '@/features/auth/user.store';
import { showReferralNote } from '@/features/referral/referral-entry';
import { openPendingShare, shareOnSignIn } from '@/features/referral/share.store';
import { loadSiteOptions } from '@/features/site/site-options';
import { startSite } from '@/lib/site.store';
import { anonymousRoutes } from '@/lib/variants';

/**
 * Runs on every page: loading the user, the route guard, then the cart, site info and the language and
 * currency options (spec §4). Pages are separate documents, so "every navigation" is every page load.
 */
export async function bootShop(page: { route: string }) {
  // What a sign-in in this tab sets off beyond the user: the cart's part, then a pending share's.
  onSignIn(cartOnSignIn);
  onSignIn(shareOnSignIn);
  signInHooksAdded();
  startSite();
  startPage();
  void loadSiteOptions();
  // The guard asks before it sends anyone away: a browser whose storage was cleared (Safari does after
  // 7 days without a visit) may still hold a live session cookie, and only the user info tells.
  await loadUser();
  if (guardRoute(page.route)) return;
  showReferralNote(page.route);
  if ($signedIn.get()) openPendingShare();
  await loadCart();
  followOtherTabs();
}

/** What each page starts from: where "back" leads, no dialog open, the page's own title. */
function startPage() {
  const state = readShopState();
  if (state.backUrl !== location.href) saveShopState({ backUrl: document.referrer || undefined });
  $cartDrawerOpen.set(false);
  $mobileTitle.set('');
}

/** Sends a signed-out visitor away from a signed-in page, once the user info has answered; true when it did. */
function guardRoute(route: string): boolean {
  if ($signedIn.get() || anonymousRoutes.includes(route)) return false;
  location.replace(isMobile() ? `/sign?link=${encodeURIComponent(location.pathname + location.search)}` : '/');
  return true;
}
