import { z } from 'zod';
import { currencies } from '@/lib/locale';

/** The customer's share code, rebate rate (percent) and how often their share link was visited. */
export const myShareSchema = z.object({ shareCode: z.string(), rebateRate: z.number(), visits: z.number().int() });
export type MyShare = z.infer<typeof myShareSchema>;

export const friendListQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type FriendListQuery = z.infer<typeof friendListQuerySchema>;

/** A customer who registered with my code. */
export const friendSchema = z.object({
  /** Their name, or their masked email (`jo***@mail.com`) when they gave none. */
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
