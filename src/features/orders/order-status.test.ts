import { describe, expect, it } from 'vitest';
import { uiDictionaries } from '@/lib/i18n/ui';
import { amountLabelKey } from './order-status';

const at = '2026-01-01T00:00:00.000Z';
const label = (status: number, payTime: string | null = null, refundTime: string | null = null) =>
  uiDictionaries.EN[amountLabelKey({ status, payTime, refundTime })];

describe('the amount of an order on its details page', () => {
  it('is due while the order awaits payment, and was due once it closed unpaid', () => {
    expect(label(2)).toBe('To pay');
    expect(label(0)).toBe('To pay');
    expect(label(3)).toBe('Was due (not paid)');
  });

  it('is paid once paid, and refunded once the money went back', () => {
    for (const status of [1, 4, 5, 6]) expect(label(status, at)).toBe('Paid');
    expect(label(3, at, at)).toBe('Refunded');
  });
});
