import type { UiMessageKey } from '@/lib/i18n/ui';
import { isValidPassword, isValidPhone, limits } from '@/lib/validation';
import { nameProblem } from '@/features/auth/sign-form';

/* The personal centre's form rules (spec §5), pure so they can be tested without a browser. */

export type ProfileField = 'firstName' | 'lastName' | 'phone';
export type ProfileValues = Record<ProfileField, string>;

/** The message key for a profile field's value, or null when it is fine. */
export function validateProfileField(field: ProfileField, value: string): UiMessageKey | null {
  const trimmed = value.trim();
  switch (field) {
    case 'firstName':
    case 'lastName':
      return nameProblem(field, value);
    case 'phone':
      return trimmed === '' || isValidPhone(trimmed) ? null : 'account.phone_err';
  }
}

const avatarExtensions = ['jpg', 'jpeg', 'png'];
const avatarTypes = ['image/jpeg', 'image/png'];

/** An avatar must be a JPG, JPEG or PNG of at most 5 MB; the server checks the bytes again. */
export function checkAvatarFile(file: { name: string; type: string; size: number }): UiMessageKey | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!avatarExtensions.includes(extension) || (file.type !== '' && !avatarTypes.includes(file.type)))
    return 'account.avatarType';
  return file.size > limits.avatarBytesMax ? 'account.avatarSize' : null;
}

/** Whether a file's first bytes are those of a JPEG or a PNG (what the server accepts), whatever its name says. */
export function hasPictureBytes(bytes: Uint8Array): boolean {
  const jpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png =
    bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte);
  return jpeg || png;
}

export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';
export type PasswordValues = Record<PasswordField, string>;

/** None may be empty, the new one follows the password rule, and the confirmation matches it. */
export function validatePasswordField(field: PasswordField, values: PasswordValues): UiMessageKey | null {
  const value = values[field];
  switch (field) {
    case 'oldPassword':
      return value ? null : 'account.currentPassword_err';
    case 'newPassword':
      if (!value) return 'account.newPassword_err';
      return isValidPassword(value) ? null : 'sign.pass_err2';
    case 'confirmPassword':
      if (!value) return 'account.confirmPassword_err';
      return value === values.newPassword ? null : 'updatePwd.mismatch';
  }
}

/** Which password field a server refusal belongs on. */
export const passwordFieldForCode = (code: number): PasswordField =>
  code === -207 || code === -209 ? 'oldPassword' : 'newPassword';

/** The initials shown until a customer has a picture. */
export const initialsOf = (user: { firstName: string; lastName: string; email: string }) =>
  ((user.firstName.trim()[0] ?? '') + (user.lastName.trim()[0] ?? '')).toUpperCase() ||
  (user.email[0] ?? '?').toUpperCase();

export const profileMaxLength: Record<ProfileField, number> = {
  firstName: limits.nameMax,
  lastName: limits.nameMax,
  phone: 30,
};
