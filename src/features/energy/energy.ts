/**
 * The kinds of energy ledger rows (domain.md, "Energy points"): credits and debits alike.
 * `gift-returned`: a gift coupon's points back to its giver, when they cancel it or its order is refunded.
 * `take-back`: points whose money went back (a recharge or a referred order refunded or reversed); what the
 * balance could not cover is owed (`energy_debts`) and `debt-repayment` rows pay it from later credits.
 * `take-back-returned`: taken-back points given back when their money came back (a chargeback the shop won).
 */
export const energyTypes = ['recharge', 'rebate', 'refund', 'order-payment', 'gift-coupon', 'gift-returned', 'expiry', 'adjustment', 'take-back', 'take-back-returned', 'debt-repayment'] as const;
export type EnergyType = (typeof energyTypes)[number];

/** Recharges: 100 to 100000 points, in steps of 100 (domain.md, "Energy points"). */
export const RECHARGE_MIN = 100;
export const RECHARGE_MAX = 100_000;
export const RECHARGE_STEP = 100;

export const isValidRecharge = (points: number) =>
  Number.isInteger(points) && points >= RECHARGE_MIN && points <= RECHARGE_MAX && points % RECHARGE_STEP === 0;
