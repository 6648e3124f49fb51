import { and, asc, desc, eq, gt, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import {
  bumpCountersSql,
  countInWindow,
  judgeCounts,
  UNKNOWN_ADDRESS,
  type Count,
  type Counter,
} from '@/features/auth/rate-limit';
import * as ErrorCode from '@/lib/error-codes';
import type { Currency } from '@/lib/locale';
import type { Config } from '@/server/config';
import { executeShaped, rowsOf, type Database, type Executor } from '@/server/db/client';
import { orderLines, orders, payments, type DeliveryAddressSnapshot } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { closeAwaitingPayment } from '@/features/orders/order-stock';
import { awaitingPayment } from '@/lib/order-status';
import type { OrderRow } from '@/features/orders/orders.service';

/*
 * Stock held by unpaid orders (docs/decisions/075). An order reserves its units until it is paid or
 * closes, so orders nobody pays could keep a product sold out. What a customer and her client address
 * hold must stay within limits, and a checkout of the same cart again closes the customer's earlier
 * unpaid order and takes over its units (docs/decisions/091).
 */

type Checkout = {
  userId: number | undefined;
  address: string;
  items: { goodsSpecificationId: number; goodsQuantity: number }[];
};

/**
 * Refuses a checkout when the customer's unpaid orders and their units, with this one, would pass
 * UNPAID_ORDERS_PER_CUSTOMER or UNPAID_UNITS_PER_CUSTOMER (-252), or when her client address placed
 * ORDERS_PER_ADDRESS orders or ORDER_UNITS_PER_ADDRESS units in the rate limits' window (-9999, as any
 * rate limit). Her unpaid orders of exactly this checkout's sizes and quantities whose payment never
 * started do not count: she is checking out the same cart again, and the checkout closes them
 * (`releaseSuperseded`). Answers their ids (`supersedes`), and those of all her open orders of this
 * cart, payment started or not (`sameCart`: one may be this very checkout, decision 079). One
 * statement reads what she holds and bumps her address's counters, so a checkout refused for her
 * unpaid orders still counts as one of the address's attempts.
 */
export async function checkUnpaidLimits(
  deps: { db: Database; config: Pick<Config, 'orders' | 'limits'> },
  checkout: Checkout,
): Promise<{ supersedes: number[]; sameCart: number[] }> {
  const { db, config } = deps;
  const limits = config.orders.unpaid;
  const units = checkout.items.reduce((sum, item) => sum + item.goodsQuantity, 0);
  const counters: Counter[] =
    checkout.address === UNKNOWN_ADDRESS
      ? []
      : [
          { key: `checkout:ip:${checkout.address}`, limit: limits.ordersPerAddress },
          { key: `checkout-units:ip:${checkout.address}`, limit: limits.unitsPerAddress, by: units },
        ];
  if (checkout.userId === undefined) {
    if (counters.length > 0) await countInWindow(db, config.limits, counters);
    return { supersedes: [], sameCart: [] };
  }
  // The address's counters are bumped in the same statement (one round trip less per checkout). Its
  // text is built once per shape: with or without counters, in the window's length.
  const seconds = config.limits.rateLimitWindowSeconds;
  const counted = () =>
    counters.length > 0
      ? bumpCountersSql(
          db,
          config.limits,
          counters.map((_, index) => ({ key: sql.placeholder(`key${index}`), by: sql.placeholder(`by${index}`) })),
        )
      : sql`select null::text as key, null::int as hits where false`;
  const [held] = rowsOf<{
    superseded: number[] | null;
    sameCart: number[] | null;
    orders: number;
    units: number;
    counts: Count[];
  }>(
    await executeShaped(
      db,
      `unpaid-limits ${counters.length} ${seconds}`,
      () => sql`
        with counted as (${counted()})
        select array_agg(id) filter (where superseded) as superseded,
               array_agg(id) filter (where same_cart) as "sameCart",
               count(*) filter (where not superseded)::int as orders,
               coalesce(sum(units) filter (where not superseded), 0)::int as units,
               (select coalesce(json_agg(json_build_object('key', key, 'hits', hits)), '[]'::json) from counted) as counts
        from (
          select ${orders.id} as id,
                 (select coalesce(sum(quantity), 0) from ${orderLines} where order_id = ${orders.id}) as units,
                 ${orders.kind} = 'goods' and not exists (select 1 from ${payments} where order_id = ${orders.id}) and ${cartOf(sql`${orders.id}`)} = ${sql.placeholder('cart')}::jsonb as superseded,
                 ${orders.kind} = 'goods' and ${cartOf(sql`${orders.id}`)} = ${sql.placeholder('cart')}::jsonb as same_cart
          from ${orders}
          where ${orders.userId} = ${sql.placeholder('userId')} and ${inArray(orders.status, awaitingPayment)}
        ) held`,
      {
        userId: checkout.userId,
        cart: sameCart(checkout.items),
        ...Object.fromEntries(
          counters.flatMap(({ key, by = 1 }, index) => [
            [`key${index}`, key],
            [`by${index}`, by],
          ]),
        ),
      },
    ),
  );
  if ((held?.orders ?? 0) + 1 > limits.ordersPerCustomer || (held?.units ?? 0) + units > limits.unitsPerCustomer) {
    throw new ShopError(ErrorCode.TooManyUnpaidOrders, {
      data: { ordersPerCustomer: limits.ordersPerCustomer, unitsPerCustomer: limits.unitsPerCustomer },
    });
  }
  await judgeCounts(db, config.limits, counters, held?.counts ?? []);
  return { supersedes: held?.superseded ?? [], sameCart: held?.sameCart ?? [] };
}

/**
 * Closes the unpaid orders a checkout of the same cart supersedes (`checkUnpaidLimits`) whose payment
 * has still not started, returning their stock, in the checkout's transaction, so a refused checkout
 * keeps them. `handOver`, locked with them, is left to the checkout's statement, which hands its units
 * to the new order (docs/decisions/091). The orders are locked first, in id order, as every
 * concurrent checkout of the same cart locks them: two never wait for each other's.
 */
export async function releaseSuperseded(
  tx: Executor,
  orderIds: number[],
  handOver: number | null = null,
  now = new Date(),
): Promise<void> {
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.id, handOver === null ? orderIds : [...orderIds, handOver]))
    .orderBy(asc(orders.id))
    .for('no key update');
  await closeAwaitingPayment(
    tx,
    and(
      inArray(orders.id, orderIds),
      notExists(tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orders.id))),
    )!,
    now,
  );
}

