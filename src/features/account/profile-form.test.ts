import { describe, expect, it } from 'vitest';
import {
  checkAvatarFile,
  hasPictureBytes,
  initialsOf,
  passwordFieldForCode,
  validatePasswordField,
  validateProfileField,
} from './profile-form';

const MB = 1024 * 1024;

describe('profile rules', () => {
  it('need a first and last name, and a valid phone only when one is given', () => {
    expect(validateProfileField('firstName', '  ')).toBe('sign.register_fn_err');
    expect(validateProfileField('lastName', '')).toBe('sign.register_ln_err');
    expect(validateProfileField('firstName', 'Mei')).toBeNull();
    expect(validateProfileField('phone', '')).toBeNull();
    expect(validateProfileField('phone', '+1 (415) 555-0100')).toBeNull();
    expect(validateProfileField('phone', 'call me')).toBe('account.phone_err');
    expect(validateProfileField('phone', '123')).toBe('account.phone_err');
  });
});

describe('avatar files', () => {
  it('take JPG, JPEG and PNG of at most 5 MB', () => {
    expect(checkAvatarFile({ name: 'me.PNG', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(checkAvatarFile({ name: 'me.jpeg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkAvatarFile({ name: 'me.jpg', type: '', size: 1000 })).toBeNull();
    expect(checkAvatarFile({ name: 'me.png', type: 'image/png', size: 5 * MB + 1 })).toBe('account.avatarSize');
  });

  it('refuse other types, whatever the name or declared type says', () => {
    expect(checkAvatarFile({ name: 'me.gif', type: 'image/gif', size: 1000 })).toBe('account.avatarType');
    expect(checkAvatarFile({ name: 'me.png', type: 'image/svg+xml', size: 1000 })).toBe('account.avatarType');
    expect(checkAvatarFile({ name: 'png', type: 'image/png', size: 1000 })).toBe('account.avatarType');
  });

  it('are pictures by their first bytes, not by their name', () => {
    expect(hasPictureBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(hasPictureBytes(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(hasPictureBytes(new TextEncoder().encode('Just some notes, named notes.png'))).toBe(false);
    expect(hasPictureBytes(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(false);
    expect(hasPictureBytes(Uint8Array.from([0x89, 0x50]))).toBe(false);
  });
});

describe('password change rules', () => {
  const values = { oldPassword: 'secret123', newPassword: 'Lantern2027?', confirmPassword: 'Lantern2027?' };

  it('accept a filled, valid, confirmed form', () => {
    for (const field of ['oldPassword', 'newPassword', 'confirmPassword'] as const)
      expect(validatePasswordField(field, values)).toBeNull();
  });

  it('refuse empty fields, a weak new password, and a confirmation that differs', () => {
    expect(validatePasswordField('oldPassword', { ...values, oldPassword: '' })).toBe('account.currentPassword_err');
    expect(validatePasswordField('newPassword', { ...values, newPassword: '' })).toBe('account.newPassword_err');
    expect(validatePasswordField('newPassword', { ...values, newPassword: 'abcdefgh' })).toBe('sign.pass_err2');
    expect(validatePasswordField('confirmPassword', { ...values, confirmPassword: '' })).toBe(
      'account.confirmPassword_err',
    );
    expect(validatePasswordField('confirmPassword', { ...values, confirmPassword: 'Lantern2027!' })).toBe(
      'updatePwd.mismatch',
    );
  });

  it('put a wrong current password on its field and rule breaks on the new one', () => {
    expect(passwordFieldForCode(-207)).toBe('oldPassword');
    expect(passwordFieldForCode(-204)).toBe('newPassword');
  });
});

describe('initials', () => {
  it('come from the names, else from the email', () => {
    expect(initialsOf({ firstName: 'mei', lastName: 'Tan', email: 'm@x.com' })).toBe('MT');
    expect(initialsOf({ firstName: '', lastName: '', email: 'zoe@x.com' })).toBe('Z');
  });
});
