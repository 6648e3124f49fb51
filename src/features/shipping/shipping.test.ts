// Over 300 lines: zones, methods and tax rates share one shop.
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { OrderDetails, OrderQuote, OrderStatusInfo } from '@/features/orders/orders.schema';
import { auditLog, orders, shippingZones, taxRates } from '@/server/db/schema';
import { signUp, type Customer } from '../../../tests/support/customers';
import { aLine, aShop } from '../../../tests/support/fixtures';
import { sentMail } from '../../../tests/support/mail';
import { anOperator, withSecondFactor } from '../../../tests/support/operators';
import { createOrder, deliveryAddress, placeOrder, startPayment, stockOf } from '../../../tests/support/orders';
import { startPaypalStandIn } from '../../../tests/support/paypal-stand-in';
import { shippingCommands } from './shipping.commands';
import type { ShippingSetup, ShippingZone, ShippingZoneInput } from './shipping.schema';

/* Shipping and tax by destination, set in the back office, quoted, charged, and told to PayPal. */

const paypal = await startPaypalStandIn();
// Ringgit through PayPal: the merchant account is Malaysian.
paypal.steer.accountCountry = 'MY';
afterAll(() => paypal.close());
afterEach(() => paypal.assertValid());
const shop = await aShop({
  catalogue: 'small',
  env: paypal.env({
    PAYPAL_CURRENCIES: 'USD,MYR',
    PUBLIC_ORIGIN: 'https://shop.example',
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
  }),
});
// The shop is on https, so in production: its operators turn the second factor on first.
const { headers: admin } = await withSecondFactor(shop, await anOperator(shop, 'admin'));
const buyer = await signUp(shop);

const days = { EN: '2–4 days', ZH: '2–4 天', MS: '2–4 hari' };
const zones: Record<string, ShippingZoneInput> = {
  malaysia: {
    name: 'Malaysia',
    regions: ['MY'],
    methods: [
      {
        name: { EN: 'Standard', ZH: '标准', MS: 'Standard' },
        deliveryTime: days,
        prices: { MYR: 800, USD: 199 },
        freeFrom: { MYR: 30_000 },
        discreetPackaging: true,
      },
      {
        name: { EN: 'Express', ZH: '特快', MS: 'Ekspres' },
        deliveryTime: days,
        prices: { MYR: 1_800 },
        freeFrom: {},
        discreetPackaging: true,
      },
    ],
  },
  us: {
    name: 'United States',
    regions: ['US'],
    methods: [
      {
        name: { EN: 'Standard', ZH: '标准', MS: 'Standard' },
        deliveryTime: days,
        prices: { USD: 599 },
        freeFrom: { USD: 7_500 },
        discreetPackaging: true,
      },
    ],
  },
  remote: {
    name: 'Hawaii and Alaska',
    regions: ['US-HI', 'US-AK'],
    methods: [
      {
        name: { EN: 'Air', ZH: '空运', MS: 'Udara' },
        deliveryTime: days,
        prices: { USD: 1_999 },
        freeFrom: {},
        discreetPackaging: true,
      },
    ],
  },
  world: {
    name: 'Rest of world',
    regions: ['*'],
    methods: [
      {
        name: { EN: 'International', ZH: '国际', MS: 'Antarabangsa' },
        deliveryTime: days,
        prices: { USD: 2_500 },
        freeFrom: {},
        discreetPackaging: true,
      },
    ],
  },
};

const adminPost = <T = unknown>(path: string, body: unknown) =>
  shop.post<T>(`/admin/shipping${path}`, body, { headers: admin });
const saveZone = async (zone: ShippingZoneInput) => {
  const answer = await adminPost<ShippingZone>('/zone/save', { zone });
  if (answer.body.code !== 1) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
};
const setTax = (taxRate: Record<string, unknown>) => adminPost('/tax/save', { taxRate });
const quote = (body: Record<string, unknown>, currency = 'USD', caller: Customer = buyer) =>
  shop.post<OrderQuote>('/order/quoteOrder', body, { headers: caller.headers, currency });
const to = (country: string, state: string) => ({
  ...deliveryAddress,
  country,
  state,
  zipCode: country === 'MY' ? '50450' : country === 'CN' ? '100000' : '94105',
});
const orderCount = async () => (await shop.db.select({ n: count() }).from(orders))[0]!.n;

// An order placed before the shop had any zone: it shipped free and untaxed, and keeps those totals.
const earlier = await placeOrder(shop, buyer, [aLine(shop, 'robe-s')], { payMethod: 'paypal' });

