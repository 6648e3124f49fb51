import { describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/support/customers';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ env: { REBATE_RATE_PERCENT: '7' } });

describe('my share', () => {
  it('answers my share code and the configured rebate rate', async () => {
    const customer = await signUp(shop, { email: 'sharer@example.com' });
    const response = await shop.get<{ shareCode: string; rebateRate: number }>('/share/getMyShare', {
      headers: customer.headers,
    });
    expect(response.body.code).toBe(1);
    expect(response.body.data).toEqual({ shareCode: customer.user.shareCode, rebateRate: 7, visits: 0 });
  });

  it('needs a signed-in customer', async () => {
    const response = await shop.get('/share/getMyShare');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(-212);
  });
});
