import type { Currency } from '@/lib/locale';

/*
 * The price and stock grid's pure rules, shared by the server and the back-office page: how a cell
 * is named, and how a bulk change moves a price (docs/decisions/046-price-and-stock-grid.md).
 */

export type SizeField = 'unitPrice' | 'originalPrice' | 'stock' | 'pointsPrice';
export type ProductField = 'onSale' | 'category';

/** A size's cell as refusals, changes and the audit log name it: `robe-s.prices.CNY.unitPrice`, `robe-s.stock`. */
export function sizeCell(sku: string, field: SizeField, currency?: Currency | null): string {
  return field === 'unitPrice' || field === 'originalPrice' ? `${sku}.prices.${currency}.${field}` : `${sku}.${field}`;
}

/** A product's cell: `silk-robe.onSale`, `silk-robe.category`. */
export const productCell = (slug: string, field: ProductField) => `${slug}.${field}`;

/** Hundredths of a percent in a percentage such as 10 or -12.5; null when it is finer than that. */
export function percentHundredths(percent: number): number | null {
  const hundredths = Math.round(percent * 100);
  return Math.abs(percent * 100 - hundredths) < 1e-6 ? hundredths : null;
}

/**
 * A price raised or lowered by a percentage (to 0.01 %) or by an amount in minor units. A percentage
 * lands on whole minor units, half a unit rounding up: 1999 + 10 % = 2198.9 → 2199, 1005 − 50 % = 502.5 → 503.
 * Whether the result is a valid price (above zero, not above the original) is the catalogue's rule.
 */
export function changedPrice(price: number, by: 'percent' | 'amount', value: number): number {
  if (by === 'amount') return price + value;
  const hundredths = percentHundredths(value);
  if (hundredths === null) throw new RangeError(`a percentage to 0.01 %, got ${value}`);
  // The product is a whole number well below 2^53 and the one division rounds correctly, so an exact
  // half stays an exact half for Math.round to take up.
  return Math.round((price * (10_000 + hundredths)) / 10_000);
}
