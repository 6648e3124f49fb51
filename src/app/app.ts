import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { csrf } from 'hono/csrf';
import { createMiddleware } from 'hono/factory';
import { requestId } from 'hono/request-id';
import * as ErrorCode from '@/lib/error-codes';
import { apiHeaders } from '@/lib/security-headers';
import { parseCurrency, parseLanguage } from '@/lib/locale';
import { accountRoutes } from '@/features/account/account.routes';
import { advertisingRoutes } from '@/features/advertising/advertising.routes';
import { authRoutes } from '@/features/auth/auth.routes';
import { ADVERT_PICTURE_PATH } from '@/features/backoffice/adverts/adverts.routes';
import { CATALOGUE_PICTURE_PATH } from '@/features/backoffice/catalogue/catalogue.routes';
import { backOfficeRoutes } from '@/features/backoffice/backoffice.routes';
import type { Publisher } from '@/features/backoffice/publish/publishing';
import { limitByAddress } from '@/features/auth/rate-limit';
import { SESSION_COOKIE, SESSION_SECURITY } from '@/features/auth/session';
import { captchaRoutes } from '@/features/captcha/captcha.routes';
import { cartRoutes } from '@/features/cart/cart.routes';
import { mergeIntoCart } from '@/features/cart/cart.service';
import { catalogueRoutes } from '@/features/catalogue/catalogue.routes';
import { ageCheckRoutes } from '@/features/sales-rules/age-checks.routes';
import { couponRoutes, receiveOrderRoutes } from '@/features/coupons/coupons.routes';
import { deliveryRoutes } from '@/features/delivery/delivery.routes';
import { energyRoutes } from '@/features/energy/energy.routes';
import {
  NEWSLETTER_ANY_ORIGIN_FORM_PATHS,
  NEWSLETTER_FORM_BODY_PATHS,
  newsletterRoutes,
} from '@/features/newsletter/newsletter.routes';
import { orderRoutes } from '@/features/orders/orders.routes';
import { checkoutRoutes, rechargeRoutes } from '@/features/checkout/checkout.routes';
import { orderPaymentRoutes, paymentRoutes } from '@/features/payments/payments.routes';
import { privacyRoutes } from '@/features/privacy/privacy.routes';
import { reviewRoutes } from '@/features/reviews/reviews.routes';
import { referralRoutes } from '@/features/referral/referral.routes';
import { siteRoutes } from '@/features/site/site.routes';
import { verifyRoutes } from '@/features/verify/verify.routes';
import { snapshotRoutes } from '@/publish/snapshot.routes';
import { discardUnreadBody, limitBody, rejectNulInUrl } from '@/server/http/body';
import { publicRead, publicReadPaths } from '@/server/http/cache';
import type { AppEnv } from '@/server/http/context';
import { accessLog } from '@/server/http/access-log';
import { ShopError, handleError } from '@/server/http/errors';
import { healthRoutes, type HealthOptions } from '@/server/http/health';
import { serveDocument } from '@/server/http/openapi';
import { createPaymentProvider } from '@/server/payments/registry';
import { TEST_GATEWAY_DECIDE_PATH } from '@/server/payments/test-gateway.routes';
import { mediaRoutes } from '@/server/storage/media.routes';
import type { AppDeps } from '@/server/deps';
import './order-reactions';

export const API_BASE = '/api/v1';

/** What starting the shop adds to the features' deps: the local page publish, for the back office's Publish, and whether its pages are there (readiness). */
export type AppOptions = { publish?: Publisher } & HealthOptions;