/** What a checkout would place, as compared with the customer's open orders (`findOpenOrderLikeThis`). */
type PlacedCheckout = {
  /** Her open orders of the same sizes and quantities (`checkUnpaidLimits`'s `sameCart`). */
  sameCart: number[];
  userId: number;
  currency: Currency;
  payAmount: number;
  deliveryAddress: DeliveryAddressSnapshot;
  /** The method named at checkout (null: the zone's first, as the order has it). */
  shippingMethodId: number | null;
  discountCode: string | null;
};

/**
 * The customer's open unpaid order (payment started or not, not yet expired) of exactly this checkout:
 * the same sizes and quantities, currency, delivery address, shipping method, discount code and total.
 * Placing the order again answers it instead of adding another "Payment pending" order; paying it
 * starts a new attempt that supersedes any earlier one (`startPayment`). docs/decisions/079
 */
export async function findOpenOrderLikeThis(
  db: Executor,
  checkout: PlacedCheckout,
  now: Date,
): Promise<OrderRow | null> {
  if (checkout.sameCart.length === 0) return null;
  const [open] = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.id, checkout.sameCart),
        eq(orders.userId, checkout.userId),
        eq(orders.kind, 'goods'),
        inArray(orders.status, awaitingPayment),
        gt(orders.expiresAt, now),
        eq(orders.currency, checkout.currency),
        eq(orders.payAmount, checkout.payAmount),
        sql`${orders.deliveryAddress} = ${JSON.stringify(checkout.deliveryAddress)}::jsonb`,
        // Without a method named, the zone's first: whichever the open order has.
        ...(checkout.shippingMethodId === null
          ? []
          : [sql`(${orders.shippingMethod} ->> 'shippingMethodId')::int = ${checkout.shippingMethodId}::int`]),
        sql`${orders.discountCode} is not distinct from ${checkout.discountCode}::text`,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return open ?? null;
}

/** An order's sizes and quantities as `[[size, quantity], …]` by size, for comparing carts. */
const cartOf = (orderId: SQL) =>
  sql`(select jsonb_agg(jsonb_build_array(specification_id, quantity) order by specification_id) from (select specification_id, sum(quantity)::int as quantity from ${orderLines} where order_id = ${orderId} group by specification_id) line)`;

function sameCart(items: Checkout['items']): string {
  const quantities = new Map<number, number>();
  for (const item of items)
    quantities.set(
      Math.trunc(item.goodsSpecificationId),
      (quantities.get(Math.trunc(item.goodsSpecificationId)) ?? 0) + Math.trunc(item.goodsQuantity),
    );
  return JSON.stringify([...quantities].sort(([a], [b]) => a - b));
}
