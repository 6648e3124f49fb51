import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testGatewayPayments } from '@/server/db/schema';
import { decideOnTestGateway, placeOrder, startPayment } from '../../../tests/support/orders';
import { aCustomer, aShop } from '../../../tests/support/fixtures';

const ORIGIN = 'https://shop.example';

const shop = await aShop({ catalogue: 'small', env: { PUBLIC_ORIGIN: ORIGIN } });
const robe = shop.ids['robe-s'];
const customer = await aCustomer(shop);

/** A fresh payment on the test gateway: its id and the approval page's URL. */
async function newTestPayment(language = 'EN') {
  const order = await placeOrder(shop, customer, [{ goodsSpecificationId: robe, goodsQuantity: 1 }]);
  const started = await startPayment(shop, customer, order.orderId, 'card', { language });
  return { orderId: order.orderId, id: started.body.data.providerOrderId!, approveUrl: started.body.data.approveUrl! };
}

const pagePath = (approveUrl: string) => approveUrl.slice(ORIGIN.length);
const statusOf = async (id: string) =>
  (await shop.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id)))[0]!.status;

describe('the test gateway, as PayPal', () => {
  it('refuses an amount its breakdown does not add up to', async () => {
    const payment = {
      orderNo: '250122ABCDEF',
      invoiceId: '250122ABCDEF-1',
      amount: 6_970,
      currency: 'USD',
      method: 'test',
      shipTo: null,
      language: 'EN',
      returnUrl: ORIGIN,
      cancelUrl: ORIGIN,
    } as const;
    const gateway = shop.operator.payments;
    await expect(
      gateway.createPayment(
        { ...payment, breakdown: { itemTotal: 5_900, shippingAmount: 599, taxAmount: 471, discountAmount: 0 } },
        'a',
      ),
    ).resolves.toHaveProperty('providerOrderId');
    await expect(
      gateway.createPayment(
        { ...payment, breakdown: { itemTotal: 5_900, shippingAmount: 599, taxAmount: 470, discountAmount: 0 } },
        'b',
      ),
    ).rejects.toThrow(/422 UNPROCESSABLE_ENTITY AMOUNT_MISMATCH/);
  });
});

describe('the test gateway approval page', () => {
  it('is served by the API, says TEST MODE, shows the amount and carries no script', async () => {
    const { approveUrl } = await newTestPayment();
    expect(approveUrl).toMatch(new RegExp(`^${ORIGIN}/api/v1/pay/test-gateway/TEST-[\\w-]+\\?language=EN$`));
    const response = await shop.app.request(pagePath(approveUrl));
    const html = await response.text();
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(html).toContain('TEST MODE');
    // Said once, not "TEST MODE · TEST MODE".
    expect(html.match(/TEST MODE/g)).toHaveLength(1);
    expect(html).toContain('Amount to pay: $59.00');
    expect(html).toContain('Approve payment');
    expect(html).toContain('4111 1111 1111 1111');
    expect(html).not.toContain('<script');
  });

  it('speaks the language of the query, else the Language header, else the site cookie', async () => {
    const { approveUrl } = await newTestPayment('ZH');
    expect(await (await shop.app.request(pagePath(approveUrl))).text()).toContain('确认支付');
    const bare = pagePath(approveUrl).replace(/\?.*$/, '');
    expect(await (await shop.app.request(bare, { headers: { Language: 'MS' } })).text()).toContain(
      'Luluskan pembayaran',
    );
    expect(await (await shop.app.request(bare, { headers: { Cookie: 'site=zh-cny' } })).text()).toContain(
      '<html lang="zh-CN">',
    );
    expect(await (await shop.app.request(bare)).text()).toContain('<html lang="en">');
  });

  it('records an approval and sends the customer back to the result page with the payment as token', async () => {
    const { orderId, id } = await newTestPayment();
    const response = await decideOnTestGateway(shop, id, { decision: 'approve' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${ORIGIN}/pay_result?orderId=${orderId}&token=${id}`);
    expect(await statusOf(id)).toBe('approved');
  });

  it('approves card 4111 1111 1111 1111 and declines card 4000 0000 0000 0002', async () => {
    const approved = await newTestPayment();
    expect(
      (await decideOnTestGateway(shop, approved.id, { decision: 'card', cardNumber: '4111 1111 1111 1111' })).status,
    ).toBe(303);
    expect(await statusOf(approved.id)).toBe('approved');
    const declined = await newTestPayment();
    expect(
      (await decideOnTestGateway(shop, declined.id, { decision: 'card', cardNumber: '4000-0000-0000-0002' })).status,
    ).toBe(303);
    expect(await statusOf(declined.id)).toBe('declined');
  });

  it('shows the page again, in its language, for any other card number', async () => {
    const { id } = await newTestPayment();
    const response = await decideOnTestGateway(shop, id, {
      decision: 'card',
      cardNumber: '4242 4242 4242 4242',
      language: 'ZH',
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('这不是测试卡号');
    expect(await statusOf(id)).toBe('created');
  });

  it('decides once: a second submission goes back without changing the decision', async () => {
    const { id, approveUrl } = await newTestPayment();
    await decideOnTestGateway(shop, id, { decision: 'decline' });
    expect((await decideOnTestGateway(shop, id, { decision: 'approve' })).status).toBe(303);
    expect(await statusOf(id)).toBe('declined');
    expect(await (await shop.app.request(pagePath(approveUrl))).text()).toContain(
      'This payment has already been handled.',
    );
  });

  it('answers -214 for an unknown payment and -218 for an unknown decision', async () => {
    expect((await shop.app.request('/api/v1/pay/test-gateway/TEST-unknown')).status).toBe(404);
    const { id } = await newTestPayment();
    const response = await decideOnTestGateway(shop, id, { decision: 'maybe' });
    expect(await response.json()).toMatchObject({ code: -218, message: 'Invalid value for decision' });
  });
});
