import { drawCode } from '@/features/auth/auth.service';
import type { Executor } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import type { OrderRow } from './orders.service';

/* Every order (a checkout, a recharge, a gift) is written under a number drawn here. */

const ORDER_NO_RANDOM_LENGTH = 6;

/**
 * A number a customer can read out on the phone: the day it was placed (UTC, `yyMMdd`) and six
 * characters without look-alikes, e.g. `250122K7M9QX`.
 */
export function drawOrderNo(now: Date): string {
  return `${now.toISOString().slice(2, 10).replaceAll('-', '')}${drawCode(ORDER_NO_RANDOM_LENGTH)}`;
}

/** Inserts an order under a freshly drawn number, drawing again on the rare clash. */
export async function insertOrder(
  tx: Executor,
  now: Date,
  values: Omit<typeof orders.$inferInsert, 'orderNo'>,
): Promise<OrderRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [order] = await tx
      .insert(orders)
      .values({ ...values, orderNo: drawOrderNo(now), createdAt: now })
      .onConflictDoNothing({ target: orders.orderNo })
      .returning();
    if (order) return order;
  }
  throw new Error('no free order number after 5 draws');
}
