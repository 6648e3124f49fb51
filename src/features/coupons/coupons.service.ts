// Kept in one file: a coupon's moves (add, activate, redeem, cancel, expire) share its conditional updates on
// `unused` and its refund references.
import { and, asc, count, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import { maskEmail, normalizeCode } from '@/features/auth/auth';
import { drawCode } from '@/features/auth/auth.service';
import type { User } from '@/features/auth/session';
import { priceItems } from '@/features/cart/cart.service';
import { getProductSpecPoints } from '@/features/catalogue/catalogue.service';
import type { CatalogueReader } from '@/features/catalogue/catalogue-products.service';
import { energyReference, postEnergy, reverseDebit } from '@/features/energy/energy.ledger';
import { insertOrder } from '@/features/orders/insert-order';
import { countSold, reserveStock } from '@/features/orders/order-stock';
import { OrderStatus } from '@/lib/order-status';
import type { OrderRow } from '@/features/orders/orders.service';
import * as ErrorCode from '@/lib/error-codes';
import type { Config } from '@/server/config';
import type { Database, Executor } from '@/server/db/client';
import { addresses, coupons, orderLines, users, type DeliveryAddressSnapshot } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import type { Coupon, CouponListQuery, CouponPage, CouponProduct, ReceiveOrderBody } from './coupons.schema';

/*
 * Gift coupons ("share energy"): the owner spends a size's points price on a coupon with its own code;
 * a friend redeems it as a free order. Every move of a coupon is a conditional update on `unused`, so
 * activation, cancellation and expiry racing each other cannot both happen; refunds are posted once
 * (one reference per coupon). See docs/decisions/020-gift-coupons.md.
 */

type CouponRow = typeof coupons.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;
const COUPON_CODE_LENGTH = 10;
const SWEEP_BATCH = 100;

/** -218 naming `code` (or `couponId`), HTTP 404: unknown, or (for the owner's calls) someone else's. */
const couponNotFound = (field: 'code' | 'couponId') => new ShopError(ErrorCode.IllegalRequest, { field, status: 404 });

/** Why a coupon can no longer be used: -228 activated, -229 cancelled, -219 expired. */
function notUnused(coupon: Pick<CouponRow, 'status'>): ShopError {
  if (coupon.status === 'activated') return new ShopError(ErrorCode.CouponActivated);
  if (coupon.status === 'cancelled') return new ShopError(ErrorCode.CouponCancelled);
  return new ShopError(ErrorCode.LinkExpired);
}

const isExpired = (coupon: CouponRow, now: Date) =>
  coupon.status === 'expired' || (coupon.status === 'unused' && coupon.expiresAt <= now);

async function findByCode(db: Executor, code: string): Promise<CouponRow> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCode(code)));
  if (!coupon) throw couponNotFound('code');
  return coupon;
}

/** The size a coupon gives, named in the reader's language. */
async function productsOf(reader: CatalogueReader, rows: CouponRow[]): Promise<Map<number, CouponProduct>> {
  const specificationIds = [...new Set(rows.map((row) => row.specificationId))];
  const { list } = await priceItems(
    reader,
    specificationIds.map((goodsSpecificationId) => ({ goodsSpecificationId, goodsQuantity: 1 })),
    'skip',
  );
  const byId = new Map(list.map((line) => [line.goodsSpecificationId, line]));
  return new Map(
    rows.map((row) => {
      const line = byId.get(row.specificationId);
      return [
        row.id,
        {
          goodsSpecificationId: row.specificationId,
          goodsId: line?.goodsId ?? 0,
          goodsName: line?.goodsName ?? '',
          specificationName: line?.specificationName ?? '',
          picture: line?.picture ?? null,
          goodsQuantity: 1,
          points: row.points,
        },
      ];
    }),
  );
}

