import { PaymentProviderError, type CaptureResult, type LiabilityShift, type PaymentProvider } from '../provider';
import { capturedAmount, type PaypalAuthentication, type PaypalCapture, type PaypalOrder } from './answers';
import type { PaypalClient } from './client';

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
export function authenticationVerdict(result: PaypalAuthentication | undefined): {
  capture: boolean;
  liabilityShift: LiabilityShift | null;
  reason: string;
} {
  if (!result?.liability_shift) return { capture: true, liabilityShift: null, reason: 'no 3-D Secure' };
  const shift = result.liability_shift;
  const { enrollment_status: enrollment, authentication_status: authentication } = result.three_d_secure ?? {};
  const reason = `3-D Secure liability_shift ${shift} (enrollment ${enrollment ?? '-'}, authentication ${authentication ?? '-'})`;
  const liabilityShift: LiabilityShift =
    shift === 'POSSIBLE' || shift === 'YES' ? 'POSSIBLE' : shift === 'NO' ? 'NO' : 'UNKNOWN';
  if (liabilityShift === 'POSSIBLE') return { capture: true, liabilityShift, reason };
  const notAuthenticable =
    liabilityShift === 'NO' && !authentication && (enrollment === 'N' || enrollment === 'U' || enrollment === 'B');
  return { capture: notAuthenticable, liabilityShift, reason };
}

/** Capturing an approved order (a card's only when its 3-D Secure outcome allows), and reading a capture's status. */
export function paypalCaptures({
  call,
  unexpected,
  issueOf,
}: PaypalClient): Pick<PaymentProvider, 'capture' | 'captureStatus'> {
  /** The buyer must return to PayPal: the order's payer-action (or approve) link. */
  async function payerAction(path: string): Promise<CaptureResult> {
    const current = await call('GET', path);
    if (!current.ok) return unexpected(current, 'the order');
    const order = (await current.json()) as PaypalOrder;
    const link = order.links?.find((candidate) => candidate.rel === 'payer-action' || candidate.rel === 'approve');
    return { status: 'payer-action', approveUrl: link?.href ?? null };
  }

  return {
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
          if (!verdict.capture)
            return { status: 'declined', reason: verdict.reason, liabilityShift: verdict.liabilityShift };
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
        if (BUYER_BACK_TO_PAYPAL.has(issue) || (issue === FUNDING_DECLINED && method === 'paypal'))
          return payerAction(path);
        if (issue === STILL_COMPLETING)
          throw new PaymentProviderError(`PayPal is still completing order ${providerOrderId}`);
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
  };
}

function captureOf(capture: PaypalCapture | undefined): CaptureResult {
  if (capture?.status === 'COMPLETED')
    return { status: 'completed', captureId: capture.id, captured: capturedAmount(capture.amount) };
  if (capture?.status === 'PENDING') return { status: 'processing', captureId: capture.id };
  if (capture?.status === 'DECLINED' || capture?.status === 'FAILED')
    return { status: 'declined', reason: capture.status_details?.reason ?? capture.status };
  // Refunded or partly refunded: it was captured.
  if (capture && (capture.status === 'REFUNDED' || capture.status === 'PARTIALLY_REFUNDED'))
    return { status: 'completed', captureId: capture.id, captured: capturedAmount(capture.amount) };
  return { status: 'pending' };
}

/** A capture answered with its order: a completed one names the PayPal account that paid. */
function captureOutcome(order: PaypalOrder): CaptureResult {
  const result = captureOf(order.purchase_units?.[0]?.payments?.captures?.[0]);
  return result.status === 'completed' && order.payer?.payer_id ? { ...result, payerId: order.payer.payer_id } : result;
}
