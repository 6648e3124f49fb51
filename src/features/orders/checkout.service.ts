import { and, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { normalizeCode } from '@/features/auth/auth';
import { drawCode, findUserByCode, insertCustomer, prepareCustomer, type NewCustomer } from '@/features/auth/auth.service';
import type { User } from '@/features/auth/session';
import { priceItems } from '@/features/cart/cart.service';
import type { CartLine } from '@/features/cart/cart.schema';
import type { CatalogReader } from '@/features/catalog/catalog.service';
import * as ErrorCode from '@/lib/error-codes';
import { currencySymbols, type Language } from '@/lib/locale';
import { executeShaped, refusalOf, rowsOf, type Executor } from '@/server/db/client';
import { addresses, cartLines, goods, orderLines, orders, payments, specifications, users, type DeliveryAddressSnapshot } from '@/server/db/schema';
import { ShopError, invalidInput } from '@/server/http/errors';
import { combineLines, reserveSizesSql, sizesArray } from './order-stock';
import { OrderStatus, awaitingPayment, totalOrder, type OrderTotals } from './orders';
import type { CreateOrderBody, OrderLine, OrderQuote, QuoteOrderBody, ReferralDiscount } from './orders.schema';
import { orderFromRow, selectOrderColumns, type OrderDeps, type OrderRow } from './orders.service';
import { checkPayMethod, checkShopCurrency } from './payments.service';
import { findOpenOrderLikeThis } from './unpaid-limits';
import { addressValues, keepCheckoutAddress, keepFirstAddressSql } from '@/features/delivery/delivery.service';
import { chargeOrder } from '@/features/shipping/charges';
import { priceDelivery, type Destination } from '@/features/shipping/shipping.service';
import { checkSalesRules, readSalesRuleBook, refusedPayMethods } from '@/features/sales-rules/sales-rules.service';
import { checkAgeAssurance, missingAgeCheck } from '@/features/sales-rules/age-checks.service';
import { payMethods } from './orders';
import type { NewAddressBody } from '@/features/delivery/delivery.schema';
import { sameMailbox } from '@/features/auth/auth';

/*
 * Checkout: everything the browser sends is checked again and priced here; the order, its lines, the
 * stock reservation, the removal from the cart and the address typed at checkout are one statement
 * (with a guest's new account, one transaction), so any refusal leaves nothing behind. See
 * docs/decisions/014-orders-and-checkout.md and 060-checkout-in-one-statement.md.
 */

/** Who is checking out: a signed-in customer, or a guest whose account is created with the order. */
type Buyer = { user: User } | { guest: NewCustomer };

type PricedLine = CartLine & { unitPrice: number };

/**
 * -210 unknown, -231 taken down or short of stock, -222 not sold in the request's currency. `placing`:
 * the stock is left to the order's statement, which reserves it as it is then (or takes over the units
 * the customer's earlier order of this very cart holds, `insertPlacedOrder`) and answers -231 when
 * short, so it is not read before.
 */
async function priceCheckout(reader: CatalogReader, items: CreateOrderBody['items'], placing = false): Promise<PricedLine[]> {
  const { list } = await priceItems(reader, items, 'refuse', placing ? 'kept' : 'live');
  return list.map((line) => {
    if (!line.onSale || (!placing && line.stock < line.goodsQuantity)) throw new ShopError(ErrorCode.InsufficientStock);
    if (line.unitPrice === null) throw new ShopError(ErrorCode.CurrencyNotPayable);
    return { ...line, unitPrice: line.unitPrice };
  });
}

/** The address to ship to: typed at checkout, or one of the customer's own (someone else's answers like a missing one). */
async function deliveryAddressOf(db: Executor, body: CreateOrderBody, buyer: Buyer): Promise<DeliveryAddressSnapshot> {
  if (body.deliveryAddress) return addressValues(body.deliveryAddress);
  const [saved] =
    'user' in buyer && body.addressId !== undefined
      ? await db.select().from(addresses).where(and(eq(addresses.id, body.addressId), eq(addresses.userId, buyer.user.id)))
      : [];
  if (!saved) throw new ShopError(ErrorCode.IllegalRequest, { field: 'addressId', status: 404 });
  return addressValues(saved);
}

/**
 * The owner of a discount code: another customer's share code, in any letter case. Unknown codes
 * (and codes of disabled accounts) and the buyer's own code answer -218 naming `discountCode`.
 */
async function findDiscountOwner(db: Executor, code: string | undefined, buyer: BuyerIdentity): Promise<User | null> {
  const shareCode = normalizeCode(code ?? '');
  if (shareCode === '') return null;
  const [owner] = await db.select().from(users).where(and(eq(users.shareCode, shareCode), isNull(users.disabledAt)));
  if (!owner) throw new ShopError(ErrorCode.IllegalRequest, { field: 'discountCode', message: 'order.discountCode.unknown', data: { field: 'discountCode', reason: 'unknown-code' } });
  // The buyer's own code, or the code of another account of the same mailbox (self-referral).
  if (owner.id === buyer.id || (buyer.email && sameMailbox(owner.email, buyer.email))) {
    throw new ShopError(ErrorCode.IllegalRequest, { field: 'discountCode', message: 'order.discountCode.own', data: { field: 'discountCode', reason: 'own-code' } });
  }
  return owner;
}

type DiscountedOrder = { discountOwner: User | null; totals: OrderTotals };

/**
 * The goods total less discount priced for a destination: its shipping (the chosen method) and tax,
 * and what is due. The quote and the order share it, so the figures shown are the figures charged.
 */
async function chargeFor(deps: Pick<OrderDeps, 'db'>, reader: CatalogReader, totals: OrderTotals, destination: Destination) {
  const delivery = await priceDelivery({ db: deps.db, cache: reader.cache }, reader.currency, reader.language, totals.goodsTotal - totals.discountAmount, destination);
  const { choices, shippingMethod, ...charges } = delivery;
  return { totals: { ...totals, ...charges }, choices, shippingMethod };
}

/**
 * The one discount rule of checkout, for the quote and for the order: priced lines less the friend
 * discount of a valid discount code (-218 naming `discountCode` otherwise).
 */
/** Who buys, as far as known: the signed-in customer, or a guest's email. */
type BuyerIdentity = { id?: number | undefined; email?: string | undefined };

async function discountOrder(deps: Pick<OrderDeps, 'db' | 'config'>, lines: PricedLine[], discountCode: string | undefined, buyer: BuyerIdentity): Promise<DiscountedOrder> {
  const discountOwner = await findDiscountOwner(deps.db, discountCode, buyer);
  const totals = totalOrder(
    lines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.goodsQuantity })),
    discountOwner ? deps.config.referral.friendDiscountPercent : 0,
  );
  return { discountOwner, totals };
}