async function describeCoupons(reader: CatalogueReader, rows: CouponRow[], now: Date): Promise<Coupon[]> {
  const products = await productsOf(reader, rows);
  const friendIds = rows.flatMap((row) => (row.activatedBy ? [row.activatedBy] : []));
  const friends = friendIds.length
    ? await reader.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, friendIds))
    : [];
  return rows.map((row) => {
    const status = isExpired(row, now) ? 'expired' : row.status;
    const friend = friends.find((candidate) => candidate.id === row.activatedBy);
    return {
      couponId: row.id,
      code: row.code,
      status,
      points: row.points,
      product: products.get(row.id)!,
      createTime: row.createdAt.toISOString(),
      expireTime: row.expiresAt.toISOString(),
      activateTime: row.activatedAt?.toISOString() ?? null,
      activatedBy: friend ? maskEmail(friend.email) : null,
      cancelTime: row.cancelledAt?.toISOString() ?? null,
      cancellable: status === 'unused',
    };
  });
}

/**
 * A new coupon for one unit of a size with a points price: the points leave the owner's ledger in
 * the same transaction (-218 `points` when they do not suffice; -210, -231, -218 as getProductSpecPoints).
 */
export async function addReceiveCoupon(
  reader: CatalogueReader & { db: Database },
  config: Pick<Config, 'coupons'>,
  user: User,
  goodsSpecificationId: number,
  now = new Date(),
): Promise<Coupon> {
  const { pointsPrice } = await getProductSpecPoints(reader, goodsSpecificationId);
  const coupon = await reader.db.transaction(async (tx) => {
    // The giver's row first, as postEnergy locks it: inserting the coupon takes a key-share lock on
    // it (the owner foreign key), and two purchases upgrading their key-share locks would deadlock.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [created] = await tx
      .insert(coupons)
      .values({
        code: drawCode(COUPON_CODE_LENGTH),
        ownerId: user.id,
        specificationId: goodsSpecificationId,
        points: pointsPrice,
        createdAt: now,
        expiresAt: new Date(now.getTime() + config.coupons.expiryDays * DAY_MS),
      })
      .returning();
    await postEnergy(
      tx,
      {
        userId: user.id,
        type: 'gift-coupon',
        points: -pointsPrice,
        reference: energyReference.giftCoupon(created!.id),
      },
      now,
    );
    return created!;
  });
  return (await describeCoupons(reader, [coupon], now))[0]!;
}

export async function queryReceiveCouponList(
  reader: CatalogueReader,
  userId: number,
  query: CouponListQuery,
  now = new Date(),
): Promise<CouponPage> {
  const where = and(eq(coupons.ownerId, userId), query.status ? eq(coupons.status, query.status) : undefined);
  const [rows, [counted]] = await Promise.all([
    reader.db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    reader.db.select({ total: count() }).from(coupons).where(where),
  ]);
  return {
    list: await describeCoupons(reader, rows, now),
    total: counted?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** An unused coupon's state; -228, -229, -219 for one that can no longer be redeemed, -218 (404) for an unknown code. */
export async function checkCouponStatus(db: Executor, code: string, now = new Date()) {
  const coupon = await findByCode(db, code);
  if (coupon.status !== 'unused' || isExpired(coupon, now))
    throw notUnused(isExpired(coupon, now) ? { status: 'expired' } : coupon);
  const [owner] = await db.select({ shareCode: users.shareCode }).from(users).where(eq(users.id, coupon.ownerId));
  return {
    code: coupon.code,
    status: coupon.status,
    expireTime: coupon.expiresAt.toISOString(),
    giverShareCode: owner!.shareCode,
  };
}

/** What a code gives, for the `/order?code=…` page: one line, whatever the coupon's state. */
export async function getReceiveCouponProductList(reader: CatalogueReader, code: string): Promise<CouponProduct[]> {
  const coupon = await findByCode(reader.db, code);
  return [(await productsOf(reader, [coupon])).get(coupon.id)!];
}

/** The owner cancels an unused coupon and gets the points back, once. -229 once cancelled, -228 once activated. */
export async function cancelCoupon(
  reader: CatalogueReader & { db: Database },
  userId: number,
  couponId: number,
  now = new Date(),
): Promise<Coupon> {
  const cancelled = await reader.db.transaction(async (tx) => {
    const [row] = await tx
      .update(coupons)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(coupons.id, couponId), eq(coupons.ownerId, userId), eq(coupons.status, 'unused')))
      .returning();
    if (!row) {
      const [current] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, couponId), eq(coupons.ownerId, userId)));
      if (!current) throw couponNotFound('couponId');
      throw notUnused(current);
    }
    await reverseDebit(
      tx,
      energyReference.giftCoupon(row.id),
      { type: 'gift-returned', reference: energyReference.giftCouponRefund(row.id) },
      now,
    );
    return row;
  });
  return (await describeCoupons(reader, [cancelled], now))[0]!;
}

