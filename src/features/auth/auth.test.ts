import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, decodePassword, encodePassword, maskEmail, normalizeCode } from './auth';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('password encoding between browser and server', () => {
  it('round-trips any UTF-8 password', () => {
    for (const password of ['secret123', 'пароль-2024', '密码abc12345', 'emoji🙂pass1']) {
      expect(decodePassword(encodePassword(password))).toBe(password);
    }
    expect(encodePassword('secret123')).toBe(Buffer.from('secret123').toString('base64'));
  });

  it('answers null for anything that is not base64 of UTF-8 text', () => {
    expect(decodePassword('')).toBeNull();
    expect(decodePassword('secret123')).toBeNull(); // plain text, not base64
    expect(decodePassword('c2VjcmV0MTIz!')).toBeNull();
    expect(decodePassword('c2VjcmV0MTI')).toBeNull(); // missing padding
    expect(decodePassword(Buffer.from([0xff, 0xfe, 0x41]).toString('base64'))).toBeNull(); // not UTF-8
    expect(decodePassword(Buffer.from('abc\u0000def1').toString('base64'))).toBeNull(); // control character
  });
});

describe('codes and masks', () => {
  it('uses an alphabet without look-alikes', () => {
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(normalizeCode('  ab2c3d4e ')).toBe('AB2C3D4E');
  });

  it('masks an email so its owner recognises it', () => {
    expect(maskEmail('joanna@mail.com')).toBe('jo***@mail.com');
    expect(maskEmail('jo@mail.com')).toBe('j***@mail.com');
    expect(maskEmail('j@mail.com')).toBe('j***@mail.com');
  });
});

describe('password hashing', () => {
  it('stores scrypt with its parameters and a random salt, and verifies only the right password', async () => {
    const hash = await hashPassword('secret123', 12);
    expect(hash).toMatch(/^scrypt\$12\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain('secret123');
    expect(await hashPassword('secret123', 12)).not.toBe(hash);
    expect(await verifyPassword('secret123', hash)).toBe(true);
    expect(await verifyPassword('secret124', hash)).toBe(false);
  });

  it('keeps verifying a hash made at another cost, and says it should be rehashed', async () => {
    const older = await hashPassword('secret123', 11);
    expect(await verifyPassword('secret123', older)).toBe(true);
    expect(needsRehash(older, 12)).toBe(true);
    expect(needsRehash(await hashPassword('secret123', 12), 12)).toBe(false);
  });

  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('secret123', 'plain')).toBe(false);
    expect(await verifyPassword('secret123', 'scrypt$99$8$1$c2FsdA$a2V5')).toBe(false);
    expect(await verifyPassword('secret123', 'bcrypt$12$8$1$c2FsdA$a2V5')).toBe(false);
  });

  it('treats the composed and decomposed forms of a character as the same password', async () => {
    const hash = await hashPassword('caf\u00e9-1234', 11);
    expect(await verifyPassword('cafe\u0301-1234', hash)).toBe(true);
  });

  it('works at OWASP’s cost (N = 2^17), beyond Node’s default scrypt memory ceiling', async () => {
    const hash = await hashPassword('secret123', 17);
    expect(hash.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('secret123', hash)).toBe(true);
  });
});
