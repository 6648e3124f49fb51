import { z } from 'zod';
import { encodedPasswordSchema, personNameSchema } from '@/features/auth/auth.schema';
import { languages } from '@/lib/locale';
import { isValidPhone, phonePattern } from '@/lib/validation';

/*
 * The account endpoints' contract. Only the fields listed here can be changed: zod drops any other
 * key (userCode, shareCode, rebateRate, email, ids…) before a service sees the body.
 */

/** A phone number, or empty to have none. */
export const phoneSchema = z
  .string()
  .trim()
  .max(30)
  .refine((phone) => phone === '' || isValidPhone(phone), 'invalid phone number')
  .meta({ pattern: `^$|${phonePattern.source}` });

export const changePasswordBodySchema = z.object({
  oldPassword: encodedPasswordSchema,
  newPassword: encodedPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const userNameBodySchema = z.object({ firstName: personNameSchema, lastName: personNameSchema });

export const userInfoBodySchema = userNameBodySchema.extend({
  phone: phoneSchema.optional(),
  /** The language the shop writes mails in. */
  language: z.enum(languages).optional(),
});

export const phoneBodySchema = z.object({ phone: phoneSchema });
