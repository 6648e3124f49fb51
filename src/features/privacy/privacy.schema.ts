import { z } from 'zod';
import { encodedPasswordSchema } from '@/features/auth/auth.schema';

/* The privacy endpoints' contract: mail preference and account erasure (the export is a file). */

export const mailPreferenceSchema = z.object({
  /** Mails name the items bought only when this is true; by default they say how many. */
  showItemNamesInMail: z.boolean(),
});
export type MailPreference = z.infer<typeof mailPreferenceSchema>;

export const deleteAccountBodySchema = z.object({ password: encodedPasswordSchema });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
