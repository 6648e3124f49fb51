import { z } from '@hono/zod-openapi';
import { currencies } from '@/lib/locale';
import { orderDetailsSchema } from '@/features/orders/orders.schema';
import { operatorRoles } from './operators';
import { recordIdParamSchema, recordIdSchema } from '@/lib/record-id';

/* The contract of /api/v1/admin/*. */

const email = z.string().trim().min(3).max(254);
const orderNo = z.string().trim().min(4).max(40);

/** A code of the second factor: 6 digits from the authenticator app. */
const secondFactorCode = z.string().regex(/^\d{6}$/);
/** `code` only for an operator with the second factor on, after the password alone answered -241. */
export const operatorSignInBodySchema = z.object({ email, password: z.string().min(1).max(200), code: secondFactorCode.optional() });
export const setOperatorPasswordBodySchema = z.object({
  token: z.string().min(1).max(100),
  /** Long enough to resist guessing; operators use a password manager. */
  password: z.string().min(12).max(200),
});

export const operatorSchema = z.object({ email: z.string(), role: z.enum(operatorRoles), secondFactor: z.boolean() }).openapi('Operator');

/** A new secret (base32, 160 bits) and its otpauth:// URI for the QR code; stored only once a code confirms it. */
export const secondFactorSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export const enableSecondFactorBodySchema = z.object({ secret: z.string().regex(/^[A-Z2-7]{32}$/), code: secondFactorCode });
export const secondFactorCodeBodySchema = z.object({ code: secondFactorCode });
export const operatorEmailBodySchema = z.object({ email });

export const adminOrderQuerySchema = z.object({
  status: z.coerce.number().int().min(0).max(6).optional(),
  currency: z.enum(currencies).optional(),
  /** ISO dates, inclusive. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** An order number or a customer email, or part of one. */
  q: z.string().trim().max(100).optional(),
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
export const adminOrderBoardRowSchema = adminOrderRowSchema.extend({ paymentNote: z.string().nullable() });

export const adminOrderPageSchema = z.object({ list: z.array(adminOrderBoardRowSchema), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

export const adminOrderDetailsSchema = orderDetailsSchema.extend({
  payments: z.array(z.object({ provider: z.string(), method: z.string(), status: z.string(), amount: z.number().int(), currency: z.string(), createTime: z.string() })),
});

export const orderNoBodySchema = z.object({ orderNo });
export const orderNoQuerySchema = z.object({ orderNo });
export const shipBodySchema = z.object({ orderNo, carrier: z.string().trim().min(1).max(60), trackingNumber: z.string().trim().min(1).max(60) });
export const orderEventBodySchema = z.object({ orderNo, text: z.string().trim().min(1).max(300) });

export const auditQuerySchema = z.object({
  action: z.string().trim().max(60).optional(),
  before: recordIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  time: z.string(),
});

export const publishBodySchema = z.object({ full: z.boolean().default(false) });
export const publishStatusSchema = z
  .object({
    state: z.enum(['idle', 'running', 'finished', 'requested', 'failed']),
    full: z.boolean().optional(),
    by: z.string().optional(),
    startedAt: z.string().optional(),
    finishedAt: z.string().optional(),
    pages: z.number().int().optional(),
    rendered: z.number().int().optional(),
    seconds: z.number().optional(),
    /** When finished: seconds per step of the publish (snapshot, bundle, paths, render, write, pictures, release, switch). */
    stages: z.record(z.string(), z.number()).optional(),
    /** While running: pages written so far, and how many the last publish held (0 before the first). */
    progress: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
    error: z.string().optional(),
    /** A press joined the publish already running. */
    joined: z.boolean().optional(),
    /** Whether this shop can publish at all, and whether through the CDN's build hook. */
    available: z.boolean(),
    hook: z.boolean(),
  })
  .openapi('PublishStatus');

/** An operator's change to what the pages show, made since the last publish. */
export const unpublishedChangeSchema = z.object({ actor: z.string(), action: z.string(), subject: z.string(), time: z.string() });

export const customerQuerySchema = z.object({
  /** Part of an email or a name. */
  q: z.string().trim().max(100).optional(),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CustomerQuery = z.infer<typeof customerQuerySchema>;
export const customerIdQuerySchema = z.object({ id: recordIdParamSchema });
export const customerIdBodySchema = z.object({ id: recordIdSchema });

const customerRowSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string(), createTime: z.string(), disabled: z.boolean(), erased: z.boolean() });
export const customerPageSchema = z.object({ list: z.array(customerRowSchema), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });
export const customerDetailsSchema = customerRowSchema
  .extend({
    shareCode: z.string(),
    rebateRate: z.number(),
    referrer: z.string().nullable(),
    balance: z.number().int(),
    signedInBrowsers: z.number().int(),
    orders: z.array(adminOrderRowSchema.omit({ email: true })),
    ledger: z.array(z.object({ transactionNo: z.string(), type: z.string(), points: z.number().int(), balanceAfter: z.number().int(), reference: z.string(), time: z.string() })),
    friends: z.array(customerRowSchema),
  })
  .openapi('AdminCustomer');

export const programmeSchema = z
  .object({
    rebates: z.object({ points: z.number().int(), count: z.number().int() }),
    pointsOutstanding: z.number().int(),
    openGifts: z.object({ points: z.number().int(), count: z.number().int() }),
    topSharers: z.array(z.object({ id: z.number().int(), email: z.string(), friends: z.number().int(), rebatePoints: z.number().int() })),
  })
  .openapi('ProgrammeFigures');
export const ledgerCheckSchema = z.object({
  customers: z.number().int(),
  records: z.number().int(),
  problems: z.array(z.object({ userId: z.number().int(), recordId: z.number().int(), problem: z.string() })),
});

export const orderExportQuerySchema = adminOrderQuerySchema.omit({ pageNum: true, pageSize: true });
/** At most 10 000 codes per batch from the back office (the CLI issues larger ones). */
export const VERIFY_BATCH_MAX = 10_000;
export const verifyCodesBodySchema = z.object({ sku: z.string().trim().min(1).max(100), count: z.number().int().min(1).max(VERIFY_BATCH_MAX) });
