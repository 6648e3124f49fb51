import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '@/lib/error-codes';
import type { Executor } from '@/server/db/client';
import { goods, orderLines, specifications } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';

/*
 * Stock moves with orders: reserved at checkout, returned when an unpaid order closes or a paid one
 * is cancelled before shipping. Rows are always locked in id order, so two orders touching the same
 * sizes wait for each other instead of deadlocking.
 */

/**
 * Takes each line's quantity off the stock of its size, only while the product is on sale and the
 * stock suffices: a conditional update, so stock never goes below zero whatever the concurrency.
 * -231 for the first line that cannot be reserved (the caller's transaction then undoes the others).
 */
export async function reserveStock(tx: Executor, lines: { specificationId: number; quantity: number }[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.specificationId - b.specificationId)) {
    const [reserved] = await tx
      .update(specifications)
      .set({ stock: sql`${specifications.stock} - ${line.quantity}` })
      .from(goods)
      .where(
        and(
          eq(specifications.id, line.specificationId),
          gte(specifications.stock, line.quantity),
          eq(goods.id, specifications.goodsId),
          eq(goods.onSale, true),
        ),
      )
      .returning({ id: specifications.id });
    if (!reserved) throw new ShopError(ErrorCode.InsufficientStock);
  }
}

/** Puts the lines of these orders back into stock. */
export async function releaseStock(tx: Executor, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const quantities = await tx
    .select({ specificationId: orderLines.specificationId, quantity: sql<number>`sum(${orderLines.quantity})`.mapWith(Number) })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.specificationId)
    .orderBy(asc(orderLines.specificationId));
  for (const { specificationId, quantity } of quantities) {
    await tx.update(specifications).set({ stock: sql`${specifications.stock} + ${quantity}` }).where(eq(specifications.id, specificationId));
  }
}

/** Counts an order's units as sold (`+1`, when paid) or no longer sold (`-1`, when refunded); best sellers sort by it. */
export async function countSold(tx: Executor, orderId: number, direction: 1 | -1): Promise<void> {
  const quantities = await tx
    .select({ goodsId: orderLines.goodsId, quantity: sql<number>`sum(${orderLines.quantity})`.mapWith(Number) })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.goodsId)
    .orderBy(asc(orderLines.goodsId));
  for (const { goodsId, quantity } of quantities) {
    await tx
      .update(goods)
      .set({ soldCount: sql`greatest(${goods.soldCount} + ${direction * quantity}, 0)` })
      .where(eq(goods.id, goodsId));
  }
}
