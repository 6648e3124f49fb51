import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { maskEmail } from '@/features/auth/auth';
import { statusNames, type OrderStatusValue } from '@/lib/order-status';
import type { Executor } from '@/server/db/client';
import type { Language } from '@/lib/locale';
import {
  addresses,
  ageChecks,
  cartLines,
  coupons,
  energyRecords,
  productTexts,
  newsletterSubscribers,
  orderEvents,
  orderLines,
  orders,
  payments,
  sessions,
  shareVisits,
  productSizes,
  productSizeTexts,
  users,
} from '@/server/db/schema';
import type { Storage } from '@/server/storage/storage';
import { listOwnReviews } from '@/features/reviews/reviews.service';

/*
 * "Download my data": everything the shop holds about a customer, as one JSON document. Other people
 * appear only as masked emails (friends, whoever received or sent a gift). A customer's data is small
 * (tens of kilobytes for a hundred orders), so it is built on request and downloaded at once; see
 * docs/decisions/035-privacy.md.
 */

export const DATA_EXPORT_FORMAT = 'energy-shop.customer-data.v1';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function buildDataExport(db: Executor, storage: Pick<Storage, 'url'>, userId: number, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no customer ${userId}`);
  const [referrer] = user.referrerId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, user.referrerId))
    : [];

  const [
    ownAddresses,
    ownOrders,
    ledger,
    givenGifts,
    receivedGifts,
    friends,
    [visits],
    subscriptions,
    cart,
    activeSessions,
    checks,
  ] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id)),
    db.select().from(energyRecords).where(eq(energyRecords.userId, userId)).orderBy(asc(energyRecords.id)),
    db
      .select({ coupon: coupons, receivedBy: users.email })
      .from(coupons)
      .leftJoin(users, eq(users.id, coupons.activatedBy))
      .where(eq(coupons.ownerId, userId))
      .orderBy(asc(coupons.id)),
    db
      .select({ coupon: coupons, givenBy: users.email })
      .from(coupons)
      .innerJoin(users, eq(users.id, coupons.ownerId))
      .where(eq(coupons.activatedBy, userId))
      .orderBy(asc(coupons.id)),
    db
      .select({ email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.referrerId, userId))
      .orderBy(asc(users.id)),
    db.select().from(shareVisits).where(eq(shareVisits.userId, userId)),
    db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`),
    db.select().from(cartLines).where(eq(cartLines.userId, userId)).orderBy(asc(cartLines.id)),
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        device: sessions.device,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(asc(sessions.id)),
    db.select().from(ageChecks).where(eq(ageChecks.userId, userId)).orderBy(asc(ageChecks.id)),
  ]);

  const orderIds = ownOrders.map((order) => order.id);
  const [lines, events, attempts] =
    orderIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id)),
          db
            .select()
            .from(orderEvents)
            .where(inArray(orderEvents.orderId, orderIds))
            .orderBy(asc(orderEvents.occurredAt), asc(orderEvents.id)),
          db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.id)),
        ]);
  const ownReviews = await listOwnReviews(db, userId);
  const sizeIds = [
    ...ownReviews.map((review) => review.goodsSpecificationId),
    ...cart.map((line) => line.specificationId),
    ...givenGifts.map(({ coupon }) => coupon.specificationId),
    ...receivedGifts.map(({ coupon }) => coupon.specificationId),
  ];
  const sizes = await sizeNames(db, sizeIds, user.language);
  const giftOf = (coupon: typeof coupons.$inferSelect) => ({
    code: coupon.code,
    ...sizes.of(coupon.specificationId),
    points: coupon.points,
    status: coupon.status,
    createdAt: iso(coupon.createdAt),
    expiresAt: iso(coupon.expiresAt),
    activatedAt: iso(coupon.activatedAt),
    cancelledAt: iso(coupon.cancelledAt),
  });
  const orderNoOf = new Map(ownOrders.map((order) => [order.id, order.orderNo]));

  const linesByOrder = groupBy(lines, (line) => line.orderId);
  const eventsByOrder = groupBy(events, (event) => event.orderId);

  return {
    format: DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      language: user.language,
      headPicture: user.headPictureKey ? storage.url(user.headPictureKey) : null,
      userCode: user.userCode,
      shareCode: user.shareCode,
      rebateRatePercent: user.rebateRate,
      referredBy: referrer ? maskEmail(referrer.email) : null,
      showItemNamesInMail: user.showItemNamesInMail,
      reviewRequestMail: user.reviewRequestMail,
      registeredAt: iso(user.createdAt),
    },
    newsletter: subscriptions.map((subscription) => ({
      name: subscription.name,
      email: subscription.email,
      language: subscription.language,
      subscribedAt: iso(subscription.createdAt),
      confirmedAt: iso(subscription.confirmedAt),
    })),
    addresses: ownAddresses.map(({ id: _id, userId: _userId, createdAt, updatedAt, ...address }) => ({
      ...address,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    })),
    orders: ownOrders.map((order) => ({
      orderNo: order.orderNo,
      kind: order.kind,
      status: statusNames[order.status as OrderStatusValue],
      currency: order.currency,
      goodsTotal: order.goodsTotal,
      discountAmount: order.discountAmount,
      shippingAmount: order.shippingAmount,
      taxAmount: order.taxAmount,
      taxIncluded: order.taxIncluded,
      taxLabel: order.taxLabel,
      payAmount: order.payAmount,
      discountCode: order.discountCode,
      energyPoints: order.energyPoints,
      payMethod: order.payMethod,
      paymentNumber: order.paymentNumber,
      email: order.email,
      language: order.language,
      deliveryAddress: order.deliveryAddress,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      createdAt: iso(order.createdAt),
      paidAt: iso(order.paidAt),
      shippedAt: iso(order.shippedAt),
      signedAt: iso(order.signedAt),
      completedAt: iso(order.completedAt),
      cancelledAt: iso(order.cancelledAt),
      refundedAt: iso(order.refundedAt),
      lines: (linesByOrder.get(order.id) ?? []).map((line) => ({
        goodsName: line.goodsName,
        specificationName: line.specificationName,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
      })),
      events: (eventsByOrder.get(order.id) ?? []).map((event) => ({
        occurredAt: iso(event.occurredAt),
        text: event.text,
      })),
    })),
    energyLedger: ledger.map((record) => ({
      transactionNo: record.transactionNo,
      type: record.type,
      points: record.points,
      balanceAfter: record.balanceAfter,
      createdAt: iso(record.createdAt),
    })),
    gifts: {
      given: givenGifts.map(({ coupon, receivedBy }) => ({
        ...giftOf(coupon),
        receivedBy: receivedBy ? maskEmail(receivedBy) : null,
      })),
      received: receivedGifts.map(({ coupon, givenBy }) => ({ ...giftOf(coupon), givenBy: maskEmail(givenBy) })),
    },
    friends: friends.map((friend) => ({ email: maskEmail(friend.email), registeredAt: iso(friend.createdAt) })),
    cart: cart.map((line) => ({
      ...sizes.of(line.specificationId),
      quantity: line.quantity,
      addedAt: iso(line.createdAt),
    })),
    ageChecks: checks.map((check) => ({
      provider: check.provider,
      status: check.status,
      startedAt: iso(check.createdAt),
      decidedAt: iso(check.decidedAt),
    })),
    sessions: activeSessions.map((session) => ({
      device: session.device,
      signedInAt: iso(session.createdAt),
      lastSeenAt: iso(session.lastSeenAt),
      expiresAt: iso(session.expiresAt),
    })),
    paymentAttempts: attempts.map((attempt) => ({
      orderNo: orderNoOf.get(attempt.orderId),
      provider: attempt.provider,
      method: attempt.method,
      status: attempt.status,
      amount: attempt.amount,
      currency: attempt.currency,
      providerOrderId: attempt.providerOrderId,
      captureId: attempt.captureId,
      refundId: attempt.refundId,
      createdAt: iso(attempt.createdAt),
      capturedAt: iso(attempt.capturedAt),
      refundedAt: iso(attempt.refundedAt),
    })),
    shareRecords: {
      shareCode: user.shareCode,
      visits: visits?.visits ?? 0,
      lastVisitedAt: iso(visits?.lastVisitedAt ?? null),
    },
    reviews: ownReviews.map(({ commentId: _id, goodsId: _goodsId, goodsSpecificationId, orderId, ...review }) => ({
      ...review,
      orderNo: orderNoOf.get(orderId) ?? null,
      ...sizes.of(goodsSpecificationId),
    })),
  };
}

export type DataExport = Awaited<ReturnType<typeof buildDataExport>>;

/** The product and size names of the given sizes, in the customer's language. */
async function sizeNames(db: Executor, ids: number[], language: Language) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: productSizes.id, goodsName: productTexts.name, specificationName: productSizeTexts.name })
          .from(productSizes)
          .innerJoin(
            productTexts,
            and(eq(productTexts.goodsId, productSizes.goodsId), eq(productTexts.language, language)),
          )
          .innerJoin(
            productSizeTexts,
            and(eq(productSizeTexts.specificationId, productSizes.id), eq(productSizeTexts.language, language)),
          )
          .where(inArray(productSizes.id, [...new Set(ids)]));
  const byId = new Map(
    rows.map((row) => [row.id, { goodsName: row.goodsName, specificationName: row.specificationName }]),
  );
  return { of: (id: number) => byId.get(id) ?? { goodsName: null, specificationName: null } };
}

function groupBy<T>(rows: T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}
