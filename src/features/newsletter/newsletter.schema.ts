import { z } from 'zod';
import { limits } from '@/lib/validation';

export const subscribeBodySchema = z.object({
  subscribeName: z.string().trim().min(1).max(limits.subscribeNameMax),
  /** Format is checked by the service, which answers -201 for a malformed address. */
  email: z.string().trim().min(1).max(limits.emailMax).meta({ format: 'email' }),
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;
