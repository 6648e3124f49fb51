import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { Logger } from '../logger';
import { metrics } from '../metrics';

/**
 * One line per request at `info`, and the request's time in the metrics: method, the route template
 * that answered (`/api/v1/order/:orderNo`, never the path with its ids or the query with its emails),
 * status, milliseconds and the request id an error answer names. No client address: the shop needs
 * none to follow a request, and the rate limits keep theirs apart (docs/decisions/072).
 */
export const accessLog = (logger: Logger) =>
  createMiddleware(async (c, next) => {
    const started = performance.now();
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      // The handler that answered is the last one run; a request nothing answered has no template.
      const route = routePath(c) || 'unmatched';
      metrics.requestSeconds.observe({ route, method: c.req.method, status: String(status) }, seconds);
      if (logger.isLevelEnabled('info'))
        logger.info(
          {
            method: c.req.method,
            route,
            status,
            ms: Math.round(seconds * 1000),
            requestId: c.get('requestId') as string | undefined,
          },
          'request',
        );
    }
  });