const saved = {
  malaysia: await saveZone(zones.malaysia!),
  us: await saveZone(zones.us!),
  remote: await saveZone(zones.remote!),
  world: await saveZone(zones.world!),
};
for (const taxRate of [
  { country: 'MY', rateBasisPoints: 800, included: true, label: 'SST' },
  { country: 'CN', rateBasisPoints: 1_300, included: true, label: 'VAT' },
  { country: 'US', state: 'CA', rateBasisPoints: 725, included: false, label: 'Sales tax' },
]) {
  const answer = await setTax(taxRate);
  if (answer.body.code !== 1) throw new Error(JSON.stringify(answer.body));
}
const express = saved.malaysia.methods[1]!.shippingMethodId;

describe('an order placed before shipping zones', () => {
  it('keeps its totals: no shipping, no tax', async () => {
    const details = (
      await shop.get<OrderDetails>(`/order/getOrderDetails?orderId=${earlier.orderId}`, { headers: buyer.headers })
    ).body.data;
    expect(details).toMatchObject({
      goodsTotal: 5_900,
      shippingAmount: 0,
      taxAmount: 0,
      taxIncluded: false,
      taxLabel: null,
      shippingMethod: null,
      payAmount: 5_900,
    });
  });
});

describe('the quote for a destination', () => {
  it('figures nothing before a country is picked', async () => {
    const { body } = await quote({ items: [aLine(shop, 'robe-s')] });
    expect(body.data).toMatchObject({
      goodsTotal: 5_900,
      shippingAmount: 0,
      taxAmount: 0,
      payAmount: 5_900,
      shippingMethods: [],
      shippingMethodId: null,
    });
  });

  it('adds California sales tax on goods and shipping, rounded once for the order', async () => {
    const { body } = await quote({ items: [aLine(shop, 'robe-s')], country: 'US', state: 'CA' });
    expect(body.data).toMatchObject({
      shippingAmount: 599,
      taxAmount: 471,
      taxIncluded: false,
      taxLabel: 'Sales tax',
      payAmount: 6_970,
    });
    expect(body.data.shippingMethods).toEqual([
      {
        shippingMethodId: saved.us.methods[0]!.shippingMethodId,
        name: 'Standard',
        deliveryTime: '2–4 days',
        fee: 599,
        price: 599,
        freeFrom: 7_500,
        discreetPackaging: true,
      },
    ]);
  });

  it('ships free at the threshold, and rounds a half cent of tax up', async () => {
    const { body } = await quote({ items: [aLine(shop, 'robe-s', 2)], country: 'US', state: 'CA' });
    expect(body.data).toMatchObject({ goodsTotal: 11_800, shippingAmount: 0, taxAmount: 856, payAmount: 12_656 });
  });

  it('compares the threshold with the goods less the friend discount', async () => {
    const friend = await signUp(shop);
    // Two robes less 5 % are $112.10, over $75; one robe less 5 % is $56.05, under it.
    const two = await quote({
      items: [aLine(shop, 'robe-s', 2)],
      discountCode: friend.user.shareCode,
      country: 'US',
      state: 'OR',
    });
    const one = await quote({
      items: [aLine(shop, 'robe-s')],
      discountCode: friend.user.shareCode,
      country: 'US',
      state: 'OR',
    });
    expect(two.body.data).toMatchObject({
      discountAmount: 590,
      shippingAmount: 0,
      taxAmount: 0,
      taxLabel: null,
      payAmount: 11_210,
    });
    expect(one.body.data).toMatchObject({ discountAmount: 295, shippingAmount: 599, payAmount: 5_605 + 599 });
  });

  it("serves a state from its own zone before its country's", async () => {
    const { body } = await quote({ items: [aLine(shop, 'robe-s')], country: 'US', state: 'HI' });
    expect(body.data).toMatchObject({
      shippingAmount: 1_999,
      shippingMethodId: saved.remote.methods[0]!.shippingMethodId,
      payAmount: 7_899,
    });
  });

  it('shows Malaysian SST as the part of the RM prices it is, and prices the method chosen', async () => {
    const standard = await quote({ items: [aLine(shop, 'robe-s')], country: 'MY', state: '14' }, 'MYR');
    expect(standard.body.data).toMatchObject({
      goodsTotal: 25_900,
      shippingAmount: 800,
      taxAmount: 1_978,
      taxIncluded: true,
      taxLabel: 'SST',
      payAmount: 26_700,
    });
    const fast = await quote(
      { items: [aLine(shop, 'robe-s')], country: 'MY', state: '14', shippingMethodId: express },
      'MYR',
    );
    expect(fast.body.data).toMatchObject({
      shippingAmount: 1_800,
      shippingMethodId: express,
      taxAmount: 2_052,
      payAmount: 27_700,
    });
    const over = await quote({ items: [aLine(shop, 'robe-s', 2)], country: 'MY', state: '14' }, 'MYR');
    expect(over.body.data).toMatchObject({ shippingAmount: 0, taxAmount: 3_837, payAmount: 51_800 });
  });

  it('lists only the methods offered in the currency', async () => {
    const { body } = await quote({ items: [aLine(shop, 'robe-s')], country: 'MY' }, 'USD');
    expect(body.data.shippingMethods.map((method) => method.name)).toEqual(['Standard']);
  });

  it('names the destinations it cannot price, with the error catalogue', async () => {
    const answers = await Promise.all([
      quote({ items: [aLine(shop, 'robe-s')], country: 'ZZ' }),
      quote({ items: [aLine(shop, 'robe-s')], country: 'US', state: 'XX' }),
      // China falls to the rest of the world, which ships in USD only.
      quote({ items: [aLine(shop, 'robe-s')], country: 'CN' }, 'CNY'),
      quote({ items: [aLine(shop, 'robe-s')], country: 'US', state: 'CA', shippingMethodId: express }),
    ]);
    expect(answers.map(({ status, body }) => ({ status, code: body.code, data: body.data }))).toEqual([
      { status: 400, code: -218, data: { field: 'country', reason: 'unknown-country' } },
      { status: 400, code: -218, data: { field: 'state', reason: 'unknown-state' } },
      { status: 400, code: -218, data: { field: 'country', reason: 'not-shipped' } },
      { status: 400, code: -218, data: { field: 'shippingMethodId', reason: 'not-offered' } },
    ]);
  });
});

