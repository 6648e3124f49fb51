import { z } from 'zod';
import { providerPayMethods } from '@/lib/pay-methods';
import { currencies } from '@/lib/locale';
import { energyTypes, RECHARGE_MAX, RECHARGE_MIN, RECHARGE_STEP } from './energy';

/* The energy endpoints' contract, shared by the API (which validates with it) and the pages. */

export const rechargePointsSchema = z.coerce
  .number()
  .int()
  .min(RECHARGE_MIN)
  .max(RECHARGE_MAX)
  .multipleOf(RECHARGE_STEP)
  .meta({ multipleOf: RECHARGE_STEP });

export const energyTypeSchema = z.enum(energyTypes);

/** `owed`: points taken back after they were spent, paid first from later credits (docs/decisions/076). */
/** `pending`: referral rebates of completed orders still inside their return window (not yet spendable). */
export const myEnergySchema = z.object({
  balance: z.number().int(),
  owed: z.number().int(),
  pending: z.number().int(),
});
export type MyEnergy = z.infer<typeof myEnergySchema>;

export const energyRecordListQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  type: energyTypeSchema.optional(),
});
export type EnergyRecordListQuery = z.infer<typeof energyRecordListQuerySchema>;

/** A ledger row as the energy page shows it. */
export const energyRecordSchema = z.object({
  recordId: z.number().int(),
  time: z.string().describe('ISO 8601'),
  type: energyTypeSchema,
  /** Positive for credits, negative for debits. */
  points: z.number().int(),
  /** The balance after this row. */
  balancePoints: z.number().int(),
  deductionPoints: z.number().int(),
  transactionNo: z.string(),
  /** The business event, e.g. `recharge:order:123`. */
  reference: z.string(),
});
export type EnergyRecordItem = z.infer<typeof energyRecordSchema>;

export const energyRecordPageSchema = z.object({
  list: z.array(energyRecordSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type EnergyRecordPage = z.infer<typeof energyRecordPageSchema>;

export const calculateAmountQuerySchema = z.object({ points: rechargePointsSchema });

/** What `points` cost in the request's currency (minor units, rounded up). */
export const rechargePriceSchema = z.object({
  points: z.number().int(),
  amount: z.number().int(),
  currency: z.enum(currencies),
  symbol: z.string(),
});
export type RechargePrice = z.infer<typeof rechargePriceSchema>;

/** A recharge order; pay it with `pay/payment` and a method other than energy points. */
export const rechargeBodySchema = z.object({ points: rechargePointsSchema, payMethod: z.enum(providerPayMethods) });
export type RechargeBody = z.infer<typeof rechargeBodySchema>;
