import type { ReadableAtom } from 'nanostores';
import { $signedIn } from '@/features/auth/user.store';
import { hasCarriedWelcome } from '@/features/auth/welcome';
import { $cart } from '@/features/cart/cart.store';
import { markSoldOutCards } from '@/features/catalogue/live-stock';
import { $destination } from '@/features/delivery/destination.store';
import { $currencyOptions, $languageOptions } from '@/features/site/site-options';
import { $cartDrawerOpen, $shareDialog, $signDialog } from '@/lib/shell.store';
import { currencies, languages } from '@/lib/locale';
import { $toasts } from '@/lib/toast.store';
import { nextTask } from '@/lib/next-task';
import { wakeIslands } from '@/lib/wake';
import { bootShop } from './boot';

/*
 * Every storefront page's start-up, run once the page has painted (`<StartUp client:paint />` in
 * ShopLayout.astro), without React: the user, the route guard, the cart, the site's options, which
 * prebuilt product cards are sold out now (`LiveStock.astro`) and the purchase form's live stock
 * (purchase-live.ts). The islands wait for a person (`client:paint="tap"`), except when the page holds
 * something only they can show: then start-up wakes them (docs/decisions/070, 078, 098). It runs in
 * the task after the one that evaluated its code, and each of its requests in a task of its own: short
 * tasks, not one long one (docs/decisions/099).
 */
if (typeof document !== 'undefined') setTimeout(startUp, 0);

async function startUp() {
  wakeForWhatOnlyIslandsShow();
  await nextTask();
  void bootShop({ route: document.documentElement.dataset.route ?? '/' });
  if (document.querySelector('[data-live-stock]')) void markSoldOutCards();
  // The product page's purchase form (ProductPurchase.tsx) shows its live stock before it wakes.
  if (document.querySelector('form[data-purchase]'))
    void import('@/features/cart/purchase-live').then(({ showPurchaseBeforeWaking }) => showPurchaseBeforeWaking());
}

/**
 * What the prebuilt page cannot show and only an awake island can: a signed-in customer's header, a
 * cart's count, the destination chosen, a list asked for by its URL, a toast or a dialog asked for, and
 * a language or currency the shop no longer offers (the prebuilt selects list them all).
 */
function wakeForWhatOnlyIslandsShow() {
  if ($destination.get() || hasCarriedWelcome() || 'listRestoring' in document.documentElement.dataset)
    return wakeIslands();
  const wakeWhen = <Value>(store: ReadableAtom<Value>, shows: (value: Value) => boolean) => {
    if (shows(store.get())) return wakeIslands();
    const stop = store.listen((value) => {
      if (!shows(value)) return;
      stop();
      wakeIslands();
    });
  };
  wakeWhen($signedIn, Boolean);
  wakeWhen($cart, (cart) => cart.total > 0);
  wakeWhen($toasts, (toasts) => toasts.length > 0);
  wakeWhen($cartDrawerOpen, Boolean);
  wakeWhen($signDialog, (dialog) => dialog.open);
  wakeWhen($shareDialog, (dialog) => dialog.open);
  wakeWhen($languageOptions, (offered) => offered.length < languages.length);
  wakeWhen($currencyOptions, (offered) => offered.length < currencies.length);
}
