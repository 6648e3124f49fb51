import { describe, expect, it } from 'vitest';
import { fieldForCode, validateSignField } from './sign-form';

describe('sign form rules', () => {
  it('asks for an email, then a valid one', () => {
    expect(validateSignField('sign', 'email', ' ')).toBe('sign.account_err');
    expect(validateSignField('sign', 'email', 'mei@')).toBe('sign.account_err2');
    expect(validateSignField('sign', 'email', 'mei@example.com')).toBeNull();
  });

  it('checks the password rule only when registering', () => {
    expect(validateSignField('sign', 'password', '')).toBe('sign.pass_err');
    expect(validateSignField('sign', 'password', 'short')).toBeNull();
    expect(validateSignField('register', 'password', 'onlyletters')).toBe('sign.pass_err2');
    expect(validateSignField('register', 'password', 'with space1')).toBe('sign.pass_err2');
    expect(validateSignField('register', 'password', 'letters123')).toBeNull();
  });

  it('needs names and the captcha', () => {
    expect(validateSignField('register', 'firstName', '')).toBe('sign.register_fn_err');
    expect(validateSignField('register', 'lastName', ' ')).toBe('sign.register_ln_err');
    expect(validateSignField('reset', 'captchaCode', '')).toBe('sign.Verificationcode_err');
  });

  it('puts server codes on the field the spec names', () => {
    expect(fieldForCode('sign', -206)).toBe('email');
    expect(fieldForCode('sign', -207)).toBe('password');
    expect(fieldForCode('register', -202)).toBe('email');
    expect(fieldForCode('register', -204)).toBe('password');
    expect(fieldForCode('reset', -233)).toBe('captchaCode');
    expect(fieldForCode('reset', -232)).toBe('captchaCode');
    expect(fieldForCode('reset', -205)).toBe('email');
  });
});