/** What an order of these items with this code would cost, without placing it (nothing is reserved). */
export async function quoteOrder(deps: Pick<OrderDeps, 'db' | 'config'>, reader: CatalogReader, body: QuoteOrderBody, signedIn: User | undefined): Promise<OrderQuote> {
  checkShopCurrency(deps, reader.currency);
  const lines = await priceCheckout(reader, body.items);
  const discounted = await discountOrder(deps, lines, body.discountCode, { id: signedIn?.id, email: signedIn?.email });
  const { totals, choices, shippingMethod } = body.country
    ? await chargeFor(deps, reader, discounted.totals, { country: body.country, state: body.state ?? '', shippingMethodId: body.shippingMethodId })
    : { totals: { ...discounted.totals, ...chargeOrder(discounted.totals.payAmount, 0, null) }, choices: [], shippingMethod: null };
  // The destination is known to the shop now (chargeFor refused one it does not know): -260 for lines not sold there.
  const where = body.country ? { country: body.country, state: body.state ?? '' } : null;
  const book = where ? await readSalesRuleBook({ db: deps.db, cache: reader.cache }) : null;
  if (book && where) checkSalesRules(book, lines, where);
  return {
    currency: reader.currency,
    symbol: currencySymbols[reader.currency],
    ...totals,
    shippingMethods: choices,
    shippingMethodId: shippingMethod?.shippingMethodId ?? null,
    discountCode: discounted.discountOwner?.shareCode ?? null,
    refusedPayMethods: book && where ? (refusedPayMethods(book, payMethods, lines, where) as OrderQuote['refusedPayMethods']) : [],
    ageCheckProvider: book && where ? await missingAgeCheck(deps.db, book, where, signedIn?.id) : null,
  };
}

