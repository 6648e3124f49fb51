// Over 300 lines: the stand-in answers every PayPal call the shop makes, as PayPal's published definitions say.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerProblems,
  documentedError,
  findOperation,
  operation,
  prepare,
  requestProblems,
  schemaProblems,
  type FoundOperation,
  type SpecFile,
} from './paypal-openapi';

/*
 * A local stand-in for PayPal's REST API (OAuth2, Orders v2, Payments v2 captures and refunds, webhook
 * signature verification), held to PayPal's published OpenAPI definitions (./paypal-openapi/): every
 * request the shop sends is validated against them (a field PayPal would reject is answered 400 as
 * PayPal would, and recorded in `violations`, which the tests check), every answer the stand-in gives
 * is validated too, and error answers carry only the issues PayPal documents for the operation.
 * Tests steer it: approve an order as the buyer would, choose the outcome of the next captures and
 * refunds (each documented status and issue, 5xx, a lost answer), settle a pending capture or refund,
 * refuse webhook signatures. Writes honour PayPal-Request-Id as PayPal does: a repeated request gets
 * the original answer (200 where PayPal documents it for a repeat).
 * It also serves a stand-in of PayPal's JavaScript SDK (card fields) at /sdk/js for the browser
 * tests; see paypal-sdk-stand-in.js and STAND_IN_CARDS.
 * The card fields and 3-D Secure follow PayPal's guides "3D Secure: JavaScript SDK"
 * (https://developer.paypal.com/docs/checkout/advanced/customize/3d-secure/sdk/: the verification method
 * and the 3-D Secure return and cancel URLs in `payment_source.card` of the create-order call,
 * `liabilityShift` in the card fields' onApprove) and "3D Secure response parameters"
 * (https://developer.paypal.com/docs/checkout/advanced/customize/3d-secure/response-parameters/: what
 * `payment_source.card.authentication_result` holds for each outcome), and the Orders v2 reference for
 * the 3-D Secure contingency (capture answers 422 PAYER_ACTION_REQUIRED, the order's `payer-action` link
 * leads to PayPal's authentication page, which sends the buyer to the return URL, or 422
 * RETURN_URL_REQUIRED when the order has none).
 */

export const STAND_IN_CLIENT = { id: 'shop-client', secret: 'shop-secret' };
/** A webhook id as PayPal issues them (letters and digits only). */
export const STAND_IN_WEBHOOK_ID = '2WH14895PA0591623';

/**
 * Card numbers the SDK stand-in's fields take: `approve` is captured; `decline` is accepted for the
 * order but its capture is declined (INSTRUMENT_DECLINED); `refuse` is a valid number PayPal refuses at
 * once, so the page's onError runs; the others go through 3-D Secure as each says. Any expiry MM/YY
 * and a 3-digit CVV.
 */
export const STAND_IN_CARDS = {
  approve: '4111111111111111',
  decline: '4000000000000002',
  refuse: '5555555555554444',
  /** 3-D Secure in the card fields: the issuer authenticates the buyer (enrollment Y, authentication Y, liability POSSIBLE). */
  authenticated: '4000000000003220',
  /** 3-D Secure in the card fields: the buyer fails the issuer's challenge (Y, N, liability NO). */
  authenticationFailed: '4000000000003063',
  /** 3-D Secure could not run: the issuer's system is unavailable (U, no authentication, liability UNKNOWN). */
  authenticationUnavailable: '4000000000003097',
  /** A card not enrolled in 3-D Secure (N, no authentication, liability NO): PayPal's guide says to continue. */
  notEnrolled: '4000000000003055',
  /** 3-D Secure left to PayPal's own page: the order waits for the buyer (PAYER_ACTION_REQUIRED), who authenticates there. */
  authenticateAtPaypal: '4000000000003238',
} as const;

/** What PayPal's 3-D Secure says about a card (payment_source.card.authentication_result), per stand-in card. */
type Authentication = {
  liability_shift: 'POSSIBLE' | 'NO' | 'UNKNOWN';
  three_d_secure?: { enrollment_status: string; authentication_status?: string };
};
const authentications: Partial<Record<string, Authentication>> = {
  [STAND_IN_CARDS.authenticated]: {
    liability_shift: 'POSSIBLE',
    three_d_secure: { enrollment_status: 'Y', authentication_status: 'Y' },
  },
  [STAND_IN_CARDS.authenticationFailed]: {
    liability_shift: 'NO',
    three_d_secure: { enrollment_status: 'Y', authentication_status: 'N' },
  },
  [STAND_IN_CARDS.authenticationUnavailable]: {
    liability_shift: 'UNKNOWN',
    three_d_secure: { enrollment_status: 'U' },
  },
  [STAND_IN_CARDS.notEnrolled]: { liability_shift: 'NO', three_d_secure: { enrollment_status: 'N' } },
};
/** Currencies PayPal takes only for accounts in their own country ("in-country PayPal accounts only"). */
const inCountryOnly: Record<string, string> = { CNY: 'CN', MYR: 'MY' };

const sdkScript = readFile(new URL('./paypal-sdk-stand-in.js', import.meta.url), 'utf8');

