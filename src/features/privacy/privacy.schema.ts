import { z } from 'zod';
import { encodedPasswordSchema } from '@/features/auth/auth.schema';

/* The privacy endpoints' contract: mail preference and account erasure (the export is a file). */

export const mailPreferenceSchema = z.object({
  /** Mails name the items bought only when this is true; by default they say how many. */
  showItemNamesInMail: z.boolean(),
  /** A mail a few days after an order completes asks for a review, only when this is true (off by default). */
  reviewRequestMail: z.boolean(),
});
export type MailPreference = z.infer<typeof mailPreferenceSchema>;
/** The change the account page sends; a client that knows only item names leaves the review requests as they are. */
export const mailPreferenceChangeSchema = mailPreferenceSchema.partial({ reviewRequestMail: true });
export type MailPreferenceChange = z.infer<typeof mailPreferenceChangeSchema>;

export const deleteAccountBodySchema = z.object({ password: encodedPasswordSchema });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
