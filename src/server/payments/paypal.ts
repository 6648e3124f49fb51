import type { Language } from '@/lib/locale';
import { toMajorUnits } from '@/lib/money';
import type { Config } from '../config';
import { PaymentProviderError, type CaptureResult, type PaymentProvider, type WebhookEvent } from './provider';

/*
 * PayPal Orders v2 over its REST API: OAuth2 client credentials, create an order (intent CAPTURE),
 * send the customer to its approve link, capture on return, refund through Payments v2, and verify
 * webhooks through PayPal's own verification call. Every write carries `PayPal-Request-Id`, so
 * PayPal answers a repeated request with the original result instead of acting twice.
 * Card payments use PayPal's card fields in the page (docs/decisions/017-paypal-card-fields.md): the
 * same order, created without a payment source, approved in place.
 */

export type PaypalSettings = Config['payment']['paypal'];

/** PayPal's checkout has no Malay; Malaysia's PayPal pages are in English. */
const paypalLocale: Record<Language, string> = { EN: 'en-US', ZH: 'zh-CN', MS: 'en-MY' };

/** Refresh a token this long before PayPal says it expires, so no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;

type Token = { value: string; expiresAt: number };
type PaypalLink = { href: string; rel: string };
type PaypalCapture = { id: string; status: string };
type PaypalOrder = {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: { payments?: { captures?: PaypalCapture[] } }[];
};
type PaypalError = { name?: string; details?: { issue?: string }[] };
type PaypalWebhookEvent = { event_type?: string; resource?: { id?: string; supplementary_data?: { related_ids?: { order_id?: string } } } };

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
  async function call(method: 'GET' | 'POST', path: string, options: { body?: unknown; requestId?: string } = {}): Promise<Response> {
    const attempt = async () =>
      send(path, {
        method,
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
          ...(options.requestId ? { 'PayPal-Request-Id': options.requestId } : {}),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
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

  function captureOutcome(order: PaypalOrder): CaptureResult {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (capture?.status === 'COMPLETED') return { status: 'completed', captureId: capture.id };
    if (capture?.status === 'DECLINED' || capture?.status === 'FAILED') return { status: 'declined' };
    return { status: 'pending' };
  }

  return {
    name: 'paypal',
    payMethods: ['paypal', 'card'],
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
              invoice_id: payment.orderNo,
              amount: { currency_code: payment.currency, value: toMajorUnits(payment.amount) },
            },
          ],
          ...(payment.method === 'paypal'
            ? {
                payment_source: {
                  paypal: {
                    experience_context: {
                      return_url: payment.returnUrl,
                      cancel_url: payment.cancelUrl,
                      locale: paypalLocale[payment.language],
                      shipping_preference: 'NO_SHIPPING',
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

    async capture(providerOrderId, requestId) {
      const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`;
      const response = await call('POST', `${path}/capture`, { requestId, body: {} });
      if (response.ok) return captureOutcome((await response.json()) as PaypalOrder);
      if (response.status === 422) {
        const issue = await issueOf(response);
        if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED' || issue === 'TRANSACTION_REFUSED') return { status: 'declined' };
        if (issue === 'ORDER_NOT_APPROVED') return { status: 'pending' };
        if (issue === 'ORDER_ALREADY_CAPTURED') {
          const current = await call('GET', path);
          if (current.ok) return captureOutcome((await current.json()) as PaypalOrder);
          return unexpected(current, 'the captured order');
        }
        throw new PaymentProviderError(`PayPal refused the capture: ${issue ?? 'no issue given'}`);
      }
      return unexpected(response, 'the capture');
    },

    async refund(captureId, amount, requestId) {
      const response = await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        requestId,
        body: { amount: { currency_code: amount.currency, value: toMajorUnits(amount.amount) } },
      });
      if (response.ok) return;
      if (response.status === 422 && (await issueOf(response)) === 'CAPTURE_FULLY_REFUNDED') return;
      await unexpected(response, 'the refund');
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
        event = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const response = await call('POST', '/v1/notifications/verify-webhook-signature', {
        body: { ...signature, webhook_id: settings.webhookId, webhook_event: event },
      });
      if (!response.ok) return unexpected(response, 'the webhook verification');
      if (((await response.json()) as { verification_status?: string }).verification_status !== 'SUCCESS') return null;
      return toWebhookEvent(event);
    },
  };
}

/** The capture events the shop acts on; the capture's PayPal order is in its related ids. */
function toWebhookEvent(event: PaypalWebhookEvent): WebhookEvent {
  const providerOrderId = event.resource?.supplementary_data?.related_ids?.order_id;
  const captureId = event.resource?.id;
  if (!providerOrderId || !captureId) return { type: 'other' };
  if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') return { type: 'capture-completed', providerOrderId, captureId };
  if (event.event_type === 'PAYMENT.CAPTURE.DENIED') return { type: 'capture-denied', providerOrderId };
  return { type: 'other' };
}