async function deliveryAddressOf(
  db: Executor,
  body: ReceiveOrderBody,
  userId: number,
): Promise<DeliveryAddressSnapshot> {
  const source =
    body.deliveryAddress ??
    (
      await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, body.addressId ?? 0), eq(addresses.userId, userId)))
    )[0];
  if (!source) throw new ShopError(ErrorCode.IllegalRequest, { field: 'addressId', status: 404 });
  const { firstName, lastName, country, state, city, address, address2, zipCode, phone } = source;
  return { firstName, lastName, country, state, city, address, address2, zipCode, phone };
}

/**
 * The friend redeems a coupon: in one transaction the coupon is activated (a conditional update, so
 * a second activation or a cancellation racing it loses: -228, -229, -219), the size's stock is
 * reserved (-231) and a free gift order is created in status 1 (paid) with the line at price 0.
 */
export async function createReceiveOrder(
  deps: { db: Database; config: Pick<Config, 'orders'> },
  reader: CatalogueReader,
  user: User,
  body: ReceiveOrderBody,
  now = new Date(),
): Promise<OrderRow> {
  const coupon = await findByCode(deps.db, body.code);
  const deliveryAddress = await deliveryAddressOf(deps.db, body, user.id);
  const product = (await productsOf(reader, [coupon])).get(coupon.id)!;
  return deps.db.transaction(async (tx) => {
    const [activated] = await tx
      .update(coupons)
      .set({ status: 'activated', activatedBy: user.id, activatedAt: now })
      .where(and(eq(coupons.id, coupon.id), eq(coupons.status, 'unused'), gt(coupons.expiresAt, now)))
      .returning();
    if (!activated) {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, coupon.id));
      throw notUnused(current && isExpired(current, now) ? { status: 'expired' } : (current ?? coupon));
    }
    await reserveStock(tx, [{ specificationId: coupon.specificationId, quantity: 1 }]);
    const order = await insertOrder(tx, now, {
      userId: user.id,
      kind: 'gift',
      status: OrderStatus.Paid,
      currency: reader.currency,
      goodsTotal: 0,
      discountAmount: 0,
      payAmount: 0,
      rebateBeneficiaryId: null,
      payMethod: 'coupon',
      paymentNumber: coupon.code,
      email: user.email,
      language: user.language,
      deliveryAddress,
      paidAt: now,
      expiresAt: now,
    });
    await tx.insert(orderLines).values({
      orderId: order.id,
      specificationId: coupon.specificationId,
      goodsId: product.goodsId,
      goodsName: product.goodsName,
      specificationName: product.specificationName,
      picture: product.picture,
      unitPrice: 0,
      quantity: 1,
    });
    await tx.update(coupons).set({ orderId: order.id }).where(eq(coupons.id, coupon.id));
    await countSold(tx, order.id, 1);
    return order;
  });
}

/**
 * Sweep: unused coupons past their expiry become expired and their points go back, once. Safe in
 * every process at once, like the order sweeps (FOR UPDATE SKIP LOCKED, conditional update).
 */
export async function expireCoupons(db: Database, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(eq(coupons.status, 'unused'), lt(coupons.expiresAt, now)))
        .orderBy(asc(coupons.id))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(coupons)
        .set({ status: 'expired' })
        .where(and(inArray(coupons.id, due), eq(coupons.status, 'unused')))
        .returning({ id: coupons.id, ownerId: coupons.ownerId });
      // Owners are locked in id order, so two sweeps cannot deadlock on them.
      for (const row of [...rows].sort((a, b) => a.ownerId - b.ownerId || a.id - b.id)) {
        await reverseDebit(
          tx,
          energyReference.giftCoupon(row.id),
          { type: 'expiry', reference: energyReference.giftCouponRefund(row.id) },
          now,
        );
      }
      return rows.length;
    });
    total += expired;
    if (expired < SWEEP_BATCH) return total;
  }
}
