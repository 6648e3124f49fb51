import { anonymiseReviews } from '@/features/reviews/reviews.service';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { endSessions } from '@/features/auth/session';
import { OrderStatus } from '@/lib/order-status';
import * as ErrorCode from '@/lib/error-codes';
import type { ShopDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { customerSubject } from '@/features/audit/audit';
import {
  addresses,
  auditLog,
  cartLines,
  customerBrowsers,
  newsletterSubscribers,
  orders,
  passwordResets,
  shareVisits,
  users,
  type DeliveryAddressSnapshot,
} from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { forgetMailTo } from '@/server/mail/outbox';

/*
 * Erasing a customer on request (the account page, or the operator's `erase-customer`). Orders, their
 * payments and the energy ledger are the shop's accounts and stay, with the person removed from them:
 * the `users` row keeps its id for them but loses name, email, phone, avatar and codes, and each order
 * loses its email and the street part of its delivery address. Everything else about the person is
 * deleted. See docs/decisions/035-privacy.md.
 */

/** Orders in these statuses are still under way: paying, preparing, travelling, or awaiting completion (and its rebate). */
export const unfinishedStatuses = [
  OrderStatus.PaymentFailed,
  OrderStatus.PaymentPending,
  OrderStatus.Paid,
  OrderStatus.Shipped,
  OrderStatus.SignedFor,
];

/** The email an erased account and its orders carry: unique, and never deliverable (`.invalid` is reserved). */
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

/** The email an order keeps once its person is removed from it while the account stays (an order closed unpaid long ago). */
export const strippedOrderEmail = (orderId: number) => `removed-order-${orderId}@erased.invalid`;

/** A code no one can type (lower case and a dash, where real codes are upper case), unique per account. */
const erasedCode = (userId: number) => `erased-${userId}-${randomBytes(4).toString('hex')}`;

/** What remains of a delivery address on a kept order: the country and area accounting and tax need. */
export const erasedAddress = (address: DeliveryAddressSnapshot): DeliveryAddressSnapshot => ({
  firstName: '',
  lastName: '',
  country: address.country,
  state: address.state,
  city: '',
  address: '',
  address2: '',
  zipCode: '',
  phone: '',
});

export type Erasure = { userId: number; keptOrders: number };

/**
 * Erases the customer, or refuses with -240 while an order is unfinished. One transaction: either the
 * person is gone from every row, or nothing changed. The avatar file goes after the commit.
 */
export async function eraseCustomer(
  deps: Pick<ShopDeps, 'db' | 'storage' | 'logger'>,
  userId: number,
  now = new Date(),
): Promise<Erasure> {
  const { erasure, avatarKey } = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.erasedAt) throw new ShopError(ErrorCode.AccountNotFound);
    await refuseWhileOrdersAreUnfinished(tx, userId);

    await endSessions(tx, userId);
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(cartLines).where(eq(cartLines.userId, userId));
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(shareVisits).where(eq(shareVisits.userId, userId));
    await tx.delete(customerBrowsers).where(eq(customerBrowsers.userId, userId));
    await tx.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`);
    await forgetMailTo(tx, user.email);
    await forgetEmailInAuditLog(tx, userId, user.email);
    await anonymiseReviews(tx, userId);

    const kept = await tx
      .select({ id: orders.id, deliveryAddress: orders.deliveryAddress })
      .from(orders)
      .where(eq(orders.userId, userId));
    for (const order of kept) {
      await tx
        .update(orders)
        .set({
          email: erasedEmail(userId),
          deliveryAddress: order.deliveryAddress ? erasedAddress(order.deliveryAddress) : null,
          browserHash: null,
        })
        .where(eq(orders.id, order.id));
    }

    await tx
      .update(users)
      .set({
        email: erasedEmail(userId),
        // Not a hash at all, so no password can ever match it.
        passwordHash: 'erased',
        firstName: '',
        lastName: '',
        phone: '',
        headPictureKey: null,
        userCode: erasedCode(userId),
        shareCode: erasedCode(userId),
        // Friends' later orders earn nobody a rebate; what the customer earned stays in the ledger.
        rebateRate: 0,
        showItemNamesInMail: false,
        reviewRequestMail: false,
        disabledAt: user.disabledAt ?? now,
        erasedAt: now,
      })
      .where(eq(users.id, userId));
    return { erasure: { userId, keptOrders: kept.length }, avatarKey: user.headPictureKey };
  });

  if (avatarKey) {
    await deps.storage
      .remove(avatarKey)
      .catch((error: unknown) => deps.logger.error({ err: error, userId }, 'avatar of an erased customer not deleted'));
  }
  return erasure;
}

/**
 * The audit log names customers by id; entries written before it did (a disable, an enable) and an
 * orders export filtered by the customer's email get the id in place of the email.
 */
async function forgetEmailInAuditLog(tx: Executor, userId: number, email: string) {
  const subject = customerSubject(userId);
  await tx
    .update(auditLog)
    .set({ subject })
    .where(and(sql`${auditLog.action} like 'customer.%'`, sql`lower(${auditLog.subject}) = lower(${email})`));
  await tx
    .update(auditLog)
    .set({ after: sql`jsonb_set(${auditLog.after}, '{filter,q}', to_jsonb(${subject}::text))` })
    .where(
      and(eq(auditLog.action, 'orders.export'), sql`lower(${auditLog.after} -> 'filter' ->> 'q') = lower(${email})`),
    );
}

async function refuseWhileOrdersAreUnfinished(tx: Executor, userId: number) {
  const unfinished = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, unfinishedStatuses)));
  if (unfinished.length > 0)
    throw new ShopError(ErrorCode.OpenOrdersBlockErasure, {
      status: 409,
      data: { orderNos: unfinished.map((order) => order.orderNo) },
    });
}
