import { z } from '@hono/zod-openapi';
import { languages } from '@/lib/locale';
import { operatorRoles } from './operators';

/* The contract of the operators' sign-in and second factor under /api/v1/admin/auth. */

const email = z.string().trim().min(3).max(254);

/** A code of the second factor: 6 digits from the authenticator app. */
const secondFactorCode = z.string().regex(/^\d{6}$/);
/** `code` only for an operator with the second factor on, after the password alone answered -241. */
export const operatorSignInBodySchema = z.object({
  email,
  password: z.string().min(1).max(200),
  code: secondFactorCode.optional(),
});
export const setOperatorPasswordBodySchema = z.object({
  token: z.string().min(1).max(100),
  /** Long enough to resist guessing; operators use a password manager. */
  password: z.string().min(12).max(200),
});

/**
 * `secondFactorRequired`: the shop runs in production, where an operator turns the second factor on before anything else.
 * `language`: the language the operator reads the back office in, and the API answers them in.
 */
export const operatorSchema = z
  .object({
    email: z.string(),
    role: z.enum(operatorRoles),
    secondFactor: z.boolean(),
    secondFactorRequired: z.boolean(),
    language: z.enum(languages),
  })
  .openapi('Operator');
export const operatorLanguageBodySchema = z.object({ language: z.enum(languages) });

/* The Operators section (admins only): add, disable or enable, reset the password. */
export const operatorAccountSchema = z
  .object({
    email: z.string(),
    role: z.enum(operatorRoles),
    state: z.enum(['invited', 'active', 'disabled']),
    secondFactor: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('OperatorAccount');
export const addOperatorBodySchema = z.object({
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+$/)
    .max(254),
  role: z.enum(operatorRoles),
});
export const operatorDisabledBodySchema = z.object({ email, disabled: z.boolean() });
export const passwordLinkSchema = z
  .object({ email: z.string(), role: z.enum(operatorRoles), link: z.string(), expiresInHours: z.number() })
  .openapi('OperatorPasswordLink');

/** A new secret (base32, 160 bits) and its otpauth:// URI for the QR code; stored only once a code confirms it. */
export const secondFactorSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export const enableSecondFactorBodySchema = z.object({
  secret: z.string().regex(/^[A-Z2-7]{32}$/),
  code: secondFactorCode,
});
export const secondFactorCodeBodySchema = z.object({ code: secondFactorCode });
export const operatorEmailBodySchema = z.object({ email });
