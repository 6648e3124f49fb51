// Kept in one file: the buyer's checks, the same checkout placed again and the one placing statement are read
// together; apart, the statement's parts would be read away from the rules they serve.
import { inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { normalizeCode } from '@/features/auth/auth';
import { insertCustomer, prepareCustomer } from '@/features/auth/auth.service';
import type { User } from '@/features/auth/session';
import type { CatalogueReader } from '@/features/catalogue/catalogue-products.service';
import * as ErrorCode from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import { executeShaped, refusalOf, rowsOf, type Executor } from '@/server/db/client';
import { cartLines, products, orderLines, orders, payments, productSizes } from '@/server/db/schema';
import { ShopError, invalidInput } from '@/server/http/errors';
import { combineLines, reserveSizesSql, sizesArray } from '@/features/orders/order-stock';
import { OrderStatus, awaitingPayment } from '@/lib/order-status';
import type { CreateOrderBody, OrderLine } from '@/features/orders/orders.schema';
import { orderFromRow, selectOrderColumns, type OrderDeps, type OrderRow } from '@/features/orders/orders.service';
import { checkPayMethod, checkShopCurrency } from '@/features/payments/pay-methods';
import { findOpenOrderLikeThis } from './unpaid-limits';
import { addressValues, keepCheckoutAddress, keepFirstAddressSql } from '@/features/delivery/delivery.service';
import { checkSalesRules, readSalesRuleBook } from '@/features/sales-rules/sales-rules.service';
import { checkAgeAssurance } from '@/features/sales-rules/age-checks.service';
import type { NewAddressBody } from '@/features/delivery/delivery.schema';
import { drawOrderNo } from '@/features/orders/insert-order';
import { chargeFor, deliveryAddressOf, discountOrder, priceCheckout, type Buyer, type PricedLine } from './quote-order';

/*
 * Checkout: everything the browser sends is checked again and priced here; the order, its lines, the
 * stock reservation, the removal from the cart and the address typed at checkout are one statement
 * (with a guest's new account, one transaction), so any refusal leaves nothing behind. See
 * docs/decisions/014-orders-and-checkout.md and 060-checkout-in-one-statement.md.
 */

/**
 * The buyer: the signed-in customer, or a guest giving an email and a new password (-212 without
 * them; -201, -203/-204, -202 as at registration). The guest's name is the delivery address's.
 */
async function identifyBuyer(
  deps: Pick<OrderDeps, 'db' | 'config'>,
  body: CreateOrderBody,
  signedIn: User | undefined,
  language: Language,
): Promise<Buyer> {
  if (signedIn) return { user: signedIn };
  if (!body.email || !body.password) throw new ShopError(ErrorCode.LoginRequired);
  if (!body.deliveryAddress) throw invalidInput('deliveryAddress');
  const { firstName, lastName } = body.deliveryAddress;
  return {
    guest: await prepareCustomer(
      deps,
      { firstName, lastName, email: body.email, password: body.password, refereeCode: body.refereeCode },
      language,
    ),
  };
}

/**
 * The same checkout placed again (docs/decisions/079): the signed-in customer's open unpaid order of the
 * same cart (`sameCart`, from `checkUnpaidLimits`), currency, delivery address, shipping method and
 * discount code, at the very total she confirms (`expectedPayAmount`), or null. Read before pricing:
 * that order holds the stock the new one would need.
 */
export async function findSameCheckout(
  db: Executor,
  reader: Pick<CatalogueReader, 'currency'>,
  body: CreateOrderBody,
  signedIn: User | undefined,
  sameCart: number[],
  now = new Date(),
): Promise<OrderRow | null> {
  if (!signedIn || sameCart.length === 0 || body.expectedPayAmount === undefined) return null;
  const deliveryAddress = await deliveryAddressOf(db, body, { user: signedIn }).catch(() => null);
  if (!deliveryAddress) return null;
  return findOpenOrderLikeThis(
    db,
    {
      sameCart,
      userId: signedIn.id,
      currency: reader.currency,
      payAmount: body.expectedPayAmount,
      deliveryAddress,
      shippingMethodId: body.shippingMethodId ?? null,
      discountCode: normalizeCode(body.discountCode ?? '') || null,
    },
    now,
  );
}

/**
 * Places an order in status 2 (payment pending) that closes unpaid after ORDER_PAYMENT_MINUTES. Prices
 * are the catalogue's in the reader's language and currency; the customer pays the goods total less
 * the friend discount of a valid discount code, plus the shipping and tax of the delivery address
 * (a total other than `expectedPayAmount`, when given, places nothing). Answers the order and its customer (new for a guest).
 */
export async function placeOrder(
  deps: OrderDeps,
  reader: CatalogueReader,
  body: CreateOrderBody,
  signedIn: User | undefined,
  {
    now = new Date(),
    browserHash = null,
    handOver = null,
  }: {
    now?: Date;
    /** The hash of the browser it is placed from (`shop_browser`), kept on a referred order for the self-referral check. */
    browserHash?: string | null;
    /** The customer's unpaid order of this same cart that this one supersedes, its payment never started (`checkUnpaidLimits`). */
    handOver?: number | null;
  } = {},
): Promise<{ order: OrderRow; user: User; lines: OrderLine[] }> {
  const { db, config } = deps;
  checkShopCurrency(deps, reader.currency);
  checkPayMethod(deps, body.payMethod, reader.currency);
  const lines = await priceCheckout(reader, body.items, true);
  const buyer = await identifyBuyer(deps, body, signedIn, reader.language);
  const deliveryAddress = await deliveryAddressOf(db, body, buyer);
  const discounted = await discountOrder(
    deps,
    lines,
    body.discountCode,
    'user' in buyer ? { id: buyer.user.id, email: buyer.user.email } : { email: body.email },
  );
  const { discountOwner } = discounted;
  const { totals, shippingMethod } = await chargeFor(deps, reader, discounted.totals, {
    country: deliveryAddress.country,
    state: deliveryAddress.state,
    shippingMethodId: body.shippingMethodId,
  });
  const book = await readSalesRuleBook({ db, cache: reader.cache });
  checkSalesRules(book, lines, deliveryAddress, body.payMethod);
  await checkAgeAssurance(db, book, deliveryAddress, 'user' in buyer ? buyer.user.id : undefined);
  if (body.expectedPayAmount !== undefined && body.expectedPayAmount !== totals.payAmount) {
    throw new ShopError(ErrorCode.IllegalRequest, {
      field: 'expectedPayAmount',
      message: 'order.total.changed',
      data: { field: 'expectedPayAmount', reason: 'total-changed', payAmount: totals.payAmount },
    });
  }

  const order = (user: User) => ({
    values: {
      userId: user.id,
      kind: 'goods' as const,
      status: OrderStatus.PaymentPending,
      currency: reader.currency,
      ...totals,
      shippingMethod,
      discountCode: discountOwner?.shareCode ?? null,
      // The rebate seam: the referral issue credits this customer when the order completes.
      rebateBeneficiaryId: discountOwner?.id ?? user.referrerId ?? null,
      browserHash: (discountOwner?.id ?? user.referrerId) ? browserHash : null,
      payMethod: body.payMethod,
      email: user.email,
      language: user.language,
      deliveryAddress,
      expiresAt: new Date(now.getTime() + config.orders.paymentMinutes * 60_000),
    },
    lines,
    now,
  });
  // As loadLines would read them back: named in the reader's language, priced as ordered.
  const placedLines = lines.map((line) => ({
    goodsSpecificationId: line.goodsSpecificationId,
    goodsId: line.goodsId,
    goodsName: line.goodsName,
    specificationName: line.specificationName,
    picture: line.picture,
    unitPrice: line.unitPrice,
    goodsQuantity: line.goodsQuantity,
  }));

  // A signed-in customer's order is one statement, atomic without a transaction. A guest's account,
  // and an address asked to become the default (which locks the customer's addresses), need one.
  if ('user' in buyer && body.deliveryAddress?.isDefault !== true) {
    const { user } = buyer;
    return {
      order: await insertPlacedOrder(db, {
        ...order(user),
        keepAddress: body.deliveryAddress,
        keepCart: body.buyNow,
        handOver,
      }),
      user,
      lines: placedLines,
    };
  }
  return db.transaction(async (tx) => {
    const user = 'user' in buyer ? buyer.user : await insertCustomer(tx, buyer.guest);
    const placed = await insertPlacedOrder(tx, { ...order(user), keepCart: body.buyNow, handOver });
    if (body.deliveryAddress) await keepCheckoutAddress(tx, user.id, body.deliveryAddress);
    return { order: placed, user, lines: placedLines };
  });
}

/**
 * One statement for the order, its lines, the stock they take, their removal from the cart (not for
 * "Buy now", `keepCart`: it buys beside the cart) and
 * (`keepAddress`) the address typed at checkout kept as the customer's first, under a freshly drawn
 * number (drawn again on the rare clash, when nothing was written). A single statement is atomic, so
 * when any line cannot be reserved nothing at all is written: that line's order line would name no
 * size, which its NOT NULL refuses, and the statement fails (answered -231).
 *
 * Each part after the order starts only once the reservation has locked its sizes (in id order):
 * what concurrent checkouts wait for is always taken in the same order, and never held past the
 * statement.
 *
 * `handOver`, the customer's unpaid order of this same cart (payment never started), closes in the
 * same statement and hands its units to the new order: the stock does not move, so checking out the
 * same cart again locks no size (docs/decisions/091). When it has closed or started paying meanwhile,
 * the units are reserved as for any order.
 */
async function insertPlacedOrder(
  db: Executor,
  {
    values,
    lines,
    now,
    keepAddress,
    keepCart = false,
    handOver = null,
  }: {
    values: Omit<typeof orders.$inferInsert, 'orderNo'>;
    lines: PricedLine[];
    now: Date;
    keepAddress?: NewAddressBody | undefined;
    keepCart?: boolean | undefined;
    handOver?: number | null;
  },
): Promise<OrderRow> {
  const orderedLines = lines.map((line) => ({
    specification_id: line.goodsSpecificationId,
    goods_id: line.goodsId,
    goods_name: line.goodsName,
    specification_name: line.specificationName,
    picture: line.picture,
    unit_price: line.unitPrice,
    quantity: line.goodsQuantity,
  }));
  const wanted = combineLines(
    lines.map((line) => ({ specificationId: line.goodsSpecificationId, quantity: line.goodsQuantity })),
  );
  const columns = (Object.keys(values) as (keyof typeof values)[]).filter((column) => values[column] !== undefined);
  const shape = { handOver: handOver !== null, keepCart, keepAddress: keepAddress !== undefined, columns };
  const parameters: Record<string, unknown> = {
    ...Object.fromEntries(columns.map((column) => [column, values[column]])),
    ...(keepAddress ? prefixed('address_', addressValues(keepAddress)) : {}),
    now,
    createdAt: now,
    handOver,
    lines: JSON.stringify(orderedLines),
    sizes: sizesArray([...wanted.keys()]),
    quantities: sizesArray([...wanted.values()]),
  };
  // Drawn again on the rare clash of order numbers (nothing is written then); a deadlock is run again by `executeShaped`.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let rows: Record<string, unknown>[];
    try {
      rows = rowsOf<Record<string, unknown>>(
        await executeShaped(db, `place-order ${JSON.stringify(shape)}`, () => placingStatement(db, shape), {
          ...parameters,
          orderNo: drawOrderNo(now),
        }),
      );
    } catch (error) {
      const refusal = refusalOf(error);
      if (
        refusal?.code === NOT_NULL_VIOLATION &&
        refusal.table === 'order_lines' &&
        refusal.column === 'specification_id'
      ) {
        throw new ShopError(ErrorCode.InsufficientStock);
      }
      throw error;
    }
    if (rows[0]) return orderFromRow(rows[0]);
  }
  throw new Error('no free order number after 5 draws');
}

