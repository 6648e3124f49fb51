import type { Context } from 'hono';
import { Hono } from 'hono';
import { readSiteCookie } from '@/edge/rewrite';
import * as ErrorCode from '@/lib/error-codes';
import { defaultLanguage, parseLanguage, type Language } from '@/lib/locale';
import { testGatewayCsp } from '@/lib/security-headers';
import type { Executor } from '../db/client';
import { limitBody } from '../http/body';
import type { AppEnv } from '../http/context';
import { ShopError } from '../http/errors';
import { renderTestGatewayPage } from './test-gateway-page';
import {
  TEST_GATEWAY_ROUTE,
  decideTestPayment,
  decisionForCard,
  findTestPayment,
  returnUrlOf,
  type TestDecision,
} from './test-gateway';

/** Where the page's forms post; app.ts lets multipart bodies through to it. */
export const TEST_GATEWAY_DECIDE_PATH = `${TEST_GATEWAY_ROUTE}/decide`;

const FORM_LIMIT_BYTES = 4 * 1024;

/** The page's language: `?language=`, else the Language header, else the storefront's site cookie. */
function pageLanguage(c: Context<AppEnv>): Language {
  const asked = c.req.query('language') ?? c.req.header('Language');
  if (asked) return parseLanguage(asked);
  return readSiteCookie(c.req.header('Cookie'))?.language ?? defaultLanguage;
}

const notFound = () => new ShopError(ErrorCode.PaymentNotFound);

function page(c: Context<AppEnv>, html: string, status: 200 | 422 = 200) {
  c.header('Content-Security-Policy', testGatewayCsp);
  return c.html(html, status);
}

/**
 * The approval page at `/api/v1/pay/test-gateway/{id}`. Approve, decline or a test card records the
 * decision and sends the customer back to the shop's return URL, where the capture happens as with PayPal.
 */
export function testGatewayRoutes({ db }: { db: Executor }) {
  return new Hono<AppEnv>()
    .post('/decide', limitBody(FORM_LIMIT_BYTES), async (c) => {
      const form = await c.req.parseBody();
      const text = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
      const payment = await findTestPayment(db, text('id'));
      if (!payment) throw notFound();

      const choice = text('decision');
      const decision: TestDecision | null =
        choice === 'card'
          ? decisionForCard(text('cardNumber'))
          : choice === 'approve' || choice === 'decline'
            ? choice
            : null;
      if (!decision) {
        if (choice !== 'card') throw new ShopError(ErrorCode.IllegalRequest, { field: 'decision' });
        return page(c, renderTestGatewayPage(parseLanguage(text('language')), payment, 'cardUnknown'), 422);
      }
      const decided = await decideTestPayment(db, payment.id, decision);
      // A second submission (a double click) finds it decided and simply goes back too.
      return c.redirect(returnUrlOf(decided ?? payment), 303);
    })
    .get('/:id', async (c) => {
      const payment = await findTestPayment(db, c.req.param('id'));
      if (!payment) throw notFound();
      return page(c, renderTestGatewayPage(pageLanguage(c), payment));
    });
}
