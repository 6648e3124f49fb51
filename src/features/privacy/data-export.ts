import { asc, eq, inArray, sql } from 'drizzle-orm';
import { maskEmail } from '@/features/auth/auth';
import { statusNames, type OrderStatusValue } from '@/features/orders/orders';
import type { Executor } from '@/server/db/client';
import { addresses, coupons, energyRecords, newsletterSubscribers, orderEvents, orderLines, orders, shareVisits, users } from '@/server/db/schema';
import type { Storage } from '@/server/storage/storage';

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
  const [referrer] = user.referrerId ? await db.select({ email: users.email }).from(users).where(eq(users.id, user.referrerId)) : [];

  const [ownAddresses, ownOrders, ledger, givenGifts, receivedGifts, friends, [visits], subscriptions] = await Promise.all([
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
    db.select({ email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.referrerId, userId)).orderBy(asc(users.id)),
    db.select().from(shareVisits).where(eq(shareVisits.userId, userId)),
    db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`),
  ]);

  const orderIds = ownOrders.map((order) => order.id);
  const [lines, events] =
    orderIds.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id)),
          db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)).orderBy(asc(orderEvents.occurredAt), asc(orderEvents.id)),
        ]);

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
      registeredAt: iso(user.createdAt),
    },
    newsletter: subscriptions.map((subscription) => ({ name: subscription.name, email: subscription.email, language: subscription.language, subscribedAt: iso(subscription.createdAt) })),
    addresses: ownAddresses.map(({ id: _id, userId: _userId, createdAt, updatedAt, ...address }) => ({ ...address, createdAt: iso(createdAt), updatedAt: iso(updatedAt) })),
    orders: ownOrders.map((order) => ({
      orderNo: order.orderNo,
      kind: order.kind,
      status: statusNames[order.status as OrderStatusValue],
      currency: order.currency,
      goodsTotal: order.goodsTotal,
      discountAmount: order.discountAmount,
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
      events: (eventsByOrder.get(order.id) ?? []).map((event) => ({ occurredAt: iso(event.occurredAt), text: event.text })),
    })),
    energyLedger: ledger.map((record) => ({
      transactionNo: record.transactionNo,
      type: record.type,
      points: record.points,
      balanceAfter: record.balanceAfter,
      createdAt: iso(record.createdAt),
    })),
    gifts: {
      given: givenGifts.map(({ coupon, receivedBy }) => ({ ...giftOf(coupon), receivedBy: receivedBy ? maskEmail(receivedBy) : null })),
      received: receivedGifts.map(({ coupon, givenBy }) => ({ ...giftOf(coupon), givenBy: maskEmail(givenBy) })),
    },
    friends: friends.map((friend) => ({ email: maskEmail(friend.email), registeredAt: iso(friend.createdAt) })),
    shareRecords: { shareCode: user.shareCode, visits: visits?.visits ?? 0, lastVisitedAt: iso(visits?.lastVisitedAt ?? null) },
  };
}

export type DataExport = Awaited<ReturnType<typeof buildDataExport>>;

function giftOf(coupon: typeof coupons.$inferSelect) {
  return {
    code: coupon.code,
    points: coupon.points,
    status: coupon.status,
    createdAt: iso(coupon.createdAt),
    expiresAt: iso(coupon.expiresAt),
    activatedAt: iso(coupon.activatedAt),
    cancelledAt: iso(coupon.cancelledAt),
  };
}


function groupBy<T>(rows: T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}