const prefixed = (prefix: string, values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}${key}`, value]));

/** Names each of `keys` as a placeholder of the same name (with `prefix`). */
const placeholders = <K extends string>(keys: readonly K[], prefix = '') =>
  Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}${key}`)])) as Record<K, Placeholder>;

/** The order's statement (`insertPlacedOrder`) for one shape, every value a placeholder. */
function placingStatement(
  db: Executor,
  shape: { handOver: boolean; keepCart: boolean; keepAddress: boolean; columns: (keyof typeof orders.$inferInsert)[] },
): SQL {
  const value = placeholders(['now', 'createdAt', 'handOver', 'lines', 'sizes', 'quantities', 'orderNo', 'userId']);
  const takenAny = sql`exists (select 1 from taken)`;
  const handed = shape.handOver
    ? sql`update ${orders} set status = ${OrderStatus.Closed}, cancelled_at = ${value.now}
        where ${orders.id} = ${value.handOver} and ${orders.userId} = ${value.userId} and ${orders.kind} = 'goods'
          and ${inArray(orders.status, awaitingPayment)}
          and not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id})
        returning ${orders.id}`
    : sql`select null::int as id where false`;
  const order = {
    ...placeholders(shape.columns),
    orderNo: value.orderNo,
    createdAt: value.createdAt,
  } as unknown as typeof orders.$inferInsert;
  const address = {
    userId: value.userId,
    ...placeholders(
      ['firstName', 'lastName', 'country', 'state', 'city', 'address', 'address2', 'zipCode', 'phone'] as const,
      'address_',
    ),
  };
  return sql`
    with handed as (
      ${handed}
    ), placed as (
      ${db.insert(orders).values(order).onConflictDoNothing({ target: orders.orderNo }).returning().getSQL()}
    ), reserved as (
      ${reserveSizesSql(value.sizes, value.quantities, sql`exists (select 1 from placed) and not exists (select 1 from handed)`)}
    ), kept as (
      select ${productSizes.id} from ${productSizes} join ${products} on ${products.id} = ${productSizes.goodsId}
      where exists (select 1 from placed) and exists (select 1 from handed) and ${productSizes.id} = any(${value.sizes}::int[]) and ${products.onSale}
    ), taken as (
      select id from reserved union all select id from kept
    ), placed_lines as (
      insert into ${orderLines} (order_id, specification_id, goods_id, goods_name, specification_name, picture, unit_price, quantity)
      select placed.id, taken.id, line.goods_id, line.goods_name, line.specification_name, line.picture, line.unit_price, line.quantity
      from placed, jsonb_to_recordset(${value.lines}::jsonb)
          as line(specification_id int, goods_id int, goods_name text, specification_name text, picture text, unit_price int, quantity int)
        left join taken on taken.id = line.specification_id
    )${
      shape.keepCart
        ? sql``
        : sql`, emptied as (
      delete from ${cartLines} where ${takenAny} and user_id = ${value.userId} and specification_id = any(${value.sizes}::int[])
    )`
    }${shape.keepAddress ? sql`, kept_address as (${keepFirstAddressSql(address, takenAny)})` : sql``}
    select ${selectOrderColumns(sql`placed`)} from placed`;
}

const NOT_NULL_VIOLATION = '23502';
