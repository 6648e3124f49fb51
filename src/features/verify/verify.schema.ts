import { z } from 'zod';
import { limits } from '@/lib/validation';

/* The anti-counterfeit check's contract, shared by the API (which validates with it) and the verify page. */

/** Codes as printed: letters and digits, read case-insensitively, spaces and dashes ignored. */
export const normalizeVerifyCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const verifyCodeBodySchema = z.object({
  code: z.string().trim().min(1).max(40),
  captchaCode: z.string().trim().min(1).max(limits.captchaMax),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

/** What a genuine code answers: the item it was issued for and how often it has been checked. */
export const verifyResultSchema = z.object({
  code: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  specificationName: z.string(),
  /** URL of the product's first picture, null when it has none. */
  picture: z.string().nullable(),
  /** Checks so far, this one included. */
  checkCount: z.number().int(),
  /** When the code was first checked (ISO 8601). */
  firstCheckTime: z.string(),
  /** Above this many checks the item may be a copy: one genuine item is rarely checked that often. */
  warnAfterChecks: z.number().int(),
  suspicious: z.boolean(),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;
