import { z } from '@hono/zod-openapi';
import type { ShopDeps } from '@/server/deps';
import { createRouter, jsonRoute, ok } from '@/server/http/router';
import { subscribeBodySchema } from './newsletter.schema';
import { addSubscriber } from './newsletter.service';

export function newsletterRoutes(deps: ShopDeps) {
  return createRouter().openapi(
    jsonRoute({ method: 'post', tag: 'Newsletter', path: '/addSubscribers', summary: 'Subscribe to the newsletter', body: subscribeBodySchema, data: z.null() }),
    async (c) => {
      await addSubscriber(deps.db, c.req.valid('json'), c.get('language'));
      return ok(c, null);
    },
  );
}
