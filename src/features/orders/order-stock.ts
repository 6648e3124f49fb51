import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import * as ErrorCode from '@/lib/error-codes';
import { rowsOf, type Executor } from '@/server/db/client';
import { products, orderLines, orders, productSizes } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { OrderStatus, awaitingPayment } from '@/lib/order-status';

/*
 * Stock moves with orders: reserved at checkout, returned when an unpaid order closes or a paid one
 * is cancelled before shipping. Rows are always locked in id order, so two orders touching the same
 * sizes wait for each other instead of deadlocking. They are locked FOR NO KEY UPDATE, as an update of
 * stock or sold counts needs: an order's lines hold KEY SHARE on their sizes and products (foreign
 * keys), which FOR UPDATE would wait for, and two checkouts each waiting for the other's would deadlock.
 */

/**
 * Takes each line's quantity off the stock of its size, only while the product is on sale and the
 * stock suffices: one conditional update for all lines (their rows locked in id order first, the array
 * being computed before the update runs), so stock never goes below zero whatever the concurrency.
 * -231 when a line cannot be reserved (the caller's transaction then undoes the others).
 */
export async function reserveStock(tx: Executor, lines: StockLine[]): Promise<void> {
  const wanted = combineLines(lines);
  if (wanted.size === 0) return;
  const reserved = rowsOf<{ id: number }>(await tx.execute(reserveStockSql(lines, sql`true`)));
  if (reserved.length !== wanted.size) throw new ShopError(ErrorCode.InsufficientStock);
}

type StockLine = { specificationId: number; quantity: number };

/**
 * The update `reserveStock` runs, for a CTE, if `when` holds (it locks nothing otherwise): it returns
 * the id of each size it reserved, so a size missing from its answer could not be (short of stock, off
 * sale or gone).
 */
export function reserveStockSql(lines: StockLine[], when: SQL): SQL {
  const wanted = combineLines(lines);
  return reserveSizesSql(sizesArray([...wanted.keys()]), sizesArray([...wanted.values()]), when);
}

/** An array of whole numbers as PostgreSQL reads an `int[]` parameter: `{3,7}`. */
export const sizesArray = (numbers: number[]) => `{${numbers.map((number) => Math.trunc(number)).join(',')}}`;

/**
 * `reserveStockSql` for sizes and quantities given as `int[]` parameters (or placeholders of them,
 * `sizesArray`), each size once.
 */
export function reserveSizesSql(ids: unknown, quantities: unknown, when: SQL): SQL {
  return sql`
    update ${productSizes} set stock = ${productSizes.stock} - wanted.quantity
    from unnest(${ids}::int[], ${quantities}::int[]) as wanted(id, quantity), ${products}
    where ${when} and ${productSizes.id} = wanted.id and ${productSizes.stock} >= wanted.quantity
      and ${products.id} = ${productSizes.goodsId} and ${products.onSale}
      and ${productSizes.id} = any(array(select id from ${productSizes} where ${when} and id = any(${ids}::int[]) order by id for no key update))
    returning ${productSizes.id}`;
}

/** Each size once, with the quantity of all lines of it. */
export function combineLines(lines: StockLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.specificationId, (wanted.get(line.specificationId) ?? 0) + line.quantity);
  return wanted;
}

/** Puts the lines of these orders back into stock. */
export async function releaseStock(tx: Executor, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const quantities = await tx
    .select({
      specificationId: orderLines.specificationId,
      quantity: sql<number>`sum(${orderLines.quantity})`.mapWith(Number),
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.specificationId)
    .orderBy(asc(orderLines.specificationId));
  for (const { specificationId, quantity } of quantities) {
    await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} + ${quantity}` })
      .where(eq(productSizes.id, specificationId));
  }
}

/**
 * The statement that counts the units of the orders `orderIds` selects as sold, for a CTE: one
 * update, with the goods rows locked in id order first (the array is computed before the update runs).
 */
export function countSoldSql(orderIds: SQL): SQL {
  return sql`
    update ${products} set sold_count = ${products.soldCount} + sold.quantity
    from (select goods_id, sum(quantity)::int as quantity from ${orderLines} where order_id in ${orderIds} group by goods_id) sold
    where ${products.id} = sold.goods_id
      and ${products.id} = any(array(select id from ${products} where id in (select goods_id from ${orderLines} where order_id in ${orderIds}) order by id for no key update))`;
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
      .update(products)
      .set({ soldCount: sql`greatest(${products.soldCount} + ${direction * quantity}, 0)` })
      .where(eq(products.id, goodsId));
  }
}

/** Closes the orders `which` selects that still await payment, returning their stock; answers their ids. */
export async function closeAwaitingPayment(tx: Executor, which: SQL, now: Date): Promise<number[]> {
  const closed = await tx
    .update(orders)
    .set({ status: OrderStatus.Closed, cancelledAt: now })
    .where(and(which, inArray(orders.status, awaitingPayment)))
    .returning({ id: orders.id });
  const ids = closed.map((order) => order.id);
  await releaseStock(tx, ids);
  return ids;
}