/**
 * The code checkout starts with (docs/decisions/025-checkout-discount-and-addresses.md): the share
 * code behind the code the visitor arrived with (a share or personal code), else the share code of
 * the customer who referred the signed-in buyer. Never the buyer's own, nor a disabled customer's.
 */
export async function referralDiscountCode(db: Executor, refereeCode: string | undefined, signedIn: User | undefined): Promise<ReferralDiscount> {
  const usable = (owner: User | undefined) => (owner && !owner.disabledAt && owner.id !== signedIn?.id ? owner : undefined);
  const arrivedWith = usable(refereeCode ? await findUserByCode(db, refereeCode) : undefined);
  const [referrer] = !arrivedWith && signedIn?.referrerId ? await db.select().from(users).where(eq(users.id, signedIn.referrerId)) : [];
  return { discountCode: (arrivedWith ?? usable(referrer))?.shareCode ?? null };
}

/**
 * The buyer: the signed-in customer, or a guest giving an email and a new password (-212 without
 * them; -201, -203/-204, -202 as at registration). The guest's name is the delivery address's.
 */
async function identifyBuyer(deps: Pick<OrderDeps, 'db' | 'config'>, body: CreateOrderBody, signedIn: User | undefined, language: Language): Promise<Buyer> {
  if (signedIn) return { user: signedIn };
  if (!body.email || !body.password) throw new ShopError(ErrorCode.LoginRequired);
  if (!body.deliveryAddress) throw invalidInput('deliveryAddress');
  const { firstName, lastName } = body.deliveryAddress;
  return { guest: await prepareCustomer(deps, { firstName, lastName, email: body.email, password: body.password, refereeCode: body.refereeCode }, language) };
}

/**
 * The same checkout placed again (docs/decisions/079): the signed-in customer's open unpaid order of the
 * same cart (`sameCart`, from `checkUnpaidLimits`), currency, delivery address, shipping method and
 * discount code, at the very total she confirms (`expectedPayAmount`), or null. Read before pricing:
 * that order holds the stock the new one would need.
 */
export async function findSameCheckout(db: Executor, reader: Pick<CatalogReader, 'currency'>, body: CreateOrderBody, signedIn: User | undefined, sameCart: number[], now = new Date()): Promise<OrderRow | null> {
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
  reader: CatalogReader,
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
  const discounted = await discountOrder(deps, lines, body.discountCode, 'user' in buyer ? { id: buyer.user.id, email: buyer.user.email } : { email: body.email });
  const { discountOwner } = discounted;
  const { totals, shippingMethod } = await chargeFor(deps, reader, discounted.totals, { country: deliveryAddress.country, state: deliveryAddress.state, shippingMethodId: body.shippingMethodId });
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
    return { order: await insertPlacedOrder(db, { ...order(user), keepAddress: body.deliveryAddress, keepCart: body.buyNow, handOver }), user, lines: placedLines };
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
  }: { values: Omit<typeof orders.$inferInsert, 'orderNo'>; lines: PricedLine[]; now: Date; keepAddress?: NewAddressBody | undefined; keepCart?: boolean | undefined; handOver?: number | null },
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
  const wanted = combineLines(lines.map((line) => ({ specificationId: line.goodsSpecificationId, quantity: line.goodsQuantity })));
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
      rows = rowsOf<Record<string, unknown>>(await executeShaped(db, `place-order ${JSON.stringify(shape)}`, () => placingStatement(db, shape), { ...parameters, orderNo: drawOrderNo(now) }));
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.code === NOT_NULL_VIOLATION && refusal.table === 'order_lines' && refusal.column === 'specification_id') {
        throw new ShopError(ErrorCode.InsufficientStock);
      }
      throw error;
    }
    if (rows[0]) return orderFromRow(rows[0]);
  }
  throw new Error('no free order number after 5 draws');
}

