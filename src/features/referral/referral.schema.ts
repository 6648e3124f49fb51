import { z } from 'zod';
import { currencies } from '@/lib/locale';

/** The customer's share code, rebate rate (percent) and how often their share link was visited. */
export const myShareSchema = z.object({ shareCode: z.string(), rebateRate: z.number(), visits: z.number().int() });
export type MyShare = z.infer<typeof myShareSchema>;

/** A share link's code, as the edge and the referral page send it. */
const shareCode = z.string().trim().min(1).max(32);
export const checkCodeQuerySchema = z.object({ code: shareCode });
export const checkCodeSchema = z.object({ exists: z.boolean() });
export const shareVisitBodySchema = z.object({ code: shareCode });
/** `known`: the code belongs to a customer; the page keeps it as the referee code. */
export const shareVisitSchema = z.object({ known: z.boolean() });
export type ShareVisit = z.infer<typeof shareVisitSchema>;

export const friendListQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type FriendListQuery = z.infer<typeof friendListQuerySchema>;

/** A customer who registered with my code. */
export const friendSchema = z.object({
  /** Their masked name (`J***`: the first letter only), or their masked email (`jo***@mail.com`) when they gave none. */
  name: z.string(),
  /** Always masked. */
  email: z.string(),
  registerTime: z.string().describe('ISO 8601'),
  /** Their completed orders' pay amounts, in minor units of the request currency (reference rates, nearest unit). */
  consumption: z.number().int(),
  currency: z.enum(currencies),
  symbol: z.string(),
  /** Energy points I earned as rebates on their orders. */
  rebate: z.number().int(),
});
export type Friend = z.infer<typeof friendSchema>;

export const friendPageSchema = z.object({
  list: z.array(friendSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type FriendPage = z.infer<typeof friendPageSchema>;
