import { percentOf } from '@/lib/money';

/* Pure rules of orders, shared by the server and the pages: statuses and totals. */

/** The statuses and pay methods live in src/lib, where the features below orders read them too. */

export type OrderTotals = { goodsTotal: number; discountAmount: number; payAmount: number };

/** Goods total, the friend discount (rounded down, see money.ts) and what the customer pays. */
export function totalOrder(lines: { unitPrice: number; quantity: number }[], discountPercent: number): OrderTotals {
  const goodsTotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discountAmount = percentOf(goodsTotal, discountPercent);
  return { goodsTotal, discountAmount, payAmount: goodsTotal - discountAmount };
}
