import type { Language } from '@/lib/locale';
import { parseMajorUnits, toMajorUnits } from '@/lib/money';
import type { Config } from '../config';
import {
  PaymentProviderError,
  type CapturedAmount,
  type CaptureResult,
  type DisputeInfo,
  type LiabilityShift,
  type PaymentProvider,
  type PaymentRequest,
  type RefundResult,
  type ShippingAddress,
  type WebhookEvent,
} from './provider';

/*
 * PayPal Orders v2 over its REST API: OAuth2 client credentials, create an order (intent CAPTURE),
 * send the customer to its approve link, capture on return, refund through Payments v2, and verify
 * webhooks through PayPal's own verification call. Every write carries `PayPal-Request-Id`, so
 * PayPal answers a repeated request with the original result instead of acting twice.
 * Card payments use PayPal's card fields in the page (docs/decisions/017-paypal-card-fields.md): the
 * same order, created without a payment source, approved in place.
 * What each answer means follows PayPal's published API definitions (checkout_orders_v2,
 * payments_payment_v2, notifications_webhooks_v1), which the tests' stand-in enforces; see
 * docs/decisions/033-paypal-outcomes-and-currencies.md.
 */

export type PaypalSettings = Config['payment']['paypal'];

/** PayPal's checkout has no Malay; Malaysia's PayPal pages are in English. */
const paypalLocale: Record<Language, string> = { EN: 'en-US', ZH: 'zh-CN', MS: 'en-MY' };

/** Refresh a token this long before PayPal says it expires, so no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;

type Token = { value: string; expiresAt: number };
type PaypalLink = { href: string; rel: string };
type PaypalMoney = { currency_code?: string; value?: string };
type PaypalCapture = { id: string; status: string; status_details?: { reason?: string }; amount?: PaypalMoney };
type PaypalRefund = { id: string; status: string; links?: PaypalLink[]; seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney } };
type PaypalDispute = {
  dispute_id: string;
  status?: string;
  reason?: string;
  dispute_amount?: PaypalMoney;
  disputed_transactions?: { seller_transaction_id?: string }[];
  dispute_outcome?: { outcome_code?: string; amount_refunded?: PaypalMoney };
  money_movements?: { affected_party?: string; type?: string; amount?: PaypalMoney; reason?: string }[];
};
type PaypalAuthentication = { liability_shift?: string; three_d_secure?: { enrollment_status?: string; authentication_status?: string } };
type PaypalOrder = {
  id: string;
  status: string;
  links?: PaypalLink[];
  payment_source?: { card?: { authentication_result?: PaypalAuthentication } };
  payer?: { payer_id?: string };
  purchase_units?: { payments?: { captures?: PaypalCapture[] } }[];
};
type PaypalError = { name?: string; details?: { issue?: string }[] };
type PaypalWebhookEvent = {
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    status_details?: { reason?: string };
    amount?: PaypalMoney;
    links?: PaypalLink[];
    supplementary_data?: { related_ids?: { order_id?: string } };
    seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney };
    dispute_id?: string;
  };
};

/**
 * Capture issues (HTTP 422) that are not a refusal: the order is not approved yet, was captured already
 * (read it), or PayPal wants the buyer back on its page. Every other documented 422 issue (the card or
 * account is refused, a limit is reached, a compliance or setup problem) is final for this attempt.
 */
const NOT_YET_APPROVED = 'ORDER_NOT_APPROVED';
const ALREADY_CAPTURED = 'ORDER_ALREADY_CAPTURED';
const BUYER_BACK_TO_PAYPAL = new Set(['PAYER_ACTION_REQUIRED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING']);
/**
 * A PayPal-wallet funding source was declined: PayPal's guide ("Handle funding failures") says to
 * restart the payment so the buyer chooses another; for a card it is the card's refusal.
 */
const FUNDING_DECLINED = 'INSTRUMENT_DECLINED';
/** PayPal is still completing the order: the outcome is unknown, ask again with the same key. */
const STILL_COMPLETING = 'ORDER_COMPLETION_IN_PROGRESS';

/**
 * Whether a card's 3-D Secure outcome (`payment_source.card.authentication_result`) lets the shop
 * capture, as PayPal's "3D Secure response parameters" guide recommends: POSSIBLE (or YES) continue;
 * NO continues only when the card could not be authenticated through no failure of the buyer's (not
 * enrolled N, issuer unavailable U, bypassed B: no authentication ran); NO after an authentication
 * (failed, rejected, unable), UNKNOWN (the authentication system was not available: the buyer should
 * try again) and anything else are refused. No result at all: no 3-D Secure was asked for this card.
 * See docs/decisions/033-paypal-outcomes-and-currencies.md.
 */
