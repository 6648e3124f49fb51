/** Input rules shared by the browser (validation on blur) and the server (which checks again). */

export const limits = {
  emailMax: 50,
  nameMax: 50,
  subscribeNameMax: 100,
  passwordMin: 8,
  passwordMax: 20,
  captchaMax: 6,
  cartQuantityMin: 1,
  cartQuantityMax: 100,
  avatarBytesMax: 5 * 1024 * 1024,
} as const;

/** A quantity typed or stepped outside 1–100 (spec §5) brought within the limit. */
export const clampQuantity = (typed: number) =>
  Math.min(limits.cartQuantityMax, Math.max(limits.cartQuantityMin, Math.round(typed) || limits.cartQuantityMin));

const emailPattern = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[a-z]{2,}$/i;

export function isValidEmail(email: string): boolean {
  return email.length <= limits.emailMax && emailPattern.test(email);
}

/** 8–20 characters, no whitespace, at least two of: digits, letters, other symbols. */
export function isValidPassword(password: string): boolean {
  if (password.length < limits.passwordMin || password.length > limits.passwordMax) return false;
  if (/\s/.test(password)) return false;
  const kinds = [/\d/, /\p{L}/u, /[^\d\p{L}]/u].filter((kind) => kind.test(password)).length;
  return kinds >= 2;
}

/** A phone number as people write it: digits with optional +, spaces, dashes, dots and brackets; 6–15 digits. */
export const phonePattern = /^\+?[\s().-]*(?:\d[\s().-]*){6,15}$/;

export function isValidPhone(phone: string): boolean {
  return phonePattern.test(phone);
}
