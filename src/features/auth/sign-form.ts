import { isValidEmail, isValidPassword, limits } from '@/lib/validation';
import type { SignType } from '@/lib/shell.store';
import type { UiMessageKey } from '@/lib/i18n/ui';

/* The sign dialog's rules (spec §5), pure so they can be tested without a browser. */

export type SignField = 'firstName' | 'lastName' | 'email' | 'password' | 'captchaCode';
export type SignValues = Record<SignField, string>;

export const fieldsOf: Record<SignType, SignField[]> = {
  sign: ['email', 'password'],
  register: ['firstName', 'lastName', 'email', 'password'],
  reset: ['email', 'captchaCode'],
};

export const maxLengthOf: Record<SignField, number> = {
  firstName: limits.nameMax,
  lastName: limits.nameMax,
  email: limits.emailMax,
  password: limits.passwordMax,
  captchaCode: limits.captchaMax,
};

/** First and last names must not be empty; the sign form and the profile share the rule and its messages. */
export function nameProblem(field: 'firstName' | 'lastName', value: string): UiMessageKey | null {
  if (value.trim()) return null;
  return field === 'firstName' ? 'sign.register_fn_err' : 'sign.register_ln_err';
}

/** The message key for a field's value, or null when it is fine. */
export function validateSignField(type: SignType, field: SignField, value: string): UiMessageKey | null {
  const trimmed = value.trim();
  switch (field) {
    case 'firstName':
    case 'lastName':
      return nameProblem(field, value);
    case 'email':
      if (!trimmed) return 'sign.account_err';
      return isValidEmail(trimmed) ? null : 'sign.account_err2';
    case 'password':
      if (!value) return 'sign.pass_err';
      return type === 'register' && !isValidPassword(value) ? 'sign.pass_err2' : null;
    case 'captchaCode':
      return trimmed ? null : 'sign.Verificationcode_err';
  }
}

/** Which field a server code belongs on (spec §8). */
export function fieldForCode(type: SignType, code: number): SignField {
  const emailCodes: Record<SignType, number[]> = {
    sign: [-201, -206, -205],
    register: [-201, -206, -202, -205],
    reset: [-201, -206, -205],
  };
  if (emailCodes[type].includes(code)) return 'email';
  if (type === 'reset') return code === -233 || code === -232 ? 'captchaCode' : 'email';
  return 'password';
}
