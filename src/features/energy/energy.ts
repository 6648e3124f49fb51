/**
 * The kinds of energy ledger rows (domain.md, "Energy points"): credits and debits alike.
 * `gift-returned`: a gift coupon's points back to its giver, when they cancel it or its order is refunded.
 * `take-back`: points whose money went back (a recharge or a referred order refunded or reversed); what the
 * balance could not cover is owed (`energy_debts`) and `debt-repayment` rows pay it from later credits.
 * `take-back-returned`: taken-back points given back when their money came back (a chargeback the shop won).
 */
export const energyTypes = [
  'recharge',
  'rebate',
  'refund',
  'order-payment',
  'gift-coupon',
  'gift-returned',
  'expiry',
  'adjustment',
  'take-back',
  'take-back-returned',
  'debt-repayment',
] as const;
export type EnergyType = (typeof energyTypes)[number];

import type { Currency } from '@/lib/locale';
import { priceOfPoints, type ReferenceRates } from '@/lib/money';

/** Recharges: 100 to 100000 points, in steps of 100 (domain.md, "Energy points"). */
export const RECHARGE_MIN = 100;
export const RECHARGE_MAX = 100_000;
export const RECHARGE_STEP = 100;

export const isValidRecharge = (points: number) =>
  Number.isInteger(points) && points >= RECHARGE_MIN && points <= RECHARGE_MAX && points % RECHARGE_STEP === 0;

/**
 * The recharge page's quick choices, as round amounts of each currency (major units): what a shopper
 * pays is the round figure ("￥100", not "￥71.43"), and the points are what it buys at the reference
 * rate (docs/decisions/080). Kept close to the same values in each currency.
 */
export const RECHARGE_PRESET_AMOUNTS: Record<Currency, readonly number[]> = {
  USD: [5, 10, 50, 100],
  CNY: [50, 100, 500, 1000],
  MYR: [50, 100, 200, 500],
};

export type RechargePreset = { points: number; amount: number; currency: Currency };

/**
 * Each preset amount in `currency` at `rates`: its points (amount × points per major unit) and what
 * they cost (`priceOfPoints`, the server's price: exactly the round amount). An amount whose points
 * are not a valid recharge at the configured rate (not a multiple of 100, outside 100–100000) is left
 * out rather than shown at an odd price.
 */
export function rechargePresets(currency: Currency, rates: ReferenceRates): RechargePreset[] {
  return RECHARGE_PRESET_AMOUNTS[currency]
    .map((amount) => amount * rates[currency])
    .filter(isValidRecharge)
    .map((points) => ({ points, amount: priceOfPoints(points, currency, rates), currency }));
}
