import { z } from 'zod';
import { browserCartSchema } from '@/lib/cart-items';
import { languages } from '@/lib/locale';
import { limits } from '@/lib/validation';

/* The login endpoints' contract, shared by the API (which validates with it) and the storefront. */

/** Format and strength are checked by the service (-201, -203, -204); these only bound the size. */
const email = z.string().trim().min(1).max(limits.emailMax).meta({ format: 'email' });
/** base64 of at most 20 characters of up to 4 UTF-8 bytes each. */
export const encodedPasswordSchema = z.string().min(1).max(120);
export const personNameSchema = z.string().trim().min(1).max(limits.nameMax);
/** Someone's shareCode or userCode; an unknown one is ignored. */
const refereeCode = z.string().trim().max(32).nullish();

export const registerBodySchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email,
  password: encodedPasswordSchema,
  refereeCode,
  /** The browser's cart, merged into the new account's cart. */
  cart: browserCartSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const signInBodySchema = z.object({
  email,
  password: encodedPasswordSchema,
  /** Accepted for the storefront's sake; a referrer is linked only at registration. */
  refereeCode,
  cart: browserCartSchema.optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** The page sends the kept referee code (spec §5); the visit itself is counted by `share/visit` (docs/decisions/029). */
export const userInfoQuerySchema = z.object({ refereeCode: z.string().trim().max(32).optional() });
export const emailQuerySchema = z.object({ email });

/** The signed-in customer, or every field empty when signed out. */
export const userInfoSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** URL of the avatar, empty when there is none. */
  headPicture: z.string(),
  phone: z.string(),
  userCode: z.string(),
  shareCode: z.string(),
  language: z.union([z.enum(languages), z.literal('')]),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const resetRequestBodySchema = z.object({
  email,
  captchaCode: z.string().trim().min(1).max(limits.captchaMax),
});
export type ResetRequestBody = z.infer<typeof resetRequestBodySchema>;

const resetToken = z.string().min(1).max(100);
export const resetTokenBodySchema = z.object({ token: resetToken });
export const resetPasswordBodySchema = z.object({ token: resetToken, password: encodedPasswordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The email a reset link was sent to, masked (`jo***@mail.com`). */
export const resetEmailSchema = z.object({ email: z.string() });
