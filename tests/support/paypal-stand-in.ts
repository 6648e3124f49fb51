import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for PayPal's REST API (OAuth2, Orders v2, Payments v2 refunds, webhook signature
 * verification), speaking the same HTTP on an ephemeral port. Tests steer it: approve an order as the
 * buyer would, decline the next capture, fail or slow down calls, refuse webhook signatures. Writes
 * honour PayPal-Request-Id as PayPal does: a repeated request gets the original answer.
 * It also serves a stand-in of PayPal's JavaScript SDK (card fields) at /sdk/js for the browser
 * tests; see paypal-sdk-stand-in.js and STAND_IN_CARDS.
 */

export const STAND_IN_CLIENT = { id: 'shop-client', secret: 'shop-secret' };

/**
 * Card numbers the SDK stand-in's fields take: `approve` is captured; `decline` is accepted for the
 * order but its capture is declined (INSTRUMENT_DECLINED); `refuse` is a valid number PayPal refuses at
 * once, so the page's onError runs. Any expiry MM/YY and a 3-digit CVV.
 */
export const STAND_IN_CARDS = { approve: '4111111111111111', decline: '4000000000000002', refuse: '5555555555554444' } as const;

const sdkScript = readFile(new URL('./paypal-sdk-stand-in.js', import.meta.url), 'utf8');

type Amount = { currency_code: string; value: string };
type Capture = { id: string; status: 'COMPLETED'; amount: Amount; orderId: string; refunded: boolean };
type Order = {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: Amount;
  request: Record<string, unknown>;
  capture?: Capture;
  /** Paid with STAND_IN_CARDS.decline: its capture is declined. */
  declinedCard?: boolean;
};
type Answer = { status: number; body: unknown };

const id = (length = 17) => randomBytes(length).toString('hex').slice(0, length).toUpperCase();
const error = (status: number, name: string, issue?: string): Answer => ({ status, body: { name, message: name, debug_id: id(8), details: issue ? [{ issue, description: issue }] : [] } });

