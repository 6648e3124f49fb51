import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { currencies } from '@/lib/locale';
import type { Executor } from '../db/client';
import { testGatewayPayments } from '../db/schema';
import { PaymentProviderError, type PaymentProvider } from './provider';

/*
 * The built-in test gateway, the default provider: it keeps its payments in its own table, as a real
 * provider keeps them on its side, and serves an approval page (test-gateway.routes.ts) where a tester
 * approves, declines or pays with a test card. No money moves; every page says TEST MODE.
 */

/** Where the API (under /api/v1) serves the approval page. */
export const TEST_GATEWAY_ROUTE = '/pay/test-gateway';

/** Test card numbers: the first approves, the second is declined. */
export const testCards = { approve: '4111111111111111', decline: '4000000000000002' } as const;

export type TestGatewayPayment = typeof testGatewayPayments.$inferSelect;
export type TestDecision = 'approve' | 'decline';

const newId = (prefix: string) => `${prefix}-${randomBytes(12).toString('base64url')}`;

export function createTestGateway(db: Executor, publicOrigin: string): PaymentProvider {
  return {
    name: 'test',
    payMethods: ['paypal', 'card', 'test'],
    // No money moves, so every method takes every shop currency.
    currencies: { paypal: currencies, card: currencies, test: currencies },
    clientId: null,
    sdkUrl: null,

    async createPayment(payment) {
      // As PayPal: an amount its breakdown does not add up to is refused (422 AMOUNT_MISMATCH).
      const { itemTotal, shippingAmount, taxAmount, discountAmount } = payment.breakdown;
      if (itemTotal + shippingAmount + taxAmount - discountAmount !== payment.amount)
        throw new PaymentProviderError(
          'the test gateway refused the payment: 422 UNPROCESSABLE_ENTITY AMOUNT_MISMATCH',
        );
      const id = newId('TEST');
      await db.insert(testGatewayPayments).values({
        id,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        returnUrl: payment.returnUrl,
      });
      return {
        providerOrderId: id,
        approveUrl: `${publicOrigin}/api/v1${TEST_GATEWAY_ROUTE}/${id}?language=${payment.language}`,
      };
    },

    async capture(providerOrderId) {
      // Captures an approved payment once; asking again answers the same capture.
      await db
        .update(testGatewayPayments)
        .set({ status: 'captured', captureId: newId('CAPTURE') })
        .where(and(eq(testGatewayPayments.id, providerOrderId), eq(testGatewayPayments.status, 'approved')));
      const payment = await findTestPayment(db, providerOrderId);
      if (!payment) throw new PaymentProviderError(`the test gateway has no payment ${providerOrderId}`);
      if (payment.captureId)
        return {
          status: 'completed',
          captureId: payment.captureId,
          captured: { amount: payment.amount, currency: payment.currency },
        };
      return payment.status === 'declined'
        ? { status: 'declined', reason: 'DECLINED_ON_TEST_PAGE' }
        : { status: 'pending' };
    },

    async refund(captureId) {
      const [refunded] = await db
        .update(testGatewayPayments)
        .set({ status: 'refunded' })
        .where(
          and(
            eq(testGatewayPayments.captureId, captureId),
            inArray(testGatewayPayments.status, ['captured', 'refunded']),
          ),
        )
        .returning({ id: testGatewayPayments.id });
      if (!refunded) throw new PaymentProviderError(`the test gateway has no capture ${captureId}`);
      return { status: 'completed', refundId: null };
    },

    // The test gateway captures and refunds at once: nothing is ever left pending.
    async captureStatus(captureId) {
      const [payment] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.captureId, captureId));
      if (!payment) throw new PaymentProviderError(`the test gateway has no capture ${captureId}`);
      return { status: 'completed', captureId, captured: { amount: payment.amount, currency: payment.currency } };
    },
    async refundStatus() {
      return { status: 'completed', refundId: null };
    },
    // Nobody disputes a test payment.
    async dispute(disputeId) {
      throw new PaymentProviderError(`the test gateway has no dispute ${disputeId}`);
    },

    // The test gateway decides on its own page and sends no webhooks.
    verifyWebhook: async () => null,
  };
}

export async function findTestPayment(db: Executor, id: string): Promise<TestGatewayPayment | undefined> {
  const [payment] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id));
  return payment;
}

/** Records the tester's decision once; null when the payment is unknown or already decided. */
export async function decideTestPayment(
  db: Executor,
  id: string,
  decision: TestDecision,
): Promise<TestGatewayPayment | null> {
  const [decided] = await db
    .update(testGatewayPayments)
    .set({ status: decision === 'approve' ? 'approved' : 'declined' })
    .where(and(eq(testGatewayPayments.id, id), eq(testGatewayPayments.status, 'created')))
    .returning();
  return decided ?? null;
}

/** A test card number's decision, spaces and dashes ignored; null for any other number. */
export function decisionForCard(cardNumber: string): TestDecision | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === testCards.approve) return 'approve';
  if (digits === testCards.decline) return 'decline';
  return null;
}

/** Where the gateway sends the customer back: the shop's return URL with the payment as `token`, as PayPal does. */
export function returnUrlOf(payment: Pick<TestGatewayPayment, 'id' | 'returnUrl'>): string {
  const url = new URL(payment.returnUrl);
  url.searchParams.set('token', payment.id);
  return url.toString();
}
