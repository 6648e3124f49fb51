import { and, asc, eq, gt, isNull, lte, notExists } from 'drizzle-orm';
import { describeItems, mailReaderOf } from '@/features/orders/order-mails';
import { OrderStatus } from '@/lib/order-status';
import { loadLines, type OrderRow } from '@/features/orders/orders.service';
import { translate, type MessageKey } from '@/lib/i18n';
import type { ShopDeps } from '@/server/deps';
import { orders, reviewRequests, users } from '@/server/db/schema';
import { composeMail } from '@/server/mail/layout';
import type { Mail } from '@/server/mail/mailer';
import { queueMail } from '@/server/mail/outbox';
import { REVIEW_REQUEST_AFTER_DAYS } from './reviews';

/*
 * The review request: one mail a few days after an order completes, only to a customer who asked for
 * it on her account page, naming no product unless she also opted in to item names in mails. Its
 * link opens the order's review form (after sign-in).
 */

const DAY_MS = 86_400_000;
/** Orders completed longer ago than this are not asked about: a late request would surprise. */
const REQUEST_WINDOW_DAYS = 30;
const BATCH = 50;

type RequestDeps = Pick<ShopDeps, 'db' | 'config'>;

export function reviewRequestMail(
  order: OrderRow,
  items: string[],
  greetingName: string,
  senderName: string,
  link: string,
): Mail {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(order.language, key, params);
  return {
    to: order.email,
    subject: t('mail.reviewRequest.subject', { orderNo: order.orderNo }),
    ...composeMail({
      greeting: t('mail.greeting', { name: greetingName }),
      intro: [t('mail.reviewRequest.intro', { orderNo: order.orderNo }), ...items],
      action: { label: t('mail.reviewRequest.action'), url: link },
      outro: [t('mail.reviewRequest.outro')],
      signature: senderName,
    }),
  };
}

/** Queues the requests that are due; each order is claimed once (a row in review_requests), so two processes never both queue one. */
export async function sendReviewRequests(deps: RequestDeps, now: Date): Promise<number> {
  const completedBefore = new Date(now.getTime() - REVIEW_REQUEST_AFTER_DAYS * DAY_MS);
  const completedAfter = new Date(now.getTime() - REQUEST_WINDOW_DAYS * DAY_MS);
  const due = await deps.db
    .select({ order: orders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.status, OrderStatus.Completed),
        eq(orders.kind, 'goods'),
        lte(orders.completedAt, completedBefore),
        gt(orders.completedAt, completedAfter),
        eq(users.reviewRequestMail, true),
        isNull(users.erasedAt),
        isNull(users.disabledAt),
        notExists(
          deps.db
            .select({ orderId: reviewRequests.orderId })
            .from(reviewRequests)
            .where(eq(reviewRequests.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
  let sent = 0;
  for (const { order } of due) {
    // The claim (a row in review_requests) and the mail commit together: the order is asked about once.
    const queued = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(reviewRequests)
        .values({ orderId: order.id, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return false;
      const reader = await mailReaderOf({ db: tx, config: deps.config }, order);
      const lines = (await loadLines(tx, [order.id], order.language)).get(order.id) ?? [];
      // Through the sign-in page, which goes on to the order's review form (at once when signed in already).
      const link = `${deps.config.publicOrigin}/sign?link=${encodeURIComponent(`/my/order/details?orderId=${order.id}#reviews`)}`;
      await queueMail(
        tx,
        'review-request',
        reviewRequestMail(
          order,
          describeItems(order, lines, reader.showItemNames),
          reader.greetingName,
          reader.senderName,
          link,
        ),
      );
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
