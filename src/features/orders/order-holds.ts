import { and, eq, isNotNull, isNull, or, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { disputes, payments } from '@/server/db/schema';

/*
 * What holds an order where it is: money of its payments still in doubt keeps an unpaid order from
 * closing, and a buyer's open dispute keeps a paid one from shipping. The payments feature settles both
 * (docs/decisions/015-payment-providers.md, 076-money-after-the-sale.md).
 */

/** A superseded attempt whose capture the provider holds, or whose capture's answer was lost: its money may still arrive. */
export const supersededInDoubt = and(
  eq(payments.status, 'superseded'),
  isNull(payments.captureId),
  or(isNotNull(payments.heldCaptureId), isNotNull(payments.captureRequestId)),
);

/**
 * The payments of order `orderId` (a column) whose money may be the shop's: a capture the provider
 * holds pending, one asked for whose answer is not known, or one held for the operator (not the
 * order's amount or currency). An order with one is never closed as unpaid.
 */
export function moneyInDoubt(db: Executor, orderId: AnyColumn) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        or(
          and(
            eq(payments.status, 'created'),
            or(isNotNull(payments.heldCaptureId), isNotNull(payments.captureRequestId)),
          ),
          supersededInDoubt,
          eq(payments.status, 'mismatch'),
        ),
      ),
    );
}

/** The open dispute holding an order, unless the operator released it; null when none. */
export async function disputeHolding(db: Executor, orderId: number) {
  const [open] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), eq(disputes.status, 'open'), isNull(disputes.releasedAt)));
  return open ?? null;
}
