import { z } from 'zod';

/** The customer's share code and rebate rate (percent), as the share dialog shows them. */
export const myShareSchema = z.object({ shareCode: z.string(), rebateRate: z.number() });
export type MyShare = z.infer<typeof myShareSchema>;
