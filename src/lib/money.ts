import { currencySymbols, type Currency } from './locale';

/**
 * Money is an integer of minor units (cents, fen, sen) plus a currency; every currency the shop
 * sells in has two decimals. Energy points are whole numbers.
 */
export type Money = { amount: number; currency: Currency };

const MINOR_UNITS_PER_MAJOR = 100;

/** "$12.34", "￥12.34", "RM12.34"; negative amounts as "-$1.00". */
export function formatMoney(amount: number, currency: Currency): string {
  const [major = '', minor = ''] = toMajorUnits(Math.abs(amount)).split('.');
  const sign = amount < 0 ? '-' : '';
  return `${sign}${currencySymbols[currency]}${major.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${minor}`;
}

/** "12.34" for 1234: the plain decimal string payment providers and operators read and write. */
export function toMajorUnits(amount: number): string {
  assertMinorUnits(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / MINOR_UNITS_PER_MAJOR)}.${(abs % MINOR_UNITS_PER_MAJOR).toString().padStart(2, '0')}`;
}

/** Minor units of a decimal amount such as "59", "59.9" or "59.90"; null for anything else (no rounding). */
export function parseMajorUnits(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * MINOR_UNITS_PER_MAJOR + Number((match[2] ?? '').padEnd(2, '0'));
}

export function assertMinorUnits(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money must be whole minor units, got ${amount}`);
}

/** Energy points one major unit of each currency is worth (config: POINTS_PER_USD, …). */
export type ReferenceRates = Record<Currency, number>;

/*
 * Conversions between money and points. Each one rounds in the shop's favour by at most one
 * minor unit or one point, and this is the only place that rounds:
 * - what a customer pays (money for points, points for goods) rounds up;
 * - what the shop gives (points as rebate) rounds down.
 * The arithmetic stays in integers: points per major unit × minor units, over 100.
 */

/** Price of buying `points` (a recharge), in minor units of `currency`: rounds up. */
export function priceOfPoints(points: number, currency: Currency, rates: ReferenceRates): number {
  return ceilDiv(points * MINOR_UNITS_PER_MAJOR, rates[currency]);
}

/** Points needed to pay `amount` minor units with energy points: rounds up. */
export function pointsToPay(amount: number, currency: Currency, rates: ReferenceRates): number {
  assertMinorUnits(amount);
  return ceilDiv(amount * rates[currency], MINOR_UNITS_PER_MAJOR);
}

/** Points a rebate of `percent` on `amount` minor units is worth: rounds down. */
export function rebatePoints(amount: number, currency: Currency, percent: number, rates: ReferenceRates): number {
  assertMinorUnits(amount);
  return Math.floor((amount * rates[currency] * percent) / (MINOR_UNITS_PER_MAJOR * 100));
}

/** A discount of `percent` on `amount`: rounds down, so the customer never pays less than the rule says. */
export function percentOf(amount: number, percent: number): number {
  assertMinorUnits(amount);
  return Math.floor((amount * percent) / 100);
}

/** Shows an amount kept in one currency in another (a friend's consumption): nearest minor unit. */
export function convertForDisplay(amount: number, from: Currency, to: Currency, rates: ReferenceRates): number {
  if (from === to) return amount;
  return Math.round((amount * rates[from]) / rates[to]);
}

function ceilDiv(numerator: number, denominator: number): number {
  return Math.ceil(numerator / denominator);
}
