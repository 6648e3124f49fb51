import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { areaNames } from '@/features/delivery/delivery-areas';
import * as ErrorCode from '@/lib/error-codes';
import { currencySymbols, type Language } from '@/lib/locale';
import type { ShopDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { productTexts, orderEvents, orderLines, orders, productSizeTexts } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import type { PaymentProvider } from '@/server/payments/provider';
import type { OrderStatusValue } from '@/lib/order-status';
import type {
  OrderDetails,
  OrderLine,
  OrderListQuery,
  OrderPage,
  OrderStatusInfo,
  OrderSummary,
} from './orders.schema';

/*
 * Reading orders. Every customer-facing read is scoped to the signed-in customer: someone else's
 * order answers exactly like a missing one (-214). See docs/decisions/014-orders-and-checkout.md.
 */

export type OrderRow = typeof orders.$inferSelect;

/** What the order services work with: the API's pieces and the active payment provider. */
export type OrderDeps = Pick<ShopDeps, 'db' | 'config' | 'logger' | 'mailer' | 'storage'> & {
  payments: PaymentProvider;
};

/** -214, HTTP 404: the same for an order that does not exist and one that is not the caller's. */
export const orderNotFound = () => new ShopError(ErrorCode.PaymentNotFound);

export async function findOwnOrder(db: Executor, userId: number, orderId: number): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw orderNotFound();
  return order;
}

export async function findOrder(db: Executor, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw orderNotFound();
  return order;
}

/** The columns of an order as `alias.column as "field"`, for raw statements whose rows `orderFromRow` reads. */
export const selectOrderColumns = (alias: SQL) =>
  sql.join(
    Object.entries(getTableColumns(orders)).map(
      ([field, column]) => sql`${alias}.${sql.identifier(column.name)} as ${sql.identifier(field)}`,
    ),
    sql`, `,
  );

/** An order from a raw row selected with `selectOrderColumns`, its values mapped as Drizzle maps them. */
export function orderFromRow(row: Record<string, unknown>): OrderRow {
  const columns = getTableColumns(orders) as Record<string, { mapFromDriverValue(value: unknown): unknown }>;
  return Object.fromEntries(
    Object.entries(columns).map(([field, column]) => [
      field,
      row[field] === null || row[field] === undefined ? null : column.mapFromDriverValue(row[field]),
    ]),
  ) as OrderRow;
}

export const statusOf = (order: OrderRow) => order.status as OrderStatusValue;

const isoOrNull = (time: Date | null) => time?.toISOString() ?? null;

export function toStatusInfo(order: OrderRow): OrderStatusInfo {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    kind: order.kind,
    status: order.status,
    currency: order.currency,
    symbol: currencySymbols[order.currency],
    payAmount: order.payAmount,
    expireTime: order.expiresAt.toISOString(),
    paymentNumber: order.paymentNumber,
    energyPoints: order.energyPoints,
  };
}

function toSummary(order: OrderRow, lines: OrderLine[], language: Language): OrderSummary {
  return {
    ...toStatusInfo(order),
    goodsTotal: order.goodsTotal,
    discountAmount: order.discountAmount,
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxAmount,
    taxIncluded: order.taxIncluded,
    taxLabel: order.taxLabel,
    shippingMethod: order.shippingMethod
      ? { name: order.shippingMethod.name[language], deliveryTime: order.shippingMethod.deliveryTime[language] }
      : null,
    createTime: order.createdAt.toISOString(),
    lines,
  };
}

/** A stored order line as the API shows it, named by the reader's texts where the product has them. */
export const lineView = ({
  line,
  goodsName,
  specificationName,
}: {
  line: typeof orderLines.$inferSelect;
  goodsName: string | null;
  specificationName: string | null;
}): OrderLine => ({
  goodsSpecificationId: line.specificationId,
  goodsId: line.goodsId,
  goodsName: goodsName ?? line.goodsName,
  specificationName: specificationName ?? line.specificationName,
  picture: line.picture,
  unitPrice: line.unitPrice,
  goodsQuantity: line.quantity,
});

