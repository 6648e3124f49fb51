import type { Currency, Language } from '@/lib/locale';
import type { Money } from '@/lib/money';
import type { ProviderPayMethod } from '@/lib/pay-methods';

/*
 * A payment provider (acquirer) behind one interface. The shop creates a payment, sends the customer
 * to approve it, captures it when the customer returns (or a webhook says so) and refunds it on a
 * cancel. Adding an acquirer is one new file implementing `PaymentProvider`, plus its name in
 * `registry.ts`. See docs/decisions/015-payment-providers.md.
 */

/** What a payment provider takes (the list is shared with the pages, so it lives in src/lib). */

export type PaymentRequest = {
  orderNo: string;
  /** Unique per payment attempt (a provider may refuse an invoice id it has seen); the order number stays beside it. */
  invoiceId: string;
  amount: number;
  /** How `amount` adds up (PayPal's `amount.breakdown`): item total + shipping + tax − discount. */
  breakdown: AmountBreakdown;
  currency: Currency;
  method: ProviderPayMethod;
  /**
   * Where goods ship (the order's delivery address): the provider shows it to the buyer, who cannot
   * change it, and its seller protection covers delivery there. Null for orders that ship nothing.
   */
  shipTo: ShippingAddress | null;
  /** The language of the provider's pages. */
  language: Language;
  /** Where the provider sends the customer back after approving (and after declining, where it says so). */
  returnUrl: string;
  cancelUrl: string;
};

/**
 * Minor units: `itemTotal + shippingAmount + taxAmount − discountAmount` is the amount. Tax included in
 * the prices is inside `itemTotal` and `shippingAmount`, so `taxAmount` is 0 then
 * (docs/decisions/061-shipping-zones-and-tax.md).
 */
export type AmountBreakdown = { itemTotal: number; shippingAmount: number; taxAmount: number; discountAmount: number };

/** An order's breakdown as a provider is told it. */
export function breakdownOf(order: {
  goodsTotal: number;
  discountAmount: number;
  shippingAmount: number;
  taxAmount: number;
  taxIncluded: boolean;
}): AmountBreakdown {
  return {
    itemTotal: order.goodsTotal,
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxIncluded ? 0 : order.taxAmount,
    discountAmount: order.discountAmount,
  };
}

export type ShippingAddress = {
  fullName: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
};

export type CreatedPayment = {
  providerOrderId: string;
  /** Where the customer approves the payment; null when the page approves it in place (PayPal's card fields). */
  approveUrl: string | null;
};

/** What a provider says it captured: minor units (null when its value has no two-decimal form) and its currency code. */
export type CapturedAmount = { amount: number | null; currency: string };

/**
 * Who bears a card payment's fraud chargebacks after 3-D Secure: POSSIBLE (the issuer, the buyer was
 * authenticated), NO (the shop), UNKNOWN (authentication was not available). Null: none was asked.
 */
export type LiabilityShift = 'POSSIBLE' | 'NO' | 'UNKNOWN';

/**
 * The outcome of a capture (or of asking about one):
 * - `completed`: the money is captured; `captured` is the amount and currency the provider says it
 *   took (null when it did not say), which the shop compares with the order's before calling it paid;
 *   for a card, `liabilityShift` is its 3-D Secure outcome; `payerId` names the provider account that
 *   paid, when the provider says (PayPal's `payer.payer_id`);
 * - `processing`: the provider holds the capture pending (a review, an eCheck); it completes or is
 *   declined later, which a webhook or `captureStatus` tells;
 * - `declined`: a final refusal of this attempt (`reason`: the provider's word for it); the customer
 *   may try another way; a card refused for its 3-D Secure outcome carries it in `liabilityShift`;
 * - `payer-action`: the provider wants the buyer back on its page (`approveUrl`) before it can capture;
 * - `pending`: nothing was captured yet (not approved); asking again later is safe.
 */
export type CaptureResult =
  | {
      status: 'completed';
      captureId: string;
      captured: CapturedAmount | null;
      liabilityShift?: LiabilityShift | null;
      payerId?: string | null;
    }
  | { status: 'processing'; captureId: string }
  | { status: 'declined'; reason: string; liabilityShift?: LiabilityShift | null }
  | { status: 'payer-action'; approveUrl: string | null }
  | { status: 'pending' };

