import { z } from '@hono/zod-openapi';
import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import * as ErrorCode from '@/lib/error-codes';
import { ShopError } from '@/server/http/errors';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { testGatewayRoutes } from '@/server/payments/test-gateway.routes';
import { payBodySchema, payMethodOptionSchema, paymentStartSchema } from './orders.schema';
import type { AppDeps } from '@/server/deps';
import type { OrderDeps } from './orders.service';
import { handlePaymentEvent, listPayMethods, startPayment } from './payments.service';
import { metrics } from '@/server/metrics';

const tag = 'Payment';

export function paymentRoutes(deps: OrderDeps & Partial<Pick<AppDeps, 'catalogueCache'>>) {
  const signedIn = requireUser(deps);
  const router = createRouter()
    .openapi(
      signedInRoute(
        jsonRoute({ method: 'post', tag, path: '/payment', summary: 'Start paying an order: answers the URL where the customer approves the payment', body: payBodySchema, data: paymentStartSchema }),
        signedIn,
      ),
      async (c) => ok(c, await startPayment(deps, signedInOf(c).user.id, c.req.valid('json'), c.get('language'))),
    )
    .openapi(
      getRoute({ tag, path: '/getNotEpPayMethodOptionList', summary: "The payment methods other than energy points, for an order in the request's Currency: each says whether it can pay in it and, if not, why", query: z.object({}), data: z.array(payMethodOptionSchema) }),
      (c) => ok(c, listPayMethods(deps, c.get('language'), c.get('currency'))),
    );

  // The provider's notifications; the body must be read raw, as it was signed.
  router.post('/webhook/:provider', async (c) => {
    if (c.req.param('provider') !== deps.payments.name) throw new ShopError(ErrorCode.IllegalRequest, { field: 'path', status: 404 });
    const event = await deps.payments.verifyWebhook(c.req.raw.headers, await c.req.text());
    if (!event) {
      metrics.webhooks.inc({ outcome: 'refused' });
      throw new ShopError(ErrorCode.IllegalRequest, { field: 'signature' });
    }
    try {
      await handlePaymentEvent(deps, event);
    } catch (error) {
      metrics.webhooks.inc({ outcome: 'failed' });
      throw error;
    }
    metrics.webhooks.inc({ outcome: 'handled' });
    return ok(c, null);
  });
  if (deps.payments.name === 'test') router.route('/test-gateway', testGatewayRoutes(deps));
  return router;
}
