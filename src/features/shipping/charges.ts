import type { Currency } from '@/lib/locale';
import { assertMinorUnits } from '@/lib/money';

/*
 * Pure rules of shipping and tax, shared by the quote, the order and the tests
 * (docs/decisions/061-shipping-zones-and-tax.md):
 * - a destination belongs to its most precise zone: `US-CA` before `US` before `*`;
 * - a method ships free when the goods less the discount reach its threshold in the order's currency;
 * - tax is figured once per order, on goods less discount plus shipping, rounded to the nearest
 *   minor unit (halves up): added to the total, or (prices that include it) the part of the total it is.
 */

/** `US`, or `US-CA` for a state: how zones name their destinations. */
export const regionOf = (country: string, state = '') => (state ? `${country}-${state}` : country);

/** Every other destination. */
export const REST_OF_WORLD = '*';

/** The zone that serves a destination: the one naming its state, else its country, else the rest of the world. */
export function findZone<Z extends { regions: string[] }>(zones: Z[], country: string, state: string): Z | undefined {
  for (const region of [state ? regionOf(country, state) : null, country, REST_OF_WORLD]) {
    const zone = region && zones.find((candidate) => candidate.regions.includes(region));
    if (zone) return zone;
  }
  return undefined;
}

/** A method's fee in a currency for goods worth `goodsPaid`; null when it is not offered in that currency. */
export function shippingFee(
  method: { prices: Partial<Record<Currency, number>>; freeFrom: Partial<Record<Currency, number>> },
  currency: Currency,
  goodsPaid: number,
): number | null {
  const price = method.prices[currency];
  if (price === undefined) return null;
  const freeFrom = method.freeFrom[currency];
  return freeFrom !== undefined && goodsPaid >= freeFrom ? 0 : price;
}

/** Nearest whole of `numerator / denominator` for non-negative integers, halves up. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export type TaxRule = { rateBasisPoints: number; included: boolean; label: string };

/** The tax on `base` minor units: added on top, or the part of `base` it already is. */
export function taxOf(base: number, rule: TaxRule | null): number {
  assertMinorUnits(base);
  if (!rule || rule.rateBasisPoints === 0) return 0;
  return rule.included
    ? roundHalfUp(base * rule.rateBasisPoints, 10_000 + rule.rateBasisPoints)
    : roundHalfUp(base * rule.rateBasisPoints, 10_000);
}

export type Charges = {
  shippingAmount: number;
  taxAmount: number;
  taxIncluded: boolean;
  taxLabel: string | null;
  payAmount: number;
};

/** What the customer pays: goods less discount, plus shipping, plus the tax unless the prices include it. */
export function chargeOrder(goodsPaid: number, shippingAmount: number, rule: TaxRule | null): Charges {
  const base = goodsPaid + shippingAmount;
  const taxAmount = taxOf(base, rule);
  const taxIncluded = rule?.included ?? false;
  return {
    shippingAmount,
    taxAmount,
    taxIncluded,
    taxLabel: taxAmount > 0 && rule ? rule.label : null,
    payAmount: taxIncluded ? base : base + taxAmount,
  };
}

/** How a refund of `refunded` (of `paid`) splits into goods, shipping and tax: shipping and tax in proportion, rounded down, goods the rest. */
export function splitRefund(
  order: { payAmount: number; shippingAmount: number; taxAmount: number; taxIncluded: boolean },
  refunded: number,
) {
  if (order.payAmount === 0) return { goods: 0, shipping: 0, tax: 0 };
  const share = (amount: number) => Math.floor((amount * refunded) / order.payAmount);
  const shipping = share(order.shippingAmount);
  const tax = share(order.taxAmount);
  return { goods: refunded - shipping - (order.taxIncluded ? 0 : tax), shipping, tax };
}
