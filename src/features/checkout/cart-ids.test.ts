import { describe, expect, it } from 'vitest';
import { decryptCartIds, encryptCartIds } from './cart-ids';

describe('checkout link ids', () => {
  it('round-trips the chosen ids through an opaque token', async () => {
    const token = await encryptCartIds([12, 7, 301]);
    expect(token).not.toContain('12');
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    await expect(decryptCartIds(token)).resolves.toEqual([12, 7, 301]);
  });

  it('refuses a token that was changed or made up', async () => {
    const token = await encryptCartIds([5]);
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}${token.slice(-1)}`;
    await expect(decryptCartIds(tampered)).resolves.toBeNull();
    await expect(decryptCartIds('1,2,3')).resolves.toBeNull();
  });
});