describe('the order', () => {
  it('charges what the quote showed, and shows the same figures in its details, its list and the confirmation mail', async () => {
    const items = [aLine(shop, 'robe-s')];
    const shown = (await quote({ items, country: 'MY', state: '14', shippingMethodId: express }, 'MYR')).body.data;
    const placed = await placeOrder(
      shop,
      buyer,
      items,
      {
        deliveryAddress: to('MY', '14'),
        shippingMethodId: express,
        expectedPayAmount: shown.payAmount,
        payMethod: 'paypal',
      },
      { currency: 'MYR' },
    );
    const figures = {
      goodsTotal: 25_900,
      shippingAmount: 1_800,
      taxAmount: 2_052,
      taxIncluded: true,
      taxLabel: 'SST',
      payAmount: 27_700,
    };
    expect(placed).toMatchObject({ ...figures, shippingMethod: { name: 'Express', deliveryTime: '2–4 days' } });
    const listed = await shop.get<{ list: OrderDetails[] }>('/order/queryOrderList', {
      headers: buyer.headers,
      language: 'MS',
    });
    expect(listed.body.data.list.find((order) => order.orderId === placed.orderId)).toMatchObject({
      ...figures,
      shippingMethod: { name: 'Ekspres' },
    });

    // Paid through PayPal: the order's breakdown adds up, and what PayPal captured is the total shown.
    const started = await startPayment(shop, buyer, placed.orderId, 'paypal');
    const providerOrderId = started.body.data.providerOrderId!;
    const money = (value: string) => ({ currency_code: 'MYR', value });
    expect(paypal.orders.get(providerOrderId)!.request).toMatchObject({
      purchase_units: [
        {
          amount: {
            value: '277.00',
            breakdown: {
              item_total: money('259.00'),
              shipping: money('18.00'),
              tax_total: money('0.00'),
              discount: money('0.00'),
            },
          },
        },
      ],
    });
    paypal.approve(providerOrderId);
    const paid = await shop.post<OrderStatusInfo>(
      '/order/callback',
      { orderId: placed.orderId, token: providerOrderId },
      { headers: buyer.headers },
    );
    expect(paid.body.data).toMatchObject({ status: 1, payAmount: 27_700 });
    expect(paypal.orders.get(providerOrderId)!.capture!.amount).toEqual(money('277.00'));

    const mail = (await sentMail(shop)).find((candidate) => candidate.subject?.includes(placed.orderNo));
    expect(mail?.text).toContain('Shipping (Express): RM18.00');
    expect(mail?.text).toContain('Includes SST: RM20.52');
  });

  it('tells PayPal US sales tax as tax_total, and captures the total with it', async () => {
    const placed = await placeOrder(shop, buyer, [aLine(shop, 'robe-s')], {
      deliveryAddress: to('US', 'CA'),
      payMethod: 'paypal',
    });
    expect(placed).toMatchObject({ shippingAmount: 599, taxAmount: 471, payAmount: 6_970 });
    const providerOrderId = (await startPayment(shop, buyer, placed.orderId, 'paypal')).body.data.providerOrderId!;
    const money = (value: string) => ({ currency_code: 'USD', value });
    expect(paypal.orders.get(providerOrderId)!.request).toMatchObject({
      purchase_units: [
        {
          amount: {
            value: '69.70',
            breakdown: { item_total: money('59.00'), shipping: money('5.99'), tax_total: money('4.71') },
          },
        },
      ],
    });
  });

  it('places nothing when a rate changed after the total was shown, and answers the new total to confirm', async () => {
    // Two robes (shipped free, 10 % on the goods): a checkout this buyer has not placed before (the same one
    // placed again would answer her open order at its total, decision 079).
    const items = [aLine(shop, 'robe-s', 2)];
    const shown = (await quote({ items, country: 'US', state: 'CA' })).body.data.payAmount;
    await setTax({ country: 'US', state: 'CA', rateBasisPoints: 1_000, included: false, label: 'Sales tax' });
    const before = { orders: await orderCount(), stock: await stockOf(shop, shop.ids['robe-s']) };

    const refused = await createOrder(shop, buyer, {
      items,
      deliveryAddress: to('US', 'CA'),
      expectedPayAmount: shown,
      payMethod: 'paypal',
    });
    expect(refused.body).toMatchObject({
      code: -218,
      data: { field: 'expectedPayAmount', reason: 'total-changed', payAmount: 11_800 + 1_180 },
    });
    expect(refused.body.message).toBe(
      'The total has changed since it was shown; please check the new total and confirm again',
    );
    expect({ orders: await orderCount(), stock: await stockOf(shop, shop.ids['robe-s']) }).toEqual(before);

    const again = (await quote({ items, country: 'US', state: 'CA' })).body.data.payAmount;
    const confirmed = await createOrder(shop, buyer, {
      items,
      deliveryAddress: to('US', 'CA'),
      expectedPayAmount: again,
      payMethod: 'paypal',
    });
    expect(confirmed.body.data).toMatchObject({ taxAmount: 1_180, payAmount: 11_800 + 1_180 });
    await setTax({ country: 'US', state: 'CA', rateBasisPoints: 725, included: false, label: 'Sales tax' });
  });

  it('charges an energy-point recharge no shipping and no tax', async () => {
    const recharge = await shop.post<OrderDetails>(
      '/energy/recharge',
      { points: 1_000, payMethod: 'paypal' },
      { headers: buyer.headers, currency: 'MYR' },
    );
    expect(recharge.body.data).toMatchObject({
      kind: 'recharge',
      shippingAmount: 0,
      taxAmount: 0,
      taxLabel: null,
      shippingMethod: null,
    });
    expect(recharge.body.data.payAmount).toBe(recharge.body.data.goodsTotal);
    const providerOrderId = (await startPayment(shop, buyer, recharge.body.data.orderId, 'paypal')).body.data
      .providerOrderId!;
    expect(paypal.orders.get(providerOrderId)!.request).toMatchObject({
      purchase_units: [{ amount: { breakdown: { shipping: { value: '0.00' }, tax_total: { value: '0.00' } } } }],
    });
  });

  it('refuses a method of another zone and a destination it does not ship to, and changes nothing', async () => {
    const before = { orders: await orderCount(), stock: await stockOf(shop, shop.ids['robe-s']) };
    const otherZone = await createOrder(shop, buyer, {
      items: [aLine(shop, 'robe-s')],
      deliveryAddress: to('US', 'CA'),
      shippingMethodId: express,
      payMethod: 'paypal',
    });
    // The United States zone ships in dollars only.
    const notShipped = await createOrder(
      shop,
      buyer,
      { items: [aLine(shop, 'robe-s')], deliveryAddress: to('US', 'CA'), payMethod: 'paypal' },
      { currency: 'MYR' },
    );
    expect([otherZone.body, notShipped.body].map(({ code, data }) => ({ code, data }))).toEqual([
      { code: -218, data: { field: 'shippingMethodId', reason: 'not-offered' } },
      { code: -218, data: { field: 'country', reason: 'not-shipped' } },
    ]);
    expect({ orders: await orderCount(), stock: await stockOf(shop, shop.ids['robe-s']) }).toEqual(before);
  });
});

