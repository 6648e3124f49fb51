import { describe, expect, it } from 'vitest';
import { drawOrderNo } from './insert-order';
import { totalOrder } from '../orders/orders';

describe('totalOrder', () => {
  it('adds the lines and takes off the friend discount, rounded down', () => {
    expect(
      totalOrder(
        [
          { unitPrice: 5900, quantity: 2 },
          { unitPrice: 1999, quantity: 1 },
        ],
        0,
      ),
    ).toEqual({ goodsTotal: 13_799, discountAmount: 0, payAmount: 13_799 });
    // 5 % of 137.99 is 6.8995: the discount rounds down to 6.89, so the customer pays 131.10.
    expect(
      totalOrder(
        [
          { unitPrice: 5900, quantity: 2 },
          { unitPrice: 1999, quantity: 1 },
        ],
        5,
      ),
    ).toEqual({ goodsTotal: 13_799, discountAmount: 689, payAmount: 13_110 });
  });
});

describe('drawOrderNo', () => {
  it('starts with the UTC day and ends with six characters without look-alikes', () => {
    const orderNo = drawOrderNo(new Date('2025-01-22T23:59:00Z'));
    expect(orderNo).toMatch(/^250122[A-HJKMNP-Z2-9]{6}$/);
    expect(new Set(Array.from({ length: 50 }, () => drawOrderNo(new Date()))).size).toBe(50);
  });
});