/**
 * The lines of each order, in the order they were bought, named in `language` when the product still
 * has texts in it; the stored snapshot (the language of the moment of ordering) stays the record and
 * names the rest. Prices, pictures and quantities are always the snapshot's.
 */
export async function loadLines(
  db: Executor,
  orderIds: number[],
  language: Language,
): Promise<Map<number, OrderLine[]>> {
  const byOrder = new Map<number, OrderLine[]>(orderIds.map((orderId) => [orderId, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ line: orderLines, goodsName: productTexts.name, specificationName: productSizeTexts.name })
    .from(orderLines)
    .leftJoin(productTexts, and(eq(productTexts.goodsId, orderLines.goodsId), eq(productTexts.language, language)))
    .leftJoin(
      productSizeTexts,
      and(eq(productSizeTexts.specificationId, orderLines.specificationId), eq(productSizeTexts.language, language)),
    )
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const row of rows) byOrder.get(row.line.orderId)?.push(lineView(row));
  return byOrder;
}

export async function getOrderStatus(db: Executor, userId: number, orderId: number): Promise<OrderStatusInfo> {
  return toStatusInfo(await findOwnOrder(db, userId, orderId));
}

export async function getOrderDetails(
  db: Executor,
  userId: number,
  orderId: number,
  language: Language,
): Promise<OrderDetails> {
  return describeOrder(db, await findOwnOrder(db, userId, orderId), language);
}

/**
 * Everything the order details page shows; the address's country and state are named in `language`.
 * An order just placed passes its lines (named in `language`): it has no events yet, so nothing is read.
 */
export async function describeOrder(
  db: Executor,
  order: OrderRow,
  language: Language,
  placedLines?: OrderLine[],
): Promise<OrderDetails> {
  const [lines, events] = placedLines
    ? [new Map([[order.id, placedLines]]), []]
    : await Promise.all([
        loadLines(db, [order.id], language),
        db
          .select()
          .from(orderEvents)
          .where(eq(orderEvents.orderId, order.id))
          .orderBy(asc(orderEvents.occurredAt), asc(orderEvents.id)),
      ]);
  const address = order.deliveryAddress;
  return {
    ...toSummary(order, lines.get(order.id) ?? [], language),
    discountCode: order.discountCode,
    coupons: [],
    payMethod: order.payMethod,
    email: order.email,
    payTime: isoOrNull(order.paidAt),
    completeTime: isoOrNull(order.completedAt),
    cancelTime: isoOrNull(order.cancelledAt),
    refundTime: isoOrNull(order.refundedAt),
    delivery: {
      address: address ? { ...address, ...areaNames(address.country, address.state, language) } : null,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      shipTime: isoOrNull(order.shippedAt),
      signTime: isoOrNull(order.signedAt),
      events: events.map((event) => ({ time: event.occurredAt.toISOString(), text: event.text })),
    },
  };
}

/** One page of the orders `where` selects, newest first, and how many it selects in all. */
export async function ordersPage(
  db: Executor,
  where: SQL | undefined,
  { pageNum, pageSize }: { pageNum: number; pageSize: number },
) {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The customer's orders, newest first, optionally in one status; lines named in `language` (see loadLines). */
export async function queryOrderList(
  db: Executor,
  userId: number,
  query: OrderListQuery,
  language: Language,
): Promise<OrderPage> {
  const where = and(
    eq(orders.userId, userId),
    query.status === undefined ? undefined : eq(orders.status, query.status),
  );
  const { rows, total } = await ordersPage(db, where, query);
  const lines = await loadLines(
    db,
    rows.map((row) => row.id),
    language,
  );
  return {
    list: rows.map((row) => toSummary(row, lines.get(row.id) ?? [], language)),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}
