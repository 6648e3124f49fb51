import { atom, computed } from 'nanostores';
import { $signedIn, type SignInHook } from '@/features/auth/user.store';
import { api, isSuccess } from '@/lib/api-client';
import { storedAtom } from '@/lib/browser-storage';
import * as ErrorCode from '@/lib/error-codes';
import { showToast } from '@/lib/toast.store';
import { combineItems } from './cart';
import type { Cart, CartLine } from './cart.schema';
import type { CartItem } from '@/lib/cart-items';

/** Signed-out visitors keep their cart in browser storage; the server prices it on request. */
const BROWSER_CART_KEY = 'cart-items';

export const $cart = atom<Cart>({ list: [], total: 0 });
export const $cartLoading = atom(false);

const $browserCart = storedAtom<CartItem[]>(BROWSER_CART_KEY, []);
/** What this tab last saved: any other value of the browser cart came from another tab. */
let savedHere: CartItem[] = $browserCart.get();

const readBrowserCart = () => $browserCart.get();
function saveBrowserCart(items: CartItem[]) {
  savedHere = items;
  $browserCart.set(items);
}

/**
 * A sign-in carries the browser cart to the server, which merges it into the account's: the browser
 * cart empties, and the account's cart loads once the account has.
 */
export const cartOnSignIn: SignInHook = {
  request: () => ({ cart: readBrowserCart() }),
  signedIn: () => saveBrowserCart([]),
  accountLoaded: () => loadCart(),
};

/** A guest's ordered lines leave the browser cart (the server removes a customer's itself). */
export const removeFromBrowserCart = (ids: number[]) =>
  saveBrowserCart(readBrowserCart().filter((item) => !ids.includes(item.goodsSpecificationId)));

/**
 * A guest's cart follows the browser's other tabs: when one of them changes it, this tab prices it
 * again (its header badge, drawer and cart page show the new lines without a reload).
 */
export function followOtherTabs() {
  return $browserCart.listen((items) => {
    if (items !== savedHere && !$signedIn.get()) void loadCart();
  });
}

/** The estimated total, or null ("--") when a line has no price in this currency or the total is zero. */
export const $cartTotal = computed($cart, (cart) => estimateTotal(cart.list));

export function estimateTotal(lines: CartLine[]): number | null {
  if (lines.length === 0 || lines.some((line) => line.unitPrice === null)) return null;
  const total = lines.reduce((sum, line) => sum + (line.unitPrice ?? 0) * line.goodsQuantity, 0);
  return total > 0 ? total : null;
}

export async function loadCart() {
  // A guest whose browser holds no cart has an empty one: there is nothing for the server to price.
  if (!$signedIn.get() && readBrowserCart().length === 0) return $cart.set({ list: [], total: 0 });
  $cartLoading.set(true);
  const result = $signedIn.get()
    ? await api.get<Cart>('shoppingcart/queryShoppingCartList', { quiet: true })
    : await api.post<Cart>('shoppingcart/getShoppingCartList', readBrowserCart(), { quiet: true });
  if (isSuccess(result)) $cart.set(result.data);
  $cartLoading.set(false);
}

/** Adds to the cart; answers the API code so the caller can react (share dialog, buy now). */
export async function addToCart(goodsSpecificationId: number, goodsQuantity: number): Promise<number> {
  if ($signedIn.get()) {
    const result = await api.post('shoppingcart/addShoppingCart', { goodsSpecificationId, goodsQuantity });
    warnOnFailure(result);
    if (isSuccess(result)) await loadCart();
    return result.code;
  }
  const priced = await api.post<Cart>('shoppingcart/getSpecData', [{ goodsSpecificationId, goodsQuantity }]);
  warnOnFailure(priced);
  if (!isSuccess(priced)) return priced.code;
  saveBrowserCart(combineItems([...readBrowserCart(), { goodsSpecificationId, goodsQuantity }]));
  await loadCart();
  return ErrorCode.Success;
}

export async function updateQuantity(goodsSpecificationId: number, goodsQuantity: number) {
  if ($signedIn.get()) {
    const result = await api.put('shoppingcart/updateShoppingCart', { goodsSpecificationId, goodsQuantity });
    warnOnFailure(result);
  } else {
    saveBrowserCart(
      readBrowserCart().map((item) =>
        item.goodsSpecificationId === goodsSpecificationId ? { ...item, goodsQuantity } : item,
      ),
    );
  }
  await loadCart();
}

export async function removeFromCart(goodsSpecificationId: number) {
  if ($signedIn.get()) {
    await api.delete('shoppingcart/deleteShoppingCart', { searchParams: { goodsSpecificationId } });
  } else {
    saveBrowserCart(readBrowserCart().filter((item) => item.goodsSpecificationId !== goodsSpecificationId));
  }
  await loadCart();
}

/** -210 and -231 warn (spec §8); the codes the API client toasts by itself are left to it. */
function warnOnFailure(result: { code: number; message: string }) {
  if (result.code === ErrorCode.ProductNotFound || result.code === ErrorCode.InsufficientStock)
    showToast('warning', result.message);
}