export function authenticationVerdict(result: PaypalAuthentication | undefined): { capture: boolean; liabilityShift: LiabilityShift | null; reason: string } {
  if (!result?.liability_shift) return { capture: true, liabilityShift: null, reason: 'no 3-D Secure' };
  const shift = result.liability_shift;
  const { enrollment_status: enrollment, authentication_status: authentication } = result.three_d_secure ?? {};
  const reason = `3-D Secure liability_shift ${shift} (enrollment ${enrollment ?? '-'}, authentication ${authentication ?? '-'})`;
  const liabilityShift: LiabilityShift = shift === 'POSSIBLE' || shift === 'YES' ? 'POSSIBLE' : shift === 'NO' ? 'NO' : 'UNKNOWN';
  if (liabilityShift === 'POSSIBLE') return { capture: true, liabilityShift, reason };
  const notAuthenticable = liabilityShift === 'NO' && !authentication && (enrollment === 'N' || enrollment === 'U' || enrollment === 'B');
  return { capture: notAuthenticable, liabilityShift, reason };
}

export function createPaypalProvider(settings: PaypalSettings, clock: () => number = Date.now): PaymentProvider {
  let token: Promise<Token> | null = null;

  async function requestToken(): Promise<Token> {
    const credentials = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const response = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new PaymentProviderError(`PayPal refused the credentials (HTTP ${response.status})`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    return { value: body.access_token, expiresAt: clock() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
  }

  /** One token for every call until it nears expiry; parallel calls share one token request. */
  async function accessToken(): Promise<string> {
    const current = token && (await token.catch(() => null));
    if (current && current.expiresAt > clock()) return current.value;
    token = requestToken();
    return (await token).value;
  }

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${settings.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      throw new PaymentProviderError(`PayPal did not answer ${path}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** An authorised JSON call; a 401 (a token PayPal revoked early) is retried once with a fresh token. */
  async function call(method: 'GET' | 'POST', path: string, options: { body?: unknown; rawBody?: string; requestId?: string } = {}): Promise<Response> {
    const attempt = async () =>
      send(path, {
        method,
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
          ...(options.requestId ? { 'PayPal-Request-Id': options.requestId } : {}),
        },
        ...(options.rawBody !== undefined ? { body: options.rawBody } : options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
    const response = await attempt();
    if (response.status !== 401) return response;
    token = null;
    return attempt();
  }

  async function unexpected(response: Response, what: string): Promise<never> {
    const body = await response.text().catch(() => '');
    throw new PaymentProviderError(`PayPal answered ${what} with HTTP ${response.status}: ${body.slice(0, 500)}`);
  }

  const issueOf = async (response: Response) => ((await response.json().catch(() => ({}))) as PaypalError).details?.[0]?.issue;

  function captureOf(capture: PaypalCapture | undefined): CaptureResult {
    if (capture?.status === 'COMPLETED') return { status: 'completed', captureId: capture.id, captured: capturedAmount(capture.amount) };
    if (capture?.status === 'PENDING') return { status: 'processing', captureId: capture.id };
    if (capture?.status === 'DECLINED' || capture?.status === 'FAILED') return { status: 'declined', reason: capture.status_details?.reason ?? capture.status };
    // Refunded or partly refunded: it was captured.
    if (capture && (capture.status === 'REFUNDED' || capture.status === 'PARTIALLY_REFUNDED')) return { status: 'completed', captureId: capture.id, captured: capturedAmount(capture.amount) };
    return { status: 'pending' };
  }

  /** A capture answered with its order: a completed one names the PayPal account that paid. */
  function captureOutcome(order: PaypalOrder): CaptureResult {
    const result = captureOf(order.purchase_units?.[0]?.payments?.captures?.[0]);
    return result.status === 'completed' && order.payer?.payer_id ? { ...result, payerId: order.payer.payer_id } : result;
  }

  function refundOf(refund: PaypalRefund): RefundResult {
    if (refund.status === 'COMPLETED') return { status: 'completed', refundId: refund.id, totalRefunded: capturedAmount(refund.seller_payable_breakdown?.total_refunded_amount) };
    if (refund.status === 'PENDING') return { status: 'pending', refundId: refund.id };
    return { status: 'refused', reason: refund.status };
  }

  /** The buyer must return to PayPal: the order's payer-action (or approve) link. */
  async function payerAction(path: string): Promise<CaptureResult> {
    const current = await call('GET', path);
    if (!current.ok) return unexpected(current, 'the order');
    const order = (await current.json()) as PaypalOrder;
    const link = order.links?.find((candidate) => candidate.rel === 'payer-action' || candidate.rel === 'approve');
    return { status: 'payer-action', approveUrl: link?.href ?? null };
  }

  return {
    name: 'paypal',
    payMethods: ['paypal', 'card'],
    currencies: { paypal: settings.walletCurrencies, card: settings.cardCurrencies, test: [] },
    clientId: settings.clientId ?? null,
    sdkUrl: settings.sdkUrl,

    async createPayment(payment, requestId) {
      const response = await call('POST', '/v2/checkout/orders', {
        requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: payment.orderNo,
              // PayPal may refuse an invoice id it has seen (DUPLICATE_INVOICE_ID): each attempt has its
              // own; the order number is what the merchant reads in custom_id.
              invoice_id: payment.invoiceId,
              custom_id: payment.orderNo,
              amount: { currency_code: payment.currency, value: toMajorUnits(payment.amount), breakdown: paypalBreakdown(payment) },
              soft_descriptor: settings.softDescriptor,
              ...(payment.shipTo ? { shipping: shippingOf(payment.shipTo) } : {}),
            },
          ],
          ...(payment.method === 'card'
            ? {
                // 3-D Secure as PayPal's card fields guide asks: the verification wanted, and where PayPal's
                // authentication page (an order's payer-action link) sends the buyer back or on cancelling.
                payment_source: {
                  card: {
                    attributes: { verification: { method: settings.cardVerification } },
                    experience_context: { return_url: payment.returnUrl, cancel_url: payment.cancelUrl },
                  },
                },
              }
            : {}),
          ...(payment.method === 'paypal'
            ? {
                payment_source: {
                  paypal: {
                    experience_context: {
                      return_url: payment.returnUrl,
                      cancel_url: payment.cancelUrl,
                      locale: paypalLocale[payment.language],
                      // Goods ship to the address given at checkout (PayPal's Seller Protection needs the
                      // goods shipped to the transaction's address); energy recharges ship nothing.
                      shipping_preference: payment.shipTo ? 'SET_PROVIDED_ADDRESS' : 'NO_SHIPPING',
                      user_action: 'PAY_NOW',
                    },
                  },
                },
              }
            : {}),
        },
      });
      if (!response.ok) return unexpected(response, 'the order');
      const order = (await response.json()) as PaypalOrder;
      const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      return { providerOrderId: order.id, approveUrl: payment.method === 'paypal' ? (approve?.href ?? null) : null };
    },

    async capture(providerOrderId, requestId, method) {
      const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`;
      // A card is captured only when its 3-D Secure outcome allows it (read from PayPal, not from the page).
      let liabilityShift: LiabilityShift | null = null;
      if (method === 'card') {
        const current = await call('GET', path);
        if (!current.ok) return unexpected(current, 'the order');
        const order = (await current.json()) as PaypalOrder;
        if (order.status === 'APPROVED') {
          const verdict = authenticationVerdict(order.payment_source?.card?.authentication_result);
          if (!verdict.capture) return { status: 'declined', reason: verdict.reason, liabilityShift: verdict.liabilityShift };
          liabilityShift = verdict.liabilityShift;
        }
      }
      const response = await call('POST', `${path}/capture`, { requestId, body: {} });
      if (response.ok) {
        const outcome = captureOutcome((await response.json()) as PaypalOrder);
        return outcome.status === 'completed' && method === 'card' ? { ...outcome, liabilityShift } : outcome;
      }
      if (response.status === 422) {
        const issue = (await issueOf(response)) ?? 'UNPROCESSABLE_ENTITY';
        if (issue === NOT_YET_APPROVED) return { status: 'pending' };
        if (issue === ALREADY_CAPTURED) {
          const current = await call('GET', path);
          if (current.ok) return captureOutcome((await current.json()) as PaypalOrder);
          return unexpected(current, 'the captured order');
        }
        if (BUYER_BACK_TO_PAYPAL.has(issue) || (issue === FUNDING_DECLINED && method === 'paypal')) return payerAction(path);
        if (issue === STILL_COMPLETING) throw new PaymentProviderError(`PayPal is still completing order ${providerOrderId}`);
        return { status: 'declined', reason: issue };
      }
      // Not permitted (403), no such order (404, e.g. expired at PayPal), or a request PayPal will not
      // take (400): asking again cannot change the answer.
      if (response.status === 403 || response.status === 404 || response.status === 400) {
        return { status: 'declined', reason: `HTTP ${response.status} ${(await issueOf(response)) ?? ''}`.trim() };
      }
      return unexpected(response, 'the capture');
    },

    async captureStatus(captureId) {
      const response = await call('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
      if (!response.ok) return unexpected(response, 'the capture status');
      return captureOf((await response.json()) as PaypalCapture);
    },

    async refund(captureId, amount, requestId) {
      const response = await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        requestId,
        body: { amount: { currency_code: amount.currency, value: toMajorUnits(amount.amount) } },
      });
      if (response.ok) return refundOf((await response.json()) as PaypalRefund);
      if (response.status === 422) {
        const issue = (await issueOf(response)) ?? 'UNPROCESSABLE_ENTITY';
        // Refunded in full already (by an earlier attempt whose answer was lost, or by hand at PayPal).
        if (issue === 'CAPTURE_FULLY_REFUNDED') return { status: 'completed', refundId: null };
        return { status: 'refused', reason: issue };
      }
      if (response.status === 403 || response.status === 404 || response.status === 400) {
        return { status: 'refused', reason: `HTTP ${response.status} ${(await issueOf(response)) ?? ''}`.trim() };
      }
      return unexpected(response, 'the refund');
    },

    async refundStatus(refundId) {
      const response = await call('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`);
      if (!response.ok) return unexpected(response, 'the refund status');
      return refundOf((await response.json()) as PaypalRefund);
    },

    async dispute(disputeId) {
      const response = await call('GET', `/v1/customer/disputes/${encodeURIComponent(disputeId)}`);
      if (!response.ok) return unexpected(response, 'the dispute');
      return disputeOf((await response.json()) as PaypalDispute);
    },

    async verifyWebhook(headers, rawBody) {
      const header = (name: string) => headers.get(name) ?? '';
      const signature = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
      };
      if (!settings.webhookId || Object.values(signature).some((value) => value === '')) return null;
      let event: PaypalWebhookEvent;
      try {
        event = JSON.parse(rawBody) as PaypalWebhookEvent;
      } catch {
        return null;
      }
      if (typeof event !== 'object' || event === null || Array.isArray(event)) return null;
      // PayPal signed the body as it sent it: the event goes back byte for byte, never re-encoded.
      const fields = JSON.stringify({ ...signature, webhook_id: settings.webhookId });
      const body = `${fields.slice(0, -1)},"webhook_event":${rawBody}}`;
      const response = await call('POST', '/v1/notifications/verify-webhook-signature', { rawBody: body });
      if (!response.ok) return unexpected(response, 'the webhook verification');
      if (((await response.json()) as { verification_status?: string }).verification_status !== 'SUCCESS') return null;
      return toWebhookEvent(event);
    },
  };
}

/** The capture id a refund belongs to: its `up` link (…/v2/payments/captures/{id}). */
function captureIdOfRefund(links: PaypalLink[] | undefined): string | null {
  const up = links?.find((candidate) => candidate.rel === 'up')?.href;
  const match = up ? /\/captures\/([^/?#]+)/.exec(up) : null;
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The order's delivery address as PayPal's purchase unit carries it. */
function shippingOf(address: ShippingAddress) {
  return {
    type: 'SHIPPING',
    name: { full_name: address.fullName.slice(0, 300) },
    address: {
      address_line_1: address.line1.slice(0, 300),
      ...(address.line2 ? { address_line_2: address.line2.slice(0, 300) } : {}),
      admin_area_2: address.city.slice(0, 120),
      ...(address.state ? { admin_area_1: address.state.slice(0, 300) } : {}),
      ...(address.postalCode ? { postal_code: address.postalCode.slice(0, 60) } : {}),
      country_code: address.countryCode,
    },
  };
}

/** What PayPal says it captured, in minor units (PayPal's currencies the shop takes have two decimals). */
/** PayPal's `amount.breakdown`, which must add up to the amount or PayPal refuses the order. */
function paypalBreakdown({ currency, breakdown }: Pick<PaymentRequest, 'currency' | 'breakdown'>) {
  const money = (amount: number) => ({ currency_code: currency, value: toMajorUnits(amount) });
  return {
    item_total: money(breakdown.itemTotal),
    shipping: money(breakdown.shippingAmount),
    tax_total: money(breakdown.taxAmount),
    discount: money(breakdown.discountAmount),
  };
}

function capturedAmount(amount: PaypalMoney | undefined): CapturedAmount | null {
  if (!amount?.currency_code || amount.value === undefined) return null;
  return { amount: parseMajorUnits(amount.value), currency: amount.currency_code };
}

/**
 * A dispute in the shop's words. PayPal's outcome codes: RESOLVED_BUYER_FAVOUR (and a payout, or an
 * accepted claim) are the buyer's, with `amount_refunded`; RESOLVED_SELLER_FAVOUR, CANCELED_BY_BUYER and
 * DENIED leave the money with the seller, and give back what a chargeback took: the money movements
 * crediting the seller a settlement (fees are not the order's money).
 */
function disputeOf(dispute: PaypalDispute): DisputeInfo {
  const code = dispute.dispute_outcome?.outcome_code;
  const buyer = code === 'RESOLVED_BUYER_FAVOUR' || code === 'RESOLVED_WITH_PAYOUT' || code === 'ACCEPTED';
  const open = dispute.status !== 'RESOLVED';
  return {
    disputeId: dispute.dispute_id,
    captureIds: (dispute.disputed_transactions ?? []).map((transaction) => transaction.seller_transaction_id).filter((id): id is string => Boolean(id)),
    reason: dispute.reason ?? 'OTHER',
    amount: capturedAmount(dispute.dispute_amount),
    open,
    outcome: open ? null : buyer ? 'buyer' : 'seller',
    refunded: buyer ? capturedAmount(dispute.dispute_outcome?.amount_refunded) : null,
    returnedToSeller: open || buyer ? null : settlementCredited(dispute.money_movements ?? []),
  };
}

/** What the money movements credited the seller as a dispute's settlement; null when nothing was. */
function settlementCredited(movements: NonNullable<PaypalDispute['money_movements']>): CapturedAmount | null {
  const credits = movements
    .filter((movement) => movement.affected_party === 'SELLER' && movement.type === 'CREDIT' && (movement.reason ?? 'DISPUTE_SETTLEMENT') === 'DISPUTE_SETTLEMENT')
    .map((movement) => capturedAmount(movement.amount))
    .filter((amount): amount is CapturedAmount & { amount: number } => amount !== null && amount.amount !== null);
  const currency = credits[0]?.currency;
  if (!currency || credits.some((credit) => credit.currency !== currency)) return null;
  return { amount: credits.reduce((sum, credit) => sum + credit.amount, 0), currency };
}

/** The events the shop acts on; a capture's PayPal order is in its related ids. */
function toWebhookEvent(event: PaypalWebhookEvent): WebhookEvent {
  const eventType = event.event_type ?? '';
  const resource = event.resource;
  if (eventType === 'CHECKOUT.ORDER.APPROVED' && resource?.id) return { type: 'order-approved', providerOrderId: resource.id };
  if (eventType === 'PAYMENT.CAPTURE.REFUNDED' && resource?.id && resource.status === 'COMPLETED') {
    return {
      type: 'refund-completed',
      refundId: resource.id,
      captureId: captureIdOfRefund(resource.links),
      refunded: capturedAmount(resource.amount),
      totalRefunded: capturedAmount(resource.seller_payable_breakdown?.total_refunded_amount),
    };
  }
  // A dispute's resource names its captures; the shop reads the dispute as it stands (a later event may arrive first).
  if (eventType.startsWith('CUSTOMER.DISPUTE.') && resource?.dispute_id) return { type: 'dispute', disputeId: resource.dispute_id };
  // A chargeback: PayPal took the money back; the resource is the reversal, linked up to its capture.
  if (eventType === 'PAYMENT.CAPTURE.REVERSED') {
    // (Should PayPal send the capture itself instead, its own id is the capture's.)
    const reversedCapture = captureIdOfRefund(resource?.links) ?? (resource?.supplementary_data?.related_ids?.order_id ? (resource.id ?? null) : null);
    if (!reversedCapture) return { type: 'other', eventType };
    const byLink = captureIdOfRefund(resource?.links) !== null;
    return {
      type: 'capture-reversed',
      captureId: reversedCapture,
      reversalId: byLink ? (resource?.id ?? null) : null,
      amount: byLink ? capturedAmount(resource?.amount) : null,
      totalRefunded: capturedAmount(resource?.seller_payable_breakdown?.total_refunded_amount),
    };
  }
  const providerOrderId = resource?.supplementary_data?.related_ids?.order_id;
  const captureId = resource?.id;
  if (!providerOrderId || !captureId) return { type: 'other', eventType };
  if (eventType === 'PAYMENT.CAPTURE.COMPLETED') return { type: 'capture-completed', providerOrderId, captureId, captured: capturedAmount(resource.amount) };
  if (eventType === 'PAYMENT.CAPTURE.PENDING') return { type: 'capture-pending', providerOrderId, captureId };
  if (eventType === 'PAYMENT.CAPTURE.DECLINED' || eventType === 'PAYMENT.CAPTURE.DENIED') {
    return { type: 'capture-declined', providerOrderId, reason: resource.status_details?.reason ?? eventType };
  }
  return { type: 'other', eventType };
}