/**
 * The shop's HTTP app: health and metrics, and the API under /api/v1 (the pages are added by the Node
 * entry or the CDN). Every request gets an id and an access log line.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  return new Hono()
    .use(discardUnreadBody)
    .use(requestId())
    .use(accessLog(deps.logger))
    .route('/', healthRoutes(deps, options))
    .route(API_BASE, createApi(deps, options));
}

/** The API: one router per resource, one error path. */
export function createApi(deps: AppDeps, options: AppOptions = {}) {
  const api = new OpenAPIHono<AppEnv>();

  const headers = Object.entries(apiHeaders(deps.config));
  api.use(async (c, next) => {
    for (const [name, value] of headers) c.header(name, value);
    c.set('language', parseLanguage(c.req.header('Language')));
    c.set('currency', parseCurrency(c.req.header('Currency')));
    c.set('logger', deps.logger);
    c.header('Cache-Control', 'no-store');
    await next();
  });
  api.use(rejectNulInUrl);
  // The whole body is read before any route runs (see http/body.ts); upload routes set their own, larger limit after checking the session.
  api.use(requireSameOriginOrJson(deps.config.publicOrigin));
  api.use(requireJsonBody);
  api.use(limitBody(deps.config.limits.bodyBytes, { skip: isMultipartPath, text: true }));
  api.use('/captcha/*', limitByAddress(deps, 'captcha'));
  const cacheable = publicRead(deps.catalogueCache);
  for (const path of publicReadPaths) api.on(['GET', 'HEAD'], path, cacheable);

  api.route('/', siteRoutes(deps));
  api.route('/goods', catalogueRoutes(deps));
  api.route('/goods', snapshotRoutes(deps));
  api.route('/goods/antifake', verifyRoutes(deps));
  api.route('/advertising', advertisingRoutes(deps));
  api.route('/mail/subscribers', newsletterRoutes(deps));
  api.route('/captcha', captchaRoutes(deps));
  api.route('/share', referralRoutes(deps));
  // A sign-in brings the browser's cart into the account's.
  api.route(
    '/login',
    authRoutes(deps, { onSignIn: [({ userId, browserCart }) => mergeIntoCart(deps.db, userId, browserCart)] }),
  );
  api.route('/account', accountRoutes(deps));
  api.route('/privacy', privacyRoutes(deps));
  api.route('/shoppingcart', cartRoutes(deps));
  api.route('/delivery', deliveryRoutes(deps));
  const orderDeps = { ...deps, payments: createPaymentProvider(deps) };
  api.route('/order', checkoutRoutes(orderDeps));
  api.route('/order', orderRoutes(orderDeps));
  api.route('/order', orderPaymentRoutes(orderDeps));
  api.route('/order', receiveOrderRoutes(deps));
  api.route('/coupon', couponRoutes(deps));
  api.route('/pay', paymentRoutes(orderDeps));
  api.route('/energy', energyRoutes(orderDeps));
  api.route('/energy', rechargeRoutes(orderDeps));
  api.route('/media', mediaRoutes(deps));
  api.route('/admin', backOfficeRoutes({ ...orderDeps, publish: options.publish }));
  api.route('/reviews', reviewRoutes(deps));
  api.route('/age', ageCheckRoutes(deps));

  api.openAPIRegistry.registerComponent('securitySchemes', SESSION_SECURITY, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
  });
  serveDocument(api, '/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Energy Shop API',
      version: '1',
      description:
        'Every response is `{ code, data, message }`; `code` 1 is success. Requests carry `Language` (EN, ZH, MS) and `Currency` (USD, CNY, MYR) headers.',
    },
    servers: [{ url: '/api/v1' }],
  });

  const servedMethods = methodsByPath(api.routes);
  api.all('*', (c) => {
    // A path the API serves, asked with a method it does not: 405 naming the methods it does (RFC 9110).
    const base = c.req.routePath.replace(/\/?\*$/, '');
    const allowed = servedMethods(c.req.path.slice(base.length));
    if (allowed.length > 0)
      throw new ShopError(ErrorCode.IllegalRequest, {
        field: 'method',
        status: 405,
        headers: { Allow: allowed.join(', ') },
      });
    throw new ShopError(ErrorCode.IllegalRequest, { field: 'path', status: 404 });
  });
  api.onError(handleError);
  return api;
}

/**
 * State-changing calls take JSON only (multipart only where a route says so, form bodies only on the
 * newsletter's forms). A cross-site form cannot send JSON without a preflight, so this also shuts out
 * form-based request forgery; the footer's subscribe form is held to the shop's own origin below.
 */
const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method)) {
    const type = c.req.header('Content-Type') ?? '';
    const hasBody = c.req.header('Content-Length') !== undefined && c.req.header('Content-Length') !== '0';
    const json = /^application\/json\b/i.test(type);
    const multipart = /^multipart\/form-data\b/i.test(type) && isMultipartPath(c.req.path);
    const form =
      /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type) &&
      NEWSLETTER_FORM_BODY_PATHS.some((path) => c.req.path.endsWith(path));
    if ((hasBody || c.req.header('Transfer-Encoding')) && !json && !multipart && !form) {
      throw new ShopError(ErrorCode.IllegalRequest, { field: 'Content-Type', status: 415 });
    }
  }
  await next();
});

/**
 * Every state-changing call, with a body or without, is JSON or comes from the shop's own pages (a
 * same-origin `Origin` or `Sec-Fetch-Site`), as Hono's `csrf` middleware decides: a body-less POST
 * another site's page sends as `text/plain` changes nothing. The newsletter's forms are exempt: a
 * mail program posts the one-click unsubscribe from elsewhere, and their links carry their own token.
 */
function requireSameOriginOrJson(publicOrigin: string) {
  const check = csrf({
    origin: (origin, c) => origin === publicOrigin || origin === new URL(c.req.url).origin,
    secFetchSite: 'same-origin',
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!NEWSLETTER_ANY_ORIGIN_FORM_PATHS.some((path) => c.req.path.endsWith(path))) {
      let allowed = false;
      await check(c, async () => {
        allowed = true;
      }).catch(() => undefined);
      if (!allowed) throw new ShopError(ErrorCode.IllegalRequest, { field: 'Origin', status: 403 });
    }
    await next();
  });
}

/** Routes that accept multipart bodies: uploads, and the test gateway's form. */
export const multipartPaths: string[] = [
  '/account/updateHeadPicture',
  TEST_GATEWAY_DECIDE_PATH,
  CATALOGUE_PICTURE_PATH,
  ADVERT_PICTURE_PATH,
];

const isMultipartPath = (path: string) => multipartPaths.some((multipartPath) => path.endsWith(multipartPath));

/**
 * The methods each path of the API serves, read from its routes once they are all registered: a
 * route's `:name` (or `:name{pattern}`) matches one segment (or the pattern), `*` anything.
 */
function methodsByPath(routes: readonly { method: string; path: string }[]) {
  let table: { pattern: RegExp; method: string }[] | undefined;
  const patternOf = (path: string) =>
    new RegExp(
      `^${path
        .split(/(:\w+(?:\{[^}]+\})?|\*)/)
        .map((part) =>
          part === '*'
            ? '.*'
            : part.startsWith(':')
              ? part.includes('{')
                ? `(?:${part.slice(part.indexOf('{') + 1, -1)})`
                : '[^/]+'
              : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('')}/?$`,
    );
  return (path: string): string[] => {
    table ??= routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => ({ pattern: patternOf(route.path), method: route.method }));
    const methods = new Set(table.filter((route) => route.pattern.test(path)).map((route) => route.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };
}