const prefixed = (prefix: string, values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}${key}`, value]));

/** Names each of `keys` as a placeholder of the same name (with `prefix`). */
const placeholders = <K extends string>(keys: readonly K[], prefix = '') => Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}${key}`)])) as Record<K, Placeholder>;

/** The order's statement (`insertPlacedOrder`) for one shape, every value a placeholder. */
function placingStatement(db: Executor, shape: { handOver: boolean; keepCart: boolean; keepAddress: boolean; columns: (keyof typeof orders.$inferInsert)[] }): SQL {
  const value = placeholders(['now', 'createdAt', 'handOver', 'lines', 'sizes', 'quantities', 'orderNo', 'userId']);
  const takenAny = sql`exists (select 1 from taken)`;
  const handed = shape.handOver
    ? sql`update ${orders} set status = ${OrderStatus.Closed}, cancelled_at = ${value.now}
        where ${orders.id} = ${value.handOver} and ${orders.userId} = ${value.userId} and ${orders.kind} = 'goods'
          and ${inArray(orders.status, awaitingPayment)}
          and not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id})
        returning ${orders.id}`
    : sql`select null::int as id where false`;
  const order = { ...placeholders(shape.columns), orderNo: value.orderNo, createdAt: value.createdAt } as unknown as typeof orders.$inferInsert;
  const address = { userId: value.userId, ...placeholders(['firstName', 'lastName', 'country', 'state', 'city', 'address', 'address2', 'zipCode', 'phone'] as const, 'address_') };
  return sql`
    with handed as (
      ${handed}
    ), placed as (
      ${db.insert(orders).values(order).onConflictDoNothing({ target: orders.orderNo }).returning().getSQL()}
    ), reserved as (
      ${reserveSizesSql(value.sizes, value.quantities, sql`exists (select 1 from placed) and not exists (select 1 from handed)`)}
    ), kept as (
      select ${specifications.id} from ${specifications} join ${goods} on ${goods.id} = ${specifications.goodsId}
      where exists (select 1 from placed) and exists (select 1 from handed) and ${specifications.id} = any(${value.sizes}::int[]) and ${goods.onSale}
    ), taken as (
      select id from reserved union all select id from kept
    ), placed_lines as (
      insert into ${orderLines} (order_id, specification_id, goods_id, goods_name, specification_name, picture, unit_price, quantity)
      select placed.id, taken.id, line.goods_id, line.goods_name, line.specification_name, line.picture, line.unit_price, line.quantity
      from placed, jsonb_to_recordset(${value.lines}::jsonb)
          as line(specification_id int, goods_id int, goods_name text, specification_name text, picture text, unit_price int, quantity int)
        left join taken on taken.id = line.specification_id
    )${shape.keepCart ? sql`` : sql`, emptied as (
      delete from ${cartLines} where ${takenAny} and user_id = ${value.userId} and specification_id = any(${value.sizes}::int[])
    )`}${shape.keepAddress ? sql`, kept_address as (${keepFirstAddressSql(address, takenAny)})` : sql``}
    select ${selectOrderColumns(sql`placed`)} from placed`;
}

const NOT_NULL_VIOLATION = '23502';

const ORDER_NO_RANDOM_LENGTH = 6;

/**
 * A number a customer can read out on the phone: the day it was placed (UTC, `yyMMdd`) and six
 * characters without look-alikes, e.g. `250122K7M9QX`.
 */
export function drawOrderNo(now: Date): string {
  return `${now.toISOString().slice(2, 10).replaceAll('-', '')}${drawCode(ORDER_NO_RANDOM_LENGTH)}`;
}

/** Inserts an order under a freshly drawn number, drawing again on the rare clash. */
export async function insertOrder(tx: Executor, now: Date, values: Omit<typeof orders.$inferInsert, 'orderNo'>): Promise<OrderRow> {
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