export async function startPaypalStandIn() {
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const tokens = new Set<string>();
  const idempotent = new Map<string, Promise<Answer>>();
  const stats = { tokenRequests: 0, captureCalls: 0, capturesCreated: 0, refunds: 0, verifications: 0, sdkLoads: 0, cardsConfirmed: 0 };
  /** The query of the last SDK script a page loaded (client-id, components, currency). */
  let lastSdkQuery: Record<string, string> = {};
  const steer = {
    /** The next capture answers 422 INSTRUMENT_DECLINED. */
    declineNextCapture: false,
    /** Answer these paths with HTTP 500 (once each). */
    failNext: [] as RegExp[],
    /** Delay answers to matching paths by this many milliseconds. */
    slow: null as { path: RegExp; ms: number } | null,
    webhookVerification: 'SUCCESS' as 'SUCCESS' | 'FAILURE',
    tokenLifetimeSeconds: 32_400,
    /** The last webhook_event handed to the verification call. */
    lastVerifiedEvent: null as unknown,
  };

  function orderBody(order: Order) {
    return {
      id: order.id,
      status: order.status,
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: (order.request.purchase_units as { reference_id?: string }[])[0]?.reference_id,
          amount: order.amount,
          ...(order.capture ? { payments: { captures: [{ id: order.capture.id, status: order.capture.status, amount: order.capture.amount }] } } : {}),
        },
      ],
      links: [
        { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED' ? [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
        ...(order.status === 'CREATED' ? [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }] : []),
      ],
    };
  }

  function capture(order: Order): Answer {
    stats.captureCalls += 1;
    if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    if (steer.declineNextCapture || order.declinedCard) {
      steer.declineNextCapture = false;
      return error(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    }
    stats.capturesCreated += 1;
    order.capture = { id: id(), status: 'COMPLETED', amount: order.amount, orderId: order.id, refunded: false };
    order.status = 'COMPLETED';
    captures.set(order.capture.id, order.capture);
    return { status: 201, body: orderBody(order) };
  }

  function route(method: string, path: string, request: IncomingMessage, body: Record<string, unknown>): Answer {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      stats.tokenRequests += 1;
      const expected = `Basic ${Buffer.from(`${STAND_IN_CLIENT.id}:${STAND_IN_CLIENT.secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      const token = `A21AA${id(24)}`;
      tokens.add(token);
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: steer.tokenLifetimeSeconds } };
    }
    if (!tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, ''))) return error(401, 'AUTHENTICATION_FAILURE');

    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (body.purchase_units as { amount: Amount }[] | undefined)?.[0];
      if (body.intent !== 'CAPTURE' || !unit || !/^\d+\.\d{2}$/.test(unit.amount.value)) return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
      const order: Order = { id: id(), status: body.payment_source ? 'PAYER_ACTION_REQUIRED' : 'CREATED', amount: unit.amount, request: body };
      orders.set(order.id, order);
      return { status: 201, body: orderBody(order) };
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1]!));
      if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (method === 'GET' && !orderMatch[2]) return { status: 200, body: orderBody(order) };
      if (method === 'POST' && orderMatch[2]) return capture(order);
    }
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundMatch) {
      const captured = captures.get(decodeURIComponent(refundMatch[1]!));
      if (!captured) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (captured.refunded) return error(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
      captured.refunded = true;
      stats.refunds += 1;
      return { status: 201, body: { id: id(), status: 'COMPLETED', amount: body.amount } };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      stats.verifications += 1;
      steer.lastVerifiedEvent = body.webhook_event;
      const complete = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'].every((field) => body[field]);
      return { status: 200, body: { verification_status: complete ? steer.webhookVerification : 'FAILURE' } };
    }
    return error(404, 'NOT_FOUND');
  }

  /**
   * The SDK stand-in's side: the script (PayPal answers 400 for a client id it does not know) and the
   * card its fields submit for an order, as PayPal's confirm-payment-source takes it.
   */
  async function answerSdk(method: string, address: URL, text: string): Promise<Answer | string> {
    if (method === 'GET' && address.pathname === '/sdk/js') {
      lastSdkQuery = Object.fromEntries(address.searchParams);
      if (address.searchParams.get('client-id') !== STAND_IN_CLIENT.id) return error(400, 'INVALID_CLIENT_ID');
      stats.sdkLoads += 1;
      return sdkScript;
    }
    if (method === 'POST' && address.pathname === '/sdk/card-fields/confirm') {
      const card = JSON.parse(text) as { orderID?: string; number?: string };
      const order = orders.get(card.orderID ?? '');
      if (!order || order.status !== 'CREATED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVABLE');
      if (card.number !== STAND_IN_CARDS.approve && card.number !== STAND_IN_CARDS.decline) return error(422, 'UNPROCESSABLE_ENTITY', 'CARD_TYPE_NOT_SUPPORTED');
      stats.cardsConfirmed += 1;
      order.status = 'APPROVED';
      order.declinedCard = card.number === STAND_IN_CARDS.decline;
      return { status: 200, body: { id: order.id, status: order.status } };
    }
    return error(404, 'NOT_FOUND');
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const address = new URL(request.url ?? '/', 'http://stand-in');
    const path = address.pathname;
    const method = request.method ?? 'GET';

    if (path.startsWith('/sdk/')) {
      const sdk = await answerSdk(method, address, text);
      const script = typeof sdk === 'string';
      // The page's scripts call it from the shop's origin.
      response.writeHead(script ? 200 : sdk.status, { 'Content-Type': script ? 'text/javascript' : 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end(script ? sdk : JSON.stringify(sdk.body));
      return;
    }

    const work = async (): Promise<Answer> => {
      if (steer.slow?.path.test(path)) await new Promise((resolve) => setTimeout(resolve, steer.slow!.ms));
      const failing = steer.failNext.findIndex((pattern) => pattern.test(path));
      if (failing >= 0) {
        steer.failNext.splice(failing, 1);
        return error(500, 'INTERNAL_SERVER_ERROR');
      }
      let body: Record<string, unknown> = {};
      if (text && request.headers['content-type']?.includes('json')) body = JSON.parse(text);
      return route(method, path, request, body);
    };

    const requestId = request.headers['paypal-request-id'];
    let result: Answer;
    if (method === 'POST' && typeof requestId === 'string') {
      const key = `${path} ${requestId}`;
      let pending = idempotent.get(key);
      if (!pending) {
        pending = work();
        idempotent.set(key, pending);
      }
      result = await pending;
      // PayPal keeps successful answers; a refused request may be tried again under the same id.
      if (result.status >= 300) idempotent.delete(key);
    } else {
      result = await work();
    }
    if (response.destroyed) return;
    response.writeHead(result.status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(result.body));
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((failure: Error) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ name: 'STAND_IN_FAILURE', message: failure.message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    stats,
    steer,
    orders,
    /** The query of the last SDK script a page asked for. */
    get lastSdkQuery() {
      return lastSdkQuery;
    },
    /** The buyer approves the order on PayPal's page. */
    approve(orderId: string) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the stand-in has no order ${orderId}`);
      order.status = 'APPROVED';
    },
    /** A webhook notification about an order's capture, with signature headers PayPal would send. */
    webhook(eventType: 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED' | 'CHECKOUT.ORDER.APPROVED', orderId: string) {
      const order = orders.get(orderId);
      const body = JSON.stringify({
        id: `WH-${id(12)}`,
        event_type: eventType,
        resource_type: 'capture',
        resource: { id: order?.capture?.id ?? id(), status: 'COMPLETED', amount: order?.amount, supplementary_data: { related_ids: { order_id: orderId } } },
      });
      const headers = {
        'Content-Type': 'application/json',
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
        'PAYPAL-CERT-URL': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
        'PAYPAL-TRANSMISSION-ID': randomBytes(8).toString('hex'),
        'PAYPAL-TRANSMISSION-SIG': randomBytes(32).toString('base64'),
        'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
      };
      return { body, headers };
    },
    /** PayPal settings for the shop's configuration. */
    env(overrides: Record<string, string> = {}) {
      return {
        PAYMENT_PROVIDER: 'paypal',
        PAYPAL_API_BASE: url,
        PAYPAL_CLIENT_ID: STAND_IN_CLIENT.id,
        PAYPAL_CLIENT_SECRET: STAND_IN_CLIENT.secret,
        PAYPAL_WEBHOOK_ID: 'WH-STANDIN',
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