/** What PayPal answers to a capture: a capture in one of its statuses, an error it documents, or an answer that never arrives in time. */
export type CaptureOutcome =
  /** `amount`: what PayPal says it captured, when not the order's (a changed order, a currency conversion). */
  | { capture: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED'; amount?: Money }
  | { http: 400 | 403 | 404 | 422; issue?: string }
  | { http: 500 }
  /** PayPal captures once the shop has stopped waiting (its timeout closed the connection): the answer is lost. */
  | { late: true };
export type RefundOutcome =
  | { refund: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED' }
  | { http: 400 | 403 | 404 | 409 | 422; issue?: string }
  | { http: 500 }
  /** PayPal refunds once the shop has stopped waiting: the answer is lost. */
  | { late: true };

export type Money = { currency_code: string; value: string };
type Refund = {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';
  amount: Money;
  captureId: string;
  /** A chargeback's reversal rather than a refund the merchant made. */
  reversal?: boolean;
  /** A reversal whose money came back to the seller when the seller won the chargeback (it then counts no more). */
  returned?: boolean;
};
type Capture = {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amount: Money;
  orderId: string;
  invoiceId?: string;
  refunds: Refund[];
};
/** PayPal's dispute outcomes the stand-in resolves to (customer_disputes_v1 `dispute_outcome.outcome_code`). */
export type DisputeOutcome = 'RESOLVED_BUYER_FAVOUR' | 'RESOLVED_SELLER_FAVOUR' | 'CANCELED_BY_BUYER';
type Dispute = {
  id: string;
  captureId: string;
  reason: string;
  status: 'OPEN' | 'WAITING_FOR_SELLER_RESPONSE' | 'UNDER_REVIEW' | 'RESOLVED';
  amount: Money;
  stage: 'INQUIRY' | 'CHARGEBACK';
  outcome?: { code: DisputeOutcome; refunded?: Money };
  created: string;
};
type Order = {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: Money;
  request: Record<string, unknown>;
  capture?: Capture;
  /** Paid with STAND_IN_CARDS.decline: its capture is declined. */
  declinedCard?: boolean;
  /** The card the buyer typed (card fields), and what 3-D Secure said about it. */
  card?: { lastDigits: string; authentication?: Authentication };
  /** The PayPal account that approved the order in PayPal's checkout (its payer id). */
  payerId?: string;
};
type Answer = { status: number; body: unknown };
type WebhookEventType =
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.PENDING'
  | 'PAYMENT.CAPTURE.DECLINED'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.REFUNDED'
  | 'PAYMENT.CAPTURE.REVERSED'
  | 'CHECKOUT.ORDER.APPROVED'
  | 'CHECKOUT.ORDER.COMPLETED'
  | 'CUSTOMER.DISPUTE.CREATED'
  | 'CUSTOMER.DISPUTE.UPDATED'
  | 'CUSTOMER.DISPUTE.RESOLVED';

const id = (length = 17) => randomBytes(length).toString('hex').slice(0, length).toUpperCase();
/** A PayPal account's id as PayPal writes it (`payer.payer_id`): 13 of 2-9 and A-Z less I and O. */
export const aPayerId = () =>
  Array.from(randomBytes(13), (byte) => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[byte % 32]).join('');
const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Minor units per currency PayPal states for the currencies the shop uses. */
const decimals: Record<string, number> = { USD: 2, CNY: 2, MYR: 2, JPY: 0 };

const specOf = (path: string): SpecFile | null =>
  path.startsWith('/v2/checkout/')
    ? 'checkout_orders_v2'
    : path.startsWith('/v2/payments/')
      ? 'payments_payment_v2'
      : path.startsWith('/v1/customer/disputes')
        ? 'customer_disputes_v1'
        : path.startsWith('/v1/notifications/')
          ? 'notifications_webhooks_v1'
          : null;
/** Minor units of a PayPal money value. */
const minorOf = (money: Money) => Math.round(Number(money.value) * 10 ** (decimals[money.currency_code] ?? 2));
const moneyOf = (currency: string, minor: number): Money => {
  const places = decimals[currency] ?? 2;
  return { currency_code: currency, value: places === 0 ? String(minor) : (minor / 10 ** places).toFixed(places) };
};

type PurchaseUnitAmounts = {
  amount: Money & {
    breakdown?: Partial<
      Record<
        'item_total' | 'shipping' | 'handling' | 'tax_total' | 'insurance' | 'shipping_discount' | 'discount',
        Money
      >
    >;
  };
  items?: { quantity: string; unit_amount: Money; tax?: Money }[];
};

/**
 * PayPal's rules for a purchase unit's `amount.breakdown` and `items` (422 UNPROCESSABLE_ENTITY): the
 * amount is item_total + tax_total + shipping + handling + insurance − shipping_discount − discount
 * (AMOUNT_MISMATCH), item_total and tax_total are the items' sums (ITEM_TOTAL_MISMATCH,
 * TAX_TOTAL_MISMATCH) and required with items, each in the amount's currency and precision.
 */
function breakdownProblem(unit: PurchaseUnitAmounts, places: number): string | null {
  const { breakdown } = unit.amount;
  const items = unit.items ?? [];
  const parts = [
    ...Object.values(breakdown ?? {}),
    ...items.flatMap((item) => [item.unit_amount, ...(item.tax ? [item.tax] : [])]),
  ];
  if (parts.some((part) => (part.value.split('.')[1] ?? '').length !== places)) return 'DECIMAL_PRECISION';
  if (parts.some((part) => part.currency_code !== unit.amount.currency_code)) return 'AMOUNT_MISMATCH';
  const minor = (money: Money | undefined) => (money ? Math.round(Number(money.value) * 10 ** places) : 0);
  if (items.length > 0) {
    if (!breakdown?.item_total) return 'ITEM_TOTAL_REQUIRED';
    if (
      items.reduce((sum, item) => sum + minor(item.unit_amount) * Number(item.quantity), 0) !==
      minor(breakdown.item_total)
    )
      return 'ITEM_TOTAL_MISMATCH';
    if (items.some((item) => item.tax)) {
      if (!breakdown.tax_total) return 'TAX_TOTAL_REQUIRED';
      if (items.reduce((sum, item) => sum + minor(item.tax) * Number(item.quantity), 0) !== minor(breakdown.tax_total))
        return 'TAX_TOTAL_MISMATCH';
    }
  }
  if (!breakdown) return null;
  const added =
    minor(breakdown.item_total) +
    minor(breakdown.tax_total) +
    minor(breakdown.shipping) +
    minor(breakdown.handling) +
    minor(breakdown.insurance);
  return added - minor(breakdown.shipping_discount) - minor(breakdown.discount) === minor(unit.amount)
    ? null
    : 'AMOUNT_MISMATCH';
}

/** The calls the shop makes, with their validators compiled before the first test needs them. */
const servedOperations: [SpecFile, string, string][] = [
  ['checkout_orders_v2', 'POST', '/v2/checkout/orders'],
  ['checkout_orders_v2', 'GET', '/v2/checkout/orders/X'],
  ['checkout_orders_v2', 'POST', '/v2/checkout/orders/X/capture'],
  ['payments_payment_v2', 'GET', '/v2/payments/captures/X'],
  ['payments_payment_v2', 'POST', '/v2/payments/captures/X/refund'],
  ['payments_payment_v2', 'GET', '/v2/payments/refunds/X'],
  ['customer_disputes_v1', 'GET', '/v1/customer/disputes/X'],
  ['notifications_webhooks_v1', 'POST', '/v1/notifications/verify-webhook-signature'],
];

export async function startPaypalStandIn() {
  for (const [file, method, path] of servedOperations) prepare(operation(file, method, path));
  schemaProblems('payments_payment_v2', 'capture-2', {});
  schemaProblems('payments_payment_v2', 'refund', {});
  schemaProblems('notifications_webhooks_v1', 'event', {});
  schemaProblems('customer_disputes_v1', 'dispute', {});
  const orders = new Map<string, Order>();
  const disputes = new Map<string, Dispute>();
  const captures = new Map<string, Capture>();
  const refunds = new Map<string, Refund>();
  const tokens = new Set<string>();
  const idempotent = new Map<string, Promise<Answer>>();
  /** The PayPal-Request-Id of every refund request that reached PayPal, in turn (a replayed one too). */
  const refundRequestIds: string[] = [];
  /** Invoice ids that reached a capture attempt (captured or refused). */
  const invoiceIds = new Set<string>();
  /** Calls held until the test releases them (see `hold`). */
  const holds: { path: RegExp; arrived: () => void; released: Promise<void> }[] = [];
  /** Signed webhook bodies by transmission id, exactly as sent. */
  const sentWebhooks = new Map<string, { raw: string; signature: string }>();
  /** Requests PayPal would refuse and answers PayPal would never give; the tests expect none. */
  const violations: string[] = [];
  const stats = {
    disputeReads: 0,
    tokenRequests: 0,
    captureCalls: 0,
    capturesCreated: 0,
    captureReads: 0,
    orderReads: 0,
    refunds: 0,
    refundCalls: 0,
    verifications: 0,
    sdkLoads: 0,
    cardsConfirmed: 0,
  };
  /** The query of the last SDK script a page loaded (client-id, components, currency). */
  let lastSdkQuery: Record<string, string> = {};
  const steer = {
    /** The outcomes of the next captures, in turn; an approved order is captured COMPLETED when none is left. */
    captures: [] as CaptureOutcome[],
    /** The outcomes of the next refunds, in turn; COMPLETED when none is left. */
    refunds: [] as RefundOutcome[],
    /** Answer these paths with HTTP 500 (once each). */
    failNext: [] as RegExp[],
    /** Delay answers to matching paths by this many milliseconds. */
    slow: null as { path: RegExp; ms: number } | null,
    /**
     * Answer matching paths only once the shop has stopped waiting (its timeout closed the
     * connection), and do the work then: PayPal did it, its answer came too late.
     */
    tooLate: null as RegExp | null,
    webhookVerification: 'SUCCESS' as 'SUCCESS' | 'FAILURE',
    tokenLifetimeSeconds: 32_400,
    /**
     * The currencies the merchant account receives, per way of paying (a PayPal account or a card).
     * CNY and MYR are taken only by an account in China or Malaysia (`accountCountry`), as PayPal's
     * currency codes page says, whatever is listed here.
     */
    currencies: { paypal: ['USD', 'CNY', 'MYR'], card: ['USD'] } as Record<'paypal' | 'card', string[]>,
    /** Where the merchant's PayPal account is. */
    accountCountry: 'US' as string,
    /**
     * The merchant account refuses a capture whose invoice id an earlier capture attempt carried
     * (PayPal's "block accidental payments" setting): 422 DUPLICATE_INVOICE_ID.
     */
    refuseDuplicateInvoiceIds: false,
    /** The last verification request, as its raw text. */
    lastVerificationText: '',
  };

  const link = (path: string, rel: string, method = 'GET') => ({ href: `${url}${path}`, rel, method });

  function captureBody(capture: Capture, withOrder = false) {
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: capture.amount,
      ...(capture.invoiceId ? { invoice_id: capture.invoiceId } : {}),
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      links: [
        link(`/v2/payments/captures/${capture.id}`, 'self'),
        link(`/v2/payments/captures/${capture.id}/refund`, 'refund', 'POST'),
        link(`/v2/checkout/orders/${capture.orderId}`, 'up'),
      ],
      create_time: now(),
      update_time: now(),
      ...(withOrder ? { supplementary_data: { related_ids: { order_id: capture.orderId } } } : {}),
    };
  }

  /**
   * What has gone back from a capture so far (`seller_payable_breakdown.total_refunded_amount`): its
   * completed refunds and reversals, up to and including `upTo` when given (as it stood at that refund).
   */
  function refundedSoFar(captured: Capture, upTo?: Refund): Money {
    const until = upTo ? captured.refunds.indexOf(upTo) : captured.refunds.length - 1;
    const done = captured.refunds.slice(0, until + 1).filter((made) => made.status === 'COMPLETED');
    return moneyOf(
      captured.amount.currency_code,
      done.reduce((sum, made) => sum + minorOf(made.amount), 0),
    );
  }

  /** The capture's status from what went back: REFUNDED once all of it, PARTIALLY_REFUNDED for some. */
  function restate(captured: Capture) {
    if (captured.status !== 'COMPLETED' && captured.status !== 'PARTIALLY_REFUNDED' && captured.status !== 'REFUNDED')
      return;
    const back = minorOf(refundedSoFar(captured));
    captured.status = back === 0 ? 'COMPLETED' : back >= minorOf(captured.amount) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  }

  function refundBody(refund: Refund) {
    const captured = captures.get(refund.captureId);
    return {
      id: refund.id,
      status: refund.status,
      ...(refund.status === 'PENDING' || refund.status === 'FAILED' ? { status_details: { reason: 'ECHECK' } } : {}),
      amount: refund.amount,
      // PayPal's breakdown of every refund: this one's gross amount and the capture's total refunded to date.
      seller_payable_breakdown: {
        gross_amount: refund.amount,
        net_amount: refund.amount,
        ...(captured ? { total_refunded_amount: refundedSoFar(captured, refund) } : {}),
      },
      links: [
        link(`/v2/payments/refunds/${refund.id}`, 'self'),
        link(`/v2/payments/captures/${refund.captureId}`, 'up'),
      ],
      create_time: now(),
      update_time: now(),
    };
  }

  function orderBody(order: Order) {
    const unit = (order.request.purchase_units as { reference_id?: string; invoice_id?: string }[])[0]!;
    // A card's 3-D Secure contingency leads to PayPal's authentication page; a wallet's to its checkout.
    const approveLink = order.card
      ? `${url}/webapps/helios?action=verify&flow=3ds&cart_id=${order.id}`
      : `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`;
    return {
      id: order.id,
      status: order.status,
      intent: 'CAPTURE',
      ...(order.card
        ? {
            payment_source: {
              card: {
                last_digits: order.card.lastDigits,
                brand: 'VISA',
                type: 'CREDIT',
                ...(order.card.authentication ? { authentication_result: order.card.authentication } : {}),
              },
            },
          }
        : {}),
      create_time: now(),
      // Once a PayPal account approved the order, PayPal names it in every answer about the order.
      ...(order.payerId
        ? {
            payer: {
              name: { given_name: 'Mei', surname: 'Tan' },
              email_address: 'buyer@example.com',
              payer_id: order.payerId,
            },
          }
        : {}),
      purchase_units: [
        {
          reference_id: unit.reference_id ?? 'default',
          amount: order.amount,
          payee: { merchant_id: 'STANDNMRCHNT2' },
          ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
          ...(order.capture ? { payments: { captures: [captureBody(order.capture)] } } : {}),
        },
      ],
      links: [
        link(`/v2/checkout/orders/${order.id}`, 'self'),
        ...(order.status === 'PAYER_ACTION_REQUIRED'
          ? [{ href: approveLink, rel: 'payer-action', method: 'GET' }]
          : []),
        ...(order.status === 'CREATED' ? [{ href: approveLink, rel: 'approve', method: 'GET' }] : []),
        ...(order.status === 'APPROVED' ? [link(`/v2/checkout/orders/${order.id}/capture`, 'capture', 'POST')] : []),
      ],
    };
  }

  const fail = (found: FoundOperation, status: number, issue?: string): Answer => ({
    status,
    body: documentedError(found, status, issue, id(13).toLowerCase()),
  });

  async function capture(found: FoundOperation, order: Order, callerGone: Promise<void>): Promise<Answer> {
    stats.captureCalls += 1;
    if (order.status === 'COMPLETED') return fail(found, 422, 'ORDER_ALREADY_CAPTURED');
    // A card whose 3-D Secure waits for the buyer on PayPal's page: they can come back only to a return URL.
    if (order.status === 'PAYER_ACTION_REQUIRED' && order.card)
      return fail(found, 422, cardExperience(order)?.return_url ? 'PAYER_ACTION_REQUIRED' : 'RETURN_URL_REQUIRED');
    if (order.status !== 'APPROVED') return fail(found, 422, 'ORDER_NOT_APPROVED');
    const invoiceId = (order.request.purchase_units as { invoice_id?: string }[])[0]!.invoice_id;
    if (invoiceId && steer.refuseDuplicateInvoiceIds && invoiceIds.has(invoiceId))
      return fail(found, 422, 'DUPLICATE_INVOICE_ID');
    if (invoiceId) invoiceIds.add(invoiceId);
    const outcome: CaptureOutcome =
      steer.captures.shift() ??
      (order.declinedCard ? { http: 422, issue: 'INSTRUMENT_DECLINED' } : { capture: 'COMPLETED' });
    if ('http' in outcome) {
      // PayPal sends the buyer back to choose another way of paying: the order awaits the buyer again
      // (for a declined funding source only in PayPal's own checkout: a card's decline is the card's).
      const wallet =
        typeof order.request.payment_source === 'object' &&
        order.request.payment_source !== null &&
        'paypal' in order.request.payment_source;
      const buyerBack = [
        'PAYER_ACTION_REQUIRED',
        'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
        ...(wallet ? ['INSTRUMENT_DECLINED'] : []),
      ];
      if (outcome.http === 422 && 'issue' in outcome && outcome.issue && buyerBack.includes(outcome.issue))
        order.status = 'PAYER_ACTION_REQUIRED';
      return fail(found, outcome.http, 'issue' in outcome ? outcome.issue : undefined);
    }
    if ('late' in outcome) await callerGone;
    stats.capturesCreated += 1;
    const unit = (order.request.purchase_units as { invoice_id?: string }[])[0]!;
    const amount = ('amount' in outcome && outcome.amount) || {
      currency_code: order.amount.currency_code,
      value: order.amount.value,
    };
    order.capture = {
      id: id(),
      status: 'capture' in outcome ? outcome.capture : 'COMPLETED',
      amount,
      orderId: order.id,
      refunds: [],
      ...(unit.invoice_id ? { invoiceId: unit.invoice_id } : {}),
    };
    order.status = 'COMPLETED';
    captures.set(order.capture.id, order.capture);
    return { status: 201, body: orderBody(order) };
  }

  async function refund(
    found: FoundOperation,
    captured: Capture,
    body: { amount?: Money },
    callerGone: Promise<void>,
  ): Promise<Answer> {
    stats.refundCalls += 1;
    if (captured.status === 'REFUNDED') return fail(found, 422, 'CAPTURE_FULLY_REFUNDED');
    if (captured.status === 'PENDING') return fail(found, 422, 'PENDING_CAPTURE');
    if (captured.status !== 'COMPLETED' && captured.status !== 'PARTIALLY_REFUNDED')
      return fail(found, 422, 'REFUND_NOT_ALLOWED');
    // What is left to refund: the capture less what went back and what is still on its way back.
    const committed = captured.refunds
      .filter((made) => made.status === 'COMPLETED' || made.status === 'PENDING')
      .reduce((sum, made) => sum + minorOf(made.amount), 0);
    const left = minorOf(captured.amount) - committed;
    // Without an amount PayPal refunds what is left of the capture.
    const amount = body.amount ?? moneyOf(captured.amount.currency_code, left);
    if (amount.currency_code !== captured.amount.currency_code)
      return fail(found, 422, 'REFUND_CAPTURE_CURRENCY_MISMATCH');
    if (minorOf(amount) > left) return fail(found, 422, 'REFUND_AMOUNT_EXCEEDED');
    const outcome: RefundOutcome = steer.refunds.shift() ?? { refund: 'COMPLETED' };
    if ('http' in outcome) return fail(found, outcome.http, 'issue' in outcome ? outcome.issue : undefined);
    if ('late' in outcome) await callerGone;
    const made: Refund = {
      id: id(),
      status: 'refund' in outcome ? outcome.refund : 'COMPLETED',
      amount,
      captureId: captured.id,
    };
    refunds.set(made.id, made);
    captured.refunds.push(made);
    if (made.status === 'COMPLETED') {
      restate(captured);
      stats.refunds += 1;
    }
    return { status: 201, body: refundBody(made) };
  }

  /** The 3-D Secure return and cancel URLs a card order was created with. */
  const cardExperience = (order: Order) =>
    (
      order.request.payment_source as
        { card?: { experience_context?: { return_url?: string; cancel_url?: string } } } | undefined
    )?.card?.experience_context;

  function createOrder(found: FoundOperation, body: Record<string, unknown>): Answer {
    const unit = (body.purchase_units as { amount: Money }[])[0]!;
    const wallet = body.payment_source && typeof body.payment_source === 'object' && 'paypal' in body.payment_source;
    const way = wallet ? 'paypal' : 'card';
    const currency = unit.amount.currency_code;
    const places = decimals[currency];
    const inCountry = inCountryOnly[currency] === undefined || inCountryOnly[currency] === steer.accountCountry;
    if (places === undefined || !steer.currencies[way].includes(currency) || !inCountry)
      return fail(found, 422, 'INVALID_CURRENCY_CODE');
    if ((unit.amount.value.split('.')[1] ?? '').length !== places) return fail(found, 422, 'DECIMAL_PRECISION');
    const breakdownIssue = breakdownProblem(unit as PurchaseUnitAmounts, places);
    if (breakdownIssue) return fail(found, 422, breakdownIssue);
    // A wallet order waits for the buyer at PayPal; a card order (card fields, no number) for the card.
    const order: Order = {
      id: id(),
      status: wallet ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      amount: unit.amount,
      request: body,
    };
    orders.set(order.id, order);
    return { status: 201, body: orderBody(order) };
  }

  /** The answer to a documented API call, after the request was validated. */
  async function route(
    found: FoundOperation | null,
    method: string,
    path: string,
    text: string,
    request: IncomingMessage,
    body: Record<string, unknown>,
    callerGone: Promise<void>,
  ): Promise<Answer> {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      stats.tokenRequests += 1;
      const expected = `Basic ${Buffer.from(`${STAND_IN_CLIENT.id}:${STAND_IN_CLIENT.secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected)
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      const token = `A21AA${id(24)}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-STANDIN',
          expires_in: steer.tokenLifetimeSeconds,
        },
      };
    }
    if (!found) return { status: 404, body: { name: 'NOT_FOUND', message: 'Not found', debug_id: id(13) } };
    if (!tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, '')))
      return {
        status: 401,
        body: {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          debug_id: id(13),
        },
      };

    const resourceId = decodeURIComponent(path.split('/')[4] ?? '');
    switch (found.operation.operationId) {
      case 'orders.create':
        return createOrder(found, body);
      case 'orders.get': {
        stats.orderReads += 1;
        const order = orders.get(resourceId);
        return order ? { status: 200, body: orderBody(order) } : fail(found, 404, 'INVALID_RESOURCE_ID');
      }
      case 'orders.capture': {
        const order = orders.get(resourceId);
        return order ? capture(found, order, callerGone) : fail(found, 404, 'INVALID_RESOURCE_ID');
      }
      case 'captures.get': {
        stats.captureReads += 1;
        const captured = captures.get(resourceId);
        return captured ? { status: 200, body: captureBody(captured) } : fail(found, 404, 'INVALID_RESOURCE_ID');
      }
      case 'captures.refund': {
        const captured = captures.get(resourceId);
        return captured
          ? refund(found, captured, body as { amount?: Money }, callerGone)
          : fail(found, 404, 'INVALID_RESOURCE_ID');
      }
      case 'refunds.get': {
        const made = refunds.get(resourceId);
        return made && !made.reversal
          ? { status: 200, body: refundBody(made) }
          : fail(found, 404, 'INVALID_RESOURCE_ID');
      }
      case 'disputes.get': {
        stats.disputeReads += 1;
        const dispute = disputes.get(decodeURIComponent(path.split('/')[4] ?? ''));
        // PayPal documents only its generic error for this operation; an unknown id is its 404.
        return dispute
          ? { status: 200, body: disputeBody(dispute) }
          : {
              status: 404,
              body: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', debug_id: id(13) },
            };
      }
      case 'verify-webhook-signature.post': {
        stats.verifications += 1;
        steer.lastVerificationText = text;
        // PayPal checks the signature over the event exactly as it sent it: a re-encoded event does not verify.
        const sent = sentWebhooks.get(String(body.transmission_id));
        const genuine =
          sent !== undefined &&
          body.transmission_sig === sent.signature &&
          body.webhook_id === STAND_IN_WEBHOOK_ID &&
          text.includes(sent.raw);
        return { status: 200, body: { verification_status: genuine ? steer.webhookVerification : 'FAILURE' } };
      }
      default:
        return { status: 404, body: { name: 'NOT_FOUND', message: 'Not found', debug_id: id(13) } };
    }
  }

  /** The card fields hand PayPal a card for an order (3-D Secure runs in the fields, or is left to PayPal's page). */
  function confirmCard(order: Order, number: string) {
    stats.cardsConfirmed += 1;
    const authentication = authentications[number];
    order.card = { lastDigits: number.slice(-4), ...(authentication ? { authentication } : {}) };
    order.declinedCard = number === STAND_IN_CARDS.decline;
    order.status = number === STAND_IN_CARDS.authenticateAtPaypal ? 'PAYER_ACTION_REQUIRED' : 'APPROVED';
  }

  /** PayPal's 3-D Secure page (its `payer-action` link for a card), reduced to the buyer's two choices. */
  function authenticationPage(orderId: string): string {
    const order = orders.get(orderId);
    const safeId = orderId.replace(/[^A-Z0-9]/g, '');
    if (!order?.card) return '<!doctype html><title>PayPal</title><p>This payment is no longer available.</p>';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Verify your card · PayPal</title></head><body>
<h1>Verify your card</h1><p>Your bank asks you to confirm this payment of ${order.amount.value} ${order.amount.currency_code} with the card ending in ${order.card.lastDigits}.</p>
<form method="post" action="/webapps/helios"><input type="hidden" name="cart_id" value="${safeId}">
<button name="result" value="authenticated">Confirm</button> <button name="result" value="cancelled">Cancel</button></form></body></html>`;
  }

  /**
   * The SDK stand-in's side: the script (PayPal answers 400 for a client id it does not know, or a
   * currency the merchant does not take cards in), the card its fields submit for an order, and
   * PayPal's 3-D Secure page with the buyer's answer to it.
   */
  async function answerSdk(
    method: string,
    address: URL,
    text: string,
  ): Promise<Answer | string | { redirect: string }> {
    if (method === 'GET' && address.pathname === '/sdk/js') {
      lastSdkQuery = Object.fromEntries(address.searchParams);
      if (address.searchParams.get('client-id') !== STAND_IN_CLIENT.id)
        return { status: 400, body: { name: 'INVALID_CLIENT_ID' } };
      if (!steer.currencies.card.includes(address.searchParams.get('currency') ?? 'USD'))
        return { status: 400, body: { name: 'INVALID_CURRENCY' } };
      stats.sdkLoads += 1;
      return sdkScript;
    }
    if (method === 'POST' && address.pathname === '/sdk/card-fields/confirm') {
      const card = JSON.parse(text) as { orderID?: string; number?: string };
      const order = orders.get(card.orderID ?? '');
      if (!order || order.status !== 'CREATED')
        return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVABLE' }] } };
      const known = (Object.values(STAND_IN_CARDS) as string[]).includes(card.number ?? '');
      if (!card.number || !known || card.number === STAND_IN_CARDS.refuse)
        return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CARD_TYPE_NOT_SUPPORTED' }] } };
      confirmCard(order, card.number);
      return {
        status: 200,
        body: {
          id: order.id,
          status: order.status,
          liabilityShift: order.card?.authentication?.liability_shift ?? null,
        },
      };
    }
    if (method === 'GET' && address.pathname === '/webapps/helios')
      return authenticationPage(address.searchParams.get('cart_id') ?? '');
    if (method === 'POST' && address.pathname === '/webapps/helios') {
      // The buyer's answer on PayPal's 3-D Secure page: authenticated, or cancelled.
      const form = new URLSearchParams(text);
      const order = orders.get(form.get('cart_id') ?? '');
      const experience = order && cardExperience(order);
      if (!order?.card || order.status !== 'PAYER_ACTION_REQUIRED' || !experience?.return_url)
        return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY' } };
      if (form.get('result') !== 'authenticated') return { redirect: experience.cancel_url ?? experience.return_url };
      order.card.authentication = authentications[STAND_IN_CARDS.authenticated];
      order.status = 'APPROVED';
      const back = new URL(experience.return_url);
      back.searchParams.set('token', order.id);
      return { redirect: back.toString() };
    }
    return { status: 404, body: { name: 'NOT_FOUND' } };
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const address = new URL(request.url ?? '/', 'http://stand-in');
    const path = address.pathname;
    const method = request.method ?? 'GET';

    if (path.startsWith('/sdk/') || path === '/webapps/helios') {
      const sdk = await answerSdk(method, address, text);
      if (typeof sdk === 'object' && 'redirect' in sdk) {
        response.writeHead(303, { Location: sdk.redirect });
        response.end();
        return;
      }
      const page = typeof sdk === 'string';
      const type = !page
        ? 'application/json'
        : path === '/webapps/helios'
          ? 'text/html; charset=utf-8'
          : 'text/javascript';
      // The page's scripts call it from the shop's origin.
      response.writeHead(page ? 200 : sdk.status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
      response.end(page ? sdk : JSON.stringify(sdk.body));
      return;
    }

    const spec = specOf(path);
    const found = spec ? findOperation(spec, method, path) : null;
    // Settles when the connection closes: after the answer, or when the shop stopped waiting for it.
    const callerGone = new Promise<void>((resolve) => response.once('close', () => resolve()));
    const work = async (): Promise<Answer> => {
      if (steer.slow?.path.test(path)) await sleep(steer.slow.ms);
      if (steer.tooLate?.test(path)) await callerGone;
      const held = holds.findIndex((hold) => hold.path.test(path));
      if (held >= 0) {
        const [hold] = holds.splice(held, 1);
        hold!.arrived();
        await hold!.released;
      }
      const failing = steer.failNext.findIndex((pattern) => pattern.test(path));
      if (failing >= 0) {
        steer.failNext.splice(failing, 1);
        return found && '500' in found.operation.responses
          ? fail(found, 500)
          : {
              status: 500,
              body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: id(13) },
            };
      }
      let body: Record<string, unknown> = {};
      if (text && request.headers['content-type']?.includes('json')) {
        try {
          body = JSON.parse(text);
        } catch {
          violations.push(`${method} ${path}: the body is not JSON`);
          return found ? fail(found, 400) : { status: 400, body: {} };
        }
      }
      if (found) {
        const problems = requestProblems(found, request.headers, body);
        if (problems.length > 0) {
          violations.push(`${method} ${path} (${found.operation.operationId}): ${problems.join('; ')}`);
          return {
            status: 400,
            body: {
              ...documentedError(found, 400),
              details: problems.map((problem) => ({ issue: 'INVALID_PARAMETER_VALUE', description: problem })),
            },
          };
        }
      }
      return route(found, method, path, text, request, body, callerGone);
    };

    const requestId = request.headers['paypal-request-id'];
    if (method === 'POST' && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(path))
      refundRequestIds.push(String(requestId ?? ''));
    let result: Answer;
    if (method === 'POST' && typeof requestId === 'string') {
      const key = `${path} ${requestId}`;
      let pending = idempotent.get(key);
      const repeated = pending !== undefined;
      if (!pending) {
        pending = work();
        idempotent.set(key, pending);
      }
      result = await pending;
      // PayPal keeps successful answers; a refused request may be tried again under the same id.
      if (result.status >= 300) idempotent.delete(key);
      // A repeated request gets the original result, as 200 where PayPal documents that.
      if (repeated && result.status === 201 && found && '200' in found.operation.responses)
        result = { ...result, status: 200 };
      // The stored answer shows the resource as it is now (a pending capture may have completed since).
      if (repeated && result.status === 200 && found?.operation.operationId === 'orders.capture') {
        const order = orders.get(decodeURIComponent(path.split('/')[4] ?? ''));
        if (order) result = { status: 200, body: orderBody(order) };
      }
    } else {
      result = await work();
    }
    if (found) {
      const problems = answerProblems(found, result.status, result.body);
      if (problems.length > 0)
        violations.push(
          `the stand-in answered ${method} ${path} (${found.operation.operationId}) as PayPal never would: ${problems.join('; ')}`,
        );
    }
    if (response.destroyed) return;
    response.writeHead(result.status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(result.body));
  }

  /** Requests the stand-in is still answering, and who waits until there are none. */
  let answering = 0;
  const idleWaiters: (() => void)[] = [];
  const server = createServer((request, response) => {
    answering += 1;
    answer(request, response)
      .catch((failure: Error) => {
        violations.push(`the stand-in failed: ${failure.message}`);
        response.writeHead(500, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: failure.message, debug_id: id(13) }));
      })
      .finally(() => {
        answering -= 1;
        if (answering === 0) for (const resolve of idleWaiters.splice(0)) resolve();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** PayPal takes money back from a capture (a chargeback): all that is left of it, or `value`; answers the reversal's id. */
  function reverseCapture(captureId: string, value?: string): string {
    const captured = captures.get(captureId);
    if (!captured) throw new Error(`the stand-in has no capture for ${captureId}`);
    const left = minorOf(captured.amount) - minorOf(refundedSoFar(captured));
    const made: Refund = {
      id: id(),
      status: 'COMPLETED',
      amount: value ? { ...captured.amount, value } : moneyOf(captured.amount.currency_code, left),
      captureId,
      reversal: true,
    };
    refunds.set(made.id, made);
    captured.refunds.push(made);
    restate(captured);
    return made.id;
  }

  /**
   * A chargeback's money movements for the seller: each reversal of the capture took its amount
   * (DEBIT), and each one the seller won back returned it (CREDIT).
   */
  function chargebackMovements(captured: Capture) {
    const movement = (type: 'DEBIT' | 'CREDIT', amount: Money) => ({
      affected_party: 'SELLER',
      type,
      amount,
      initiated_time: now(),
      reason: 'DISPUTE_SETTLEMENT',
    });
    const reversals = captured.refunds.filter(
      (made) => made.reversal && (made.status === 'COMPLETED' || made.returned),
    );
    return [
      ...reversals.map((made) => movement('DEBIT', made.amount)),
      ...reversals.filter((made) => made.returned).map((made) => movement('CREDIT', made.amount)),
    ];
  }

  /** A dispute as PayPal's Disputes API shows it to the merchant (customer_disputes_v1 `dispute`). */
  function disputeBody(dispute: Dispute) {
    const captured = captures.get(dispute.captureId)!;
    const order = orders.get(captured.orderId);
    const won = dispute.outcome?.code === 'RESOLVED_SELLER_FAVOUR' || dispute.outcome?.code === 'CANCELED_BY_BUYER';
    return {
      dispute_id: dispute.id,
      create_time: dispute.created,
      update_time: now(),
      disputed_transactions: [
        {
          seller_transaction_id: captured.id,
          create_time: dispute.created,
          transaction_status:
            captured.status === 'PARTIALLY_REFUNDED' || captured.status === 'REFUNDED' ? captured.status : 'COMPLETED',
          gross_amount: captured.amount,
          ...(captured.invoiceId ? { invoice_number: captured.invoiceId } : {}),
          ...(order ? { custom: (order.request.purchase_units as { custom_id?: string }[])[0]?.custom_id ?? '' } : {}),
        },
      ],
      reason: dispute.reason,
      status: dispute.status,
      dispute_amount: dispute.amount,
      ...(dispute.outcome
        ? {
            dispute_outcome: {
              outcome_code: dispute.outcome.code,
              ...(dispute.outcome.refunded && !won ? { amount_refunded: dispute.outcome.refunded } : {}),
            },
          }
        : {}),
      ...(dispute.stage === 'CHARGEBACK' && chargebackMovements(captured).length > 0
        ? { money_movements: chargebackMovements(captured) }
        : {}),
      dispute_life_cycle_stage: dispute.stage,
      dispute_channel: dispute.stage === 'CHARGEBACK' ? 'EXTERNAL' : 'INTERNAL',
      links: [link(`/v1/customer/disputes/${dispute.id}`, 'self')],
    };
  }

  /** The resource a webhook event carries, as PayPal sends it, checked against PayPal's schema for it. */
  function webhookResource(
    eventType: WebhookEventType,
    key: string,
  ): { resourceType: string; resource: Record<string, unknown> } {
    if (eventType === 'CHECKOUT.ORDER.APPROVED' || eventType === 'CHECKOUT.ORDER.COMPLETED') {
      const order = orders.get(key);
      if (!order) throw new Error(`the stand-in has no order ${key}`);
      const resource = orderBody(order);
      const problems = answerProblems(
        operation('checkout_orders_v2', 'GET', `/v2/checkout/orders/${order.id}`),
        200,
        resource,
      );
      if (problems.length > 0) violations.push(`webhook resource: ${problems.join('; ')}`);
      return { resourceType: 'checkout-order', resource };
    }
    if (eventType.startsWith('CUSTOMER.DISPUTE.')) {
      const dispute = disputes.get(key);
      if (!dispute) throw new Error(`the stand-in has no dispute ${key}`);
      const resource = disputeBody(dispute);
      const problems = schemaProblems('customer_disputes_v1', 'dispute', resource);
      if (problems.length > 0) violations.push(`webhook resource: ${problems.join('; ')}`);
      return { resourceType: 'dispute', resource };
    }
    if (eventType === 'PAYMENT.CAPTURE.REVERSED') {
      // A chargeback: PayPal's resource is the reversal (a refund resource) linked up to its capture;
      // `key` is a reversal made with `reverse`, or a capture (or its order) reversed in full now.
      const made = refunds.get(key)?.reversal
        ? refunds.get(key)!
        : refunds.get(reverseCapture(orders.get(key)?.capture?.id ?? key))!;
      const resource = { ...refundBody(made), note_to_payer: 'Payment reversed' };
      const problems = schemaProblems('payments_payment_v2', 'refund', resource);
      if (problems.length > 0) violations.push(`webhook resource: ${problems.join('; ')}`);
      return { resourceType: 'refund', resource };
    }
    if (eventType === 'PAYMENT.CAPTURE.REFUNDED') {
      const made =
        refunds.get(key) ??
        [...refunds.values()].find((candidate) => candidate.captureId === key && !candidate.reversal);
      if (!made) throw new Error(`the stand-in has no refund ${key}`);
      const resource = refundBody(made);
      const problems = schemaProblems('payments_payment_v2', 'refund', resource);
      if (problems.length > 0) violations.push(`webhook resource: ${problems.join('; ')}`);
      return { resourceType: 'refund', resource };
    }
    const order = orders.get(key);
    const captured = order?.capture ?? captures.get(key);
    if (!captured) throw new Error(`the stand-in has no capture for ${key}`);
    const resource = captureBody(captured, true);
    const problems = schemaProblems('payments_payment_v2', 'capture-2', resource);
    if (problems.length > 0) violations.push(`webhook resource: ${problems.join('; ')}`);
    return { resourceType: 'capture', resource };
  }

  return {
    url,
    stats,
    steer,
    orders,
    captures,
    refunds,
    violations,
    refundRequestIds,
    /** Throws when the shop sent a request PayPal would refuse, or the stand-in answered as PayPal never would; then starts afresh. */
    assertValid() {
      const found = violations.splice(0);
      if (found.length > 0) throw new Error(`PayPal's API definitions were not kept:\n  ${found.join('\n  ')}`);
    },
    /**
     * Holds the next call to a matching path before PayPal acts on it: `arrived` settles when it has
     * reached PayPal, which acts and answers once `release` is called.
     */
    hold(path: RegExp) {
      let arrived = () => {};
      let release = () => {};
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      holds.push({ path, arrived, released: new Promise<void>((resolve) => (release = resolve)) });
      return { arrived: arrival, release };
    },
    /** Settles once PayPal has finished every call that reached it (one whose answer came too late included). */
    idle(): Promise<void> {
      return answering === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    /** The query of the last SDK script a page asked for. */
    get lastSdkQuery() {
      return lastSdkQuery;
    },
    /** The buyer approves the order on PayPal's page, signed in to a PayPal account (a new one unless given). */
    approve(orderId: string, payerId = aPayerId()) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the stand-in has no order ${orderId}`);
      order.status = 'APPROVED';
      order.payerId = payerId;
    },
    /** The buyer pays the order with one of STAND_IN_CARDS in the card fields (as the SDK stand-in does). */
    payByCard(orderId: string, number: string) {
      const order = orders.get(orderId);
      if (!order || order.status !== 'CREATED') throw new Error(`the stand-in has no order ${orderId} awaiting a card`);
      confirmCard(order, number);
      return order.card?.authentication?.liability_shift ?? null;
    },
    /** The buyer answers PayPal's 3-D Secure page (the order's payer-action link); answers where PayPal sends them. */
    async authenticateAtPaypal(orderId: string, result: 'authenticated' | 'cancelled') {
      const response = await fetch(`${url}/webapps/helios`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ cart_id: orderId, result }),
      });
      return response.headers.get('location');
    },
    /** PayPal finishes a pending capture (COMPLETED or DECLINED). */
    settleCapture(captureId: string, status: 'COMPLETED' | 'DECLINED') {
      const captured = captures.get(captureId);
      if (!captured) throw new Error(`the stand-in has no capture ${captureId}`);
      captured.status = status;
    },
    /**
     * The merchant refunds a capture by hand in PayPal's dashboard (all of it, or `value` of it): the
     * refund exists at PayPal and its PAYMENT.CAPTURE.REFUNDED webhook can be sent; answers its id.
     */
    refundByHand(captureId: string, value?: string) {
      const captured = captures.get(captureId);
      if (!captured) throw new Error(`the stand-in has no capture ${captureId}`);
      const left = minorOf(captured.amount) - minorOf(refundedSoFar(captured));
      const made: Refund = {
        id: id(),
        status: 'COMPLETED',
        amount: value ? { ...captured.amount, value } : moneyOf(captured.amount.currency_code, left),
        captureId,
      };
      if (minorOf(made.amount) > left)
        throw new Error(
          `PayPal would refuse refunding ${made.amount.value} of capture ${captureId}: only ${left} minor units are left`,
        );
      refunds.set(made.id, made);
      captured.refunds.push(made);
      restate(captured);
      stats.refunds += 1;
      return made.id;
    },
    /** A chargeback: PayPal reverses the capture (what is left of it, or `value`); answers the reversal's id for PAYMENT.CAPTURE.REVERSED. */
    reverse: (captureId: string, value?: string) => reverseCapture(captureId, value),
    /** The buyer opens a dispute (a claim in PayPal, or a chargeback at their bank) on a capture; answers its id. */
    openDispute(
      captureId: string,
      options: { reason?: string; value?: string; stage?: 'INQUIRY' | 'CHARGEBACK' } = {},
    ) {
      const captured = captures.get(captureId);
      if (!captured) throw new Error(`the stand-in has no capture ${captureId}`);
      const dispute: Dispute = {
        id: `PP-D-${String(disputes.size + 1000 + Math.floor(Math.random() * 1000))}${id(4)}`,
        captureId,
        reason: options.reason ?? 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status: 'WAITING_FOR_SELLER_RESPONSE',
        amount: options.value ? { ...captured.amount, value: options.value } : captured.amount,
        stage: options.stage ?? 'INQUIRY',
        created: now(),
      };
      disputes.set(dispute.id, dispute);
      return dispute.id;
    },
    /**
     * PayPal decides a dispute. For the buyer, the disputed amount goes back to them (a refund of the
     * capture, shown as the outcome's `amount_refunded`); for the seller, nothing moves, except that a
     * chargeback's reversals (up to the disputed amount) come back to the seller: the capture counts
     * them no more, and the dispute's money movements show them credited.
     */
    resolveDispute(disputeId: string, code: DisputeOutcome) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`the stand-in has no dispute ${disputeId}`);
      dispute.status = 'RESOLVED';
      dispute.outcome = { code };
      if (code === 'RESOLVED_BUYER_FAVOUR') {
        const captured = captures.get(dispute.captureId)!;
        const left = minorOf(captured.amount) - minorOf(refundedSoFar(captured));
        const refunded = moneyOf(dispute.amount.currency_code, Math.min(left, minorOf(dispute.amount)));
        const made: Refund = { id: id(), status: 'COMPLETED', amount: refunded, captureId: captured.id };
        refunds.set(made.id, made);
        captured.refunds.push(made);
        restate(captured);
        dispute.outcome.refunded = refunded;
      }
      if (code === 'RESOLVED_SELLER_FAVOUR' && dispute.stage === 'CHARGEBACK') {
        const captured = captures.get(dispute.captureId)!;
        let due = minorOf(dispute.amount);
        for (const made of captured.refunds.filter(
          (candidate) => candidate.reversal && candidate.status === 'COMPLETED',
        )) {
          if (minorOf(made.amount) > due) break;
          due -= minorOf(made.amount);
          made.status = 'CANCELLED';
          made.returned = true;
        }
        restate(captured);
      }
    },
    disputes,
    /** PayPal finishes a pending refund. */
    settleRefund(refundId: string, status: 'COMPLETED' | 'FAILED' | 'CANCELLED') {
      const made = refunds.get(refundId);
      if (!made) throw new Error(`the stand-in has no refund ${refundId}`);
      made.status = status;
      if (status === 'COMPLETED') {
        restate(captures.get(made.captureId)!);
        stats.refunds += 1;
      }
    },
    /**
     * A webhook notification as PayPal sends it, with its signature headers: about an order's capture
     * (key: the PayPal order id or capture id), a refund (key: refund or capture id) or an order. The
     * body is PayPal's own formatting, and only that exact text verifies.
     */
    webhook(eventType: WebhookEventType, key: string) {
      const { resourceType, resource } = webhookResource(eventType, key);
      const event = {
        id: `WH-${id(8)}-${id(17)}`,
        event_version: '1.0',
        create_time: now(),
        resource_type: resourceType,
        resource_version: '2.0',
        event_type: eventType,
        summary: `${eventType} · ${String((resource as { status?: string }).status ?? '')}`,
        resource,
        links: [link(`/v1/notifications/webhooks-events/WH-${id(8)}`, 'self')],
      };
      const problems = schemaProblems('notifications_webhooks_v1', 'event', event);
      if (problems.length > 0) violations.push(`webhook event: ${problems.join('; ')}`);
      // PayPal's bodies are not what JSON.stringify writes; a client that re-encodes the event changes it.
      const raw = JSON.stringify(event, null, 1).replace(/·/g, '\\u00b7');
      const transmissionId = randomBytes(16).toString('hex');
      // Base64 as PayPal's, starting with a word character as its definition's pattern for transmission_sig asks.
      const signature = `S${randomBytes(64).toString('base64')}`;
      sentWebhooks.set(transmissionId, { raw, signature });
      const headers = {
        'Content-Type': 'application/json',
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
        'PAYPAL-CERT-URL': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-SIG': signature,
        'PAYPAL-TRANSMISSION-TIME': now(),
      };
      return { body: raw, headers, event };
    },
    /** PayPal settings for the shop's configuration. */
    env(overrides: Record<string, string> = {}) {
      return {
        PAYMENT_PROVIDER: 'paypal',
        PAYPAL_API_BASE: url,
        PAYPAL_CLIENT_ID: STAND_IN_CLIENT.id,
        PAYPAL_CLIENT_SECRET: STAND_IN_CLIENT.secret,
        PAYPAL_WEBHOOK_ID: STAND_IN_WEBHOOK_ID,
        PAYPAL_SDK_URL: `${url}/sdk/js`,
        PAYPAL_TIMEOUT_MS: '2000',
        ...overrides,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PaypalStandIn = Awaited<ReturnType<typeof startPaypalStandIn>>;
