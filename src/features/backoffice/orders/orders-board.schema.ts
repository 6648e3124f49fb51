import { z } from '@hono/zod-openapi';
import { orderDetailsSchema } from '@/features/orders/orders.schema';
import { currencies } from '@/lib/locale';

/* The contract of the orders board under /api/v1/admin/orders. */

const orderNo = z.string().trim().min(4).max(40);

export const adminOrderQuerySchema = z.object({
  status: z.coerce.number().int().min(0).max(6).optional(),
  currency: z.enum(currencies).optional(),
  /** ISO dates, inclusive. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** An order number or a customer email, or part of one. */
  q: z.string().trim().max(100).optional(),
  /** `referral`: the review queue, orders whose referral is held as possibly the referrer's own. */
  review: z.enum(['referral']).optional(),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

export const adminOrderRowSchema = z.object({
  orderNo: z.string(),
  kind: z.enum(['goods', 'recharge', 'gift']),
  status: z.number().int(),
  currency: z.enum(currencies),
  payAmount: z.number().int(),
  email: z.string(),
  createTime: z.string(),
});

/** A board row names what the operator must know about its money (a capture held, a refund unknown, a chargeback). */
export const adminOrderBoardRowSchema = adminOrderRowSchema.extend({
  paymentNote: z.string().nullable(),
  /** The sales rule that holds the order as the rules are now (a line not sold to its address, or its payment method refused there); null when none. */
  salesRuleNote: z.string().nullable(),
});

export const adminOrderPageSchema = z.object({
  list: z.array(adminOrderBoardRowSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

export const adminOrderDetailsSchema = orderDetailsSchema.extend({
  /** As on the board: the sales rule that holds the order now, or null. */
  salesRuleNote: z.string().nullable(),
  payments: z.array(
    z.object({
      provider: z.string(),
      method: z.string(),
      status: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      createTime: z.string(),
    }),
  ),
  /** The running totals of the capture that paid the order (minor units); null when none paid it. */
  money: z
    .object({
      captured: z.number().int(),
      refunded: z.number().int(),
      reversed: z.number().int(),
      left: z.number().int(),
    })
    .nullable(),
  referralReview: z.enum(['held', 'approved', 'refused']).nullable(),
  referralSignals: z.string().nullable(),
  disputes: z.array(
    z.object({
      disputeId: z.string(),
      reason: z.string(),
      amount: z.number().int(),
      status: z.enum(['open', 'won', 'lost']),
      held: z.boolean(),
      createTime: z.string(),
    }),
  ),
});

export const orderNoBodySchema = z.object({ orderNo });
export const referralReviewBodySchema = z.object({ orderNo, approve: z.boolean() });
/** A refund of all that is left, or of `amount` (minor units) of it. */
export const refundBodySchema = z.object({ orderNo, amount: z.number().int().positive().max(100_000_000).optional() });
export const orderNoQuerySchema = z.object({ orderNo });
export const shipBodySchema = z.object({
  orderNo,
  carrier: z.string().trim().min(1).max(60),
  trackingNumber: z.string().trim().min(1).max(60),
});
export const orderEventBodySchema = z.object({ orderNo, text: z.string().trim().min(1).max(300) });

export const orderExportQuerySchema = adminOrderQuerySchema.omit({ pageNum: true, pageSize: true });