/**
 * The outcome of a refund: `completed` when the money went back; `pending` while the provider still
 * processes it (a webhook or `refundStatus` tells the end); `refused` when it failed or was cancelled,
 * or the provider will not refund (`reason`), and nothing went back.
 */
export type RefundResult =
  /** `totalRefunded`: what has gone back from the capture to date, when the provider says (PayPal's `seller_payable_breakdown.total_refunded_amount`). */
  | { status: 'completed'; refundId: string | null; totalRefunded?: CapturedAmount | null }
  | { status: 'pending'; refundId: string }
  | { status: 'refused'; reason: string };

/**
 * A dispute as the provider tells it: the captures it is about, whether it is still open, and once
 * resolved for whom (`buyer`: `refunded` went back to them; `seller`: nothing moved).
 */
export type DisputeInfo = {
  disputeId: string;
  captureIds: string[];
  reason: string;
  amount: CapturedAmount | null;
  open: boolean;
  outcome: 'buyer' | 'seller' | null;
  refunded: CapturedAmount | null;
  /** Decided for the seller: what a chargeback had taken and PayPal gave back to the shop. */
  returnedToSeller: CapturedAmount | null;
};

/** A verified webhook event, in the shop's words; `other` is genuine but not one the shop acts on. */
export type WebhookEvent =
  | { type: 'capture-completed'; providerOrderId: string; captureId: string; captured: CapturedAmount | null }
  | { type: 'capture-pending'; providerOrderId: string; captureId: string }
  | { type: 'capture-declined'; providerOrderId: string; reason: string }
  /**
   * A refund is done (the shop's, or one made in the provider's dashboard): `refunded` is how much;
   * `totalRefunded` is what has gone back from the capture to date, when the provider says.
   */
  | {
      type: 'refund-completed';
      refundId: string;
      captureId: string | null;
      refunded: CapturedAmount | null;
      totalRefunded: CapturedAmount | null;
    }
  /** The provider took money back (a chargeback) from this capture: `amount` of it (null: all), by reversal `reversalId`. */
  | {
      type: 'capture-reversed';
      captureId: string;
      reversalId: string | null;
      amount: CapturedAmount | null;
      totalRefunded: CapturedAmount | null;
    }
  /** A dispute was opened, changed or resolved: the shop reads it (`dispute`). */
  | { type: 'dispute'; disputeId: string }
  | { type: 'order-approved'; providerOrderId: string }
  | { type: 'other'; eventType: string };

export type PaymentProvider = {
  readonly name: string;
  /** The methods the customer can choose while this provider is active. */
  readonly payMethods: readonly ProviderPayMethod[];
  /** The currencies each method can charge in with this provider and the merchant's account; a method charges in no other. */
  readonly currencies: Readonly<Record<ProviderPayMethod, readonly Currency[]>>;
  /** A public id the page's own SDK needs (PayPal's client id, for its card fields); null when the page needs none. */
  readonly clientId: string | null;
  /** Where the page loads that SDK from; null when the page needs none. */
  readonly sdkUrl: string | null;
  createPayment(payment: PaymentRequest, requestId: string): Promise<CreatedPayment>;
  /**
   * Idempotent per `requestId`: repeating a capture whose outcome is unknown never charges twice.
   * `method` is how the buyer pays (a declined wallet funding source sends them back to choose another).
   */
  capture(providerOrderId: string, requestId: string, method: ProviderPayMethod): Promise<CaptureResult>;
  /** Where a capture the provider held pending stands now. */
  captureStatus(captureId: string): Promise<CaptureResult>;
  /** Idempotent per `requestId`. */
  refund(captureId: string, amount: Money, requestId: string): Promise<RefundResult>;
  /** Where a pending refund stands now. */
  refundStatus(refundId: string): Promise<RefundResult>;
  /** A dispute as it stands now. */
  dispute(disputeId: string): Promise<DisputeInfo>;
  /** The event a webhook carries (its body exactly as received), or null when its signature does not verify. */
  verifyWebhook(headers: Headers, rawBody: string): Promise<WebhookEvent | null>;
};

/** The provider could not be reached or answered something unexpected; the outcome of the call is unknown. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
