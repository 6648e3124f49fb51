import { describe, expect, it } from 'vitest';
import { decryptCartIds, encryptCartIds } from './cart-ids';

describe('checkout link ids', () => {
  it('round-trips the chosen ids through an opaque token', async () => {
    const token = await encryptCartIds([12, 7, 301]);
    // Neither the ids as written nor their base64 shows through, and the same ids seal differently each time.
    expect(token).not.toContain('12,7,301');
    expect(token).not.toContain(Buffer.from('12,7,301').toString('base64url').slice(0, 8));
    expect(await encryptCartIds([12, 7, 301])).not.toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    await expect(decryptCartIds(token)).resolves.toEqual([12, 7, 301]);
  });

  it('refuses a token that was changed or made up', async () => {
    const token = await encryptCartIds([5]);
    // One character inside the sealed part changes (every bit of a middle character carries data).
    const tampered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    expect(tampered).not.toBe(token);
    await expect(decryptCartIds(tampered)).resolves.toBeNull();
    await expect(decryptCartIds('1,2,3')).resolves.toBeNull();
  });
});