describe('setting zones and rates', () => {
  const setup = async () => (await shop.get<ShippingSetup>('/admin/shipping', { headers: admin })).body.data;

  it('refuses a negative rate, a region another zone serves and a method of another zone, and changes nothing', async () => {
    const before = { setup: await setup(), audit: (await shop.db.select({ n: count() }).from(auditLog))[0]!.n };
    const answers = await Promise.all([
      setTax({ country: 'US', state: 'CA', rateBasisPoints: -100, included: false, label: 'Sales tax' }),
      setTax({ country: 'ZZ', rateBasisPoints: 100, included: false, label: 'Tax' }),
      adminPost('/zone/save', { zone: { ...zones.world!, name: 'Another', regions: ['MY'] } }),
      adminPost('/zone/save', {
        zone: {
          ...zones.us!,
          shippingZoneId: saved.us.shippingZoneId,
          methods: [{ ...zones.us!.methods[0]!, shippingMethodId: express }],
        },
      }),
      adminPost('/zone/save', { zone: { ...zones.us!, methods: [{ ...zones.us!.methods[0]!, prices: { USD: -1 } }] } }),
    ]);
    expect(
      answers.map(({ body }) => [body.code, (body.data as { field?: string } | null)?.field ?? body.message]),
    ).toEqual([
      [-218, 'Invalid value for taxRate.rateBasisPoints'],
      [-218, 'country'],
      [-218, 'regions'],
      [-218, 'methods'],
      [-218, 'Invalid value for zone.methods.0.prices.USD'],
    ]);
    expect({ setup: await setup(), audit: (await shop.db.select({ n: count() }).from(auditLog))[0]!.n }).toEqual(
      before,
    );
  });

  it('takes the same rules from the operator CLI as from the back office', async () => {
    const said = await shippingCommands['tax-rate'].execute(
      ['us-ny', '4', '--added', '--label', 'Sales tax'],
      shop.operator,
    );
    expect(said).toBe('Tax US-NY: 4% Sales tax, added at checkout.');
    expect((await setup()).taxRates).toContainEqual({
      country: 'US',
      state: 'NY',
      rateBasisPoints: 400,
      included: false,
      label: 'Sales tax',
    });
    await expect(
      shippingCommands['tax-rate'].execute(['US-NY', '101', '--added', '--label', 'Sales tax'], shop.operator),
    ).rejects.toThrow(/rateBasisPoints/);
    await expect(
      shippingCommands['tax-rate'].execute(['US-XX', '4', '--added', '--label', 'Sales tax'], shop.operator),
    ).rejects.toThrow(/state/);
    const [entry] = await shop.db.select().from(auditLog).where(eq(auditLog.subject, 'tax US-NY'));
    expect(entry).toMatchObject({ actor: 'cli', action: 'shipping.tax.set' });
    expect(await shippingCommands['shipping-list'].execute([], shop.operator)).toContain(
      'tax US-NY: 4% Sales tax, added at checkout',
    );
    await shippingCommands['tax-rate-delete'].execute(['US-NY'], shop.operator);
    expect(await shop.db.select().from(taxRates).where(eq(taxRates.state, 'NY'))).toEqual([]);
  });

  it('changes a zone in place and deletes one, while placed orders keep their method', async () => {
    const zone = await saveZone({
      name: 'Temporary',
      regions: ['US-AK'].map(() => 'US-WY'),
      methods: zones.us!.methods,
    });
    const renamed = await saveZone({
      ...zones.us!,
      shippingZoneId: zone.shippingZoneId,
      name: 'Wyoming',
      regions: ['US-WY'],
      methods: [
        { ...zones.us!.methods[0]!, shippingMethodId: zone.methods[0]!.shippingMethodId, prices: { USD: 999 } },
      ],
    });
    expect(renamed).toMatchObject({
      shippingZoneId: zone.shippingZoneId,
      name: 'Wyoming',
      methods: [{ shippingMethodId: zone.methods[0]!.shippingMethodId, prices: { USD: 999 } }],
    });
    const placed = await placeOrder(shop, buyer, [aLine(shop, 'robe-s')], {
      deliveryAddress: to('US', 'WY'),
      payMethod: 'paypal',
    });
    expect(placed).toMatchObject({ shippingAmount: 999, shippingMethod: { name: 'Standard' } });
    expect((await adminPost('/zone/delete', { shippingZoneId: zone.shippingZoneId })).body.code).toBe(1);
    expect(await shop.db.select().from(shippingZones).where(eq(shippingZones.id, zone.shippingZoneId))).toEqual([]);
    const details = (
      await shop.get<OrderDetails>(`/order/getOrderDetails?orderId=${placed.orderId}`, { headers: buyer.headers })
    ).body.data;
    expect(details).toMatchObject({ shippingAmount: 999, shippingMethod: { name: 'Standard' }, payAmount: 6_899 });
  });
});
