import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, lt, notLike } from 'drizzle-orm';
import { OrderStatus } from '@/lib/order-status';
import type { Config } from '@/server/config';
import type { Database, Executor } from '@/server/db/client';
import { captchas, orders, passwordResets, payments, rateLimitCounters, sessions } from '@/server/db/schema';
import { erasedAddress, strippedOrderEmail } from './erasure';

/*
 * Retention: rows and files that served their purpose are deleted by the background jobs
 * (src/app/jobs/scheduler.ts). Each sweep answers how much it deleted. The README's Privacy
 * section lists what is kept and for how long; docs/decisions/035-privacy.md says why.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A captcha is useless once expired (a few minutes after it was drawn). */
export async function purgeExpiredCaptchas(db: Executor, now: Date): Promise<number> {
  return (await db.delete(captchas).where(lt(captchas.expiresAt, now)).returning({ id: captchas.id })).length;
}

/** Sessions past their sliding expiry can never sign anyone in again. */
export async function purgeExpiredSessions(db: Executor, now: Date): Promise<number> {
  return (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })).length;
}

/** Reset links past their expiry, used or not. */
export async function purgeExpiredPasswordResets(db: Executor, now: Date): Promise<number> {
  return (await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now)).returning({ id: passwordResets.id }))
    .length;
}

/** Attempt counters whose window has ended count nothing any more (they hold addresses and emails). */
export async function purgeEndedRateLimitWindows(
  db: Executor,
  limits: Pick<Config['limits'], 'rateLimitWindowSeconds'>,
  now: Date,
): Promise<number> {
  const endedBefore = new Date(now.getTime() - limits.rateLimitWindowSeconds * 1000);
  return (
    await db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStart, endedBefore))
      .returning({ key: rateLimitCounters.key })
  ).length;
}

/** Mail files in the outbox folder older than MAIL_RETENTION_DAYS (only written when no SMTP server is set). */
export async function purgeOldMailFiles(config: Pick<Config, 'mail' | 'privacy'>, now: Date): Promise<number> {
  const folder = config.mail.outboxDir;
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const before = now.getTime() - config.privacy.mailRetentionDays * DAY_MS;
  let deleted = 0;
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < before) {
      await rm(file, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}

/**
 * Orders that closed without being paid: after UNPAID_ORDER_RETENTION_DAYS the contact email and the
 * delivery address (name, street, phone) go, as an erasure removes them; the lines, amounts and the
 * country and state stay for the accounts. Their payment attempts lose the provider's page address
 * for the buyer; amounts and the provider's ids stay, to reconcile with the provider's records.
 */
export async function stripClosedUnpaidOrders(
  db: Database,
  privacy: Pick<Config['privacy'], 'unpaidOrderRetentionDays'>,
  now: Date,
): Promise<number> {
  const closedBefore = new Date(now.getTime() - privacy.unpaidOrderRetentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: orders.id, deliveryAddress: orders.deliveryAddress })
      .from(orders)
      .where(
        and(
          eq(orders.status, OrderStatus.Closed),
          isNull(orders.paidAt),
          lt(orders.cancelledAt, closedBefore),
          notLike(orders.email, '%@erased.invalid'),
        ),
      )
      .for('update', { skipLocked: true });
    for (const order of stale) {
      await tx
        .update(orders)
        .set({
          email: strippedOrderEmail(order.id),
          deliveryAddress: order.deliveryAddress ? erasedAddress(order.deliveryAddress) : null,
        })
        .where(eq(orders.id, order.id));
    }
    if (stale.length > 0)
      await tx
        .update(payments)
        .set({ payerActionUrl: null })
        .where(
          inArray(
            payments.orderId,
            stale.map((order) => order.id),
          ),
        );
    return stale.length;
  });
}
