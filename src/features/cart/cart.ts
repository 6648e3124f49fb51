import type { UiMessageKey } from '@/lib/i18n/ui';
import { limits } from '@/lib/validation';
import type { CartLine } from './cart.schema';
import type { CartItem } from '@/lib/cart-items';

/* Pure rules of the cart. */

/** Quantities add up, but a line never holds more than 100. */
export const addQuantities = (a: number, b: number) => Math.min(a + b, limits.cartQuantityMax);

/** One line per specification, in first-seen order; repeated specifications add their quantities. */
export function combineItems(items: CartItem[]): CartItem[] {
  const combined = new Map<number, number>();
  for (const { goodsSpecificationId, goodsQuantity } of items) {
    combined.set(goodsSpecificationId, addQuantities(combined.get(goodsSpecificationId) ?? 0, goodsQuantity));
  }
  return [...combined].map(([goodsSpecificationId, goodsQuantity]) => ({ goodsSpecificationId, goodsQuantity }));
}

/** The number of items in the cart, for its badge. */
export const countItems = (lines: Pick<CartLine, 'goodsQuantity'>[]) =>
  lines.reduce((sum, line) => sum + line.goodsQuantity, 0);

/** Why a line cannot be bought now, or null when it can. */
export const unbuyableReason = (line: Pick<CartLine, 'onSale' | 'stock' | 'unitPrice'>): UiMessageKey | null =>
  !line.onSale
    ? 'product.notOnSale'
    : line.stock === 0
      ? 'product.outOfStock'
      : line.unitPrice === null
        ? 'product.noPrice'
        : null;
export const isBuyable = (line: Pick<CartLine, 'onSale' | 'stock' | 'unitPrice'>) => unbuyableReason(line) === null;
