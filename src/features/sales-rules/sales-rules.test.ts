// Over 300 lines: the sales rules' cases share one shop and its catalogue.
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ProductStock } from '@/features/catalogue/catalogue.schema';
import type { OrderQuote } from '@/features/orders/orders.schema';
import { zh } from '@/lib/i18n/zh';
import { ageChecks, auditLog, cartLines, products, orders, payments, salesRules } from '@/server/db/schema';
import { signUp } from '../../../tests/support/customers';
import { aLine, aShop } from '../../../tests/support/fixtures';
import { anOperator } from '../../../tests/support/operators';
import {
  createOrder,
  deliveryAddress,
  placeOrder,
  setStock,
  startPayment,
  stockOf,
} from '../../../tests/support/orders';
import { startPaypalStandIn } from '../../../tests/support/paypal-stand-in';
import type { SalesRule } from './sales-rules';
import { salesRuleCommands } from './sales-rules.commands';

/* What may be sold where and paid how: set in the back office and the CLI, judged by the quote, the order and the payment. */

const paypal = await startPaypalStandIn();
afterAll(() => paypal.close());
afterEach(() => paypal.assertValid());
const shop = await aShop({
  catalogue: 'small',
  env: paypal.env({ PAYPAL_CURRENCIES: 'USD,MYR', RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_ACCOUNT: '100000' }),
});
const admin = await (await anOperator(shop, 'admin')).freshSession();
const editor = await (await anOperator(shop, 'editor')).freshSession();
const buyer = await signUp(shop);

// The small catalogue's toy was sold out; these tests need it on the shelf.
await setStock(shop, shop.ids['mini-sold-out'], 500);
const goodsIdOf = async (slug: string) =>
  (await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;
const ids = {
  toy: await goodsIdOf('travel-mini'),
  robe: await goodsIdOf('silk-robe'),
  oil: await goodsIdOf('massage-oil'),
};
const toy = () => aLine(shop, 'mini-sold-out');
const robe = () => aLine(shop, 'robe-s');

const saveRule = async (rule: Record<string, unknown>) => {
  const answer = await shop.post<SalesRule>('/admin/sales-rules/save', { rule }, { headers: admin });
  if (answer.body.code !== 1) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
};
const deleteRule = (salesRuleId: number) => shop.post('/admin/sales-rules/delete', { salesRuleId }, { headers: admin });
const to = (country: string, state: string) => ({
  ...deliveryAddress,
  country,
  state,
  zipCode: country === 'MY' ? '50450' : country === 'CN' ? '100000' : '94105',
});
const quote = (items: unknown[], country: string, state = '', init: { language?: string } = {}) =>
  shop.post<OrderQuote>(
    '/order/quoteOrder',
    { items, country, state },
    { headers: buyer.headers, currency: 'USD', ...init },
  );
const counts = async () => ({
  orders: (await shop.db.select({ n: count() }).from(orders))[0]!.n,
  payments: (await shop.db.select({ n: count() }).from(payments))[0]!.n,
  rules: (await shop.db.select({ n: count() }).from(salesRules))[0]!.n,
  audit: (await shop.db.select({ n: count() }).from(auditLog))[0]!.n,
});
const board = async () =>
  (
    await shop.get<{ list: { orderNo: string; salesRuleNote: string | null }[] }>('/admin/orders?pageSize=100', {
      headers: admin,
    })
  ).body.data.list;

describe('rules in the back office and the CLI', () => {
  it('sets a rule, changes it in place, lists and removes it; every change is in the audit log', async () => {
    const made = await saveRule({
      category: 'toys',
      region: 'my',
      allowed: false,
      note: 'Sale of sex toys prohibited',
    });
    expect(made).toMatchObject({ payMethod: null, category: 'toys', goodsId: null, region: 'MY', allowed: false });
    const changed = await saveRule({ category: 'toys', region: 'MY', allowed: true });
    expect(changed.salesRuleId).toBe(made.salesRuleId);
    const listed = (await shop.get<SalesRule[]>('/admin/sales-rules', { headers: admin })).body.data;
    expect(listed.filter((rule) => rule.salesRuleId === made.salesRuleId)).toEqual([
      { ...made, allowed: true, note: '' },
    ]);
    expect((await deleteRule(made.salesRuleId)).body.code).toBe(1);

    const entries = await shop.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `sales rule ${made.salesRuleId}`))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'sales-rule.create',
      'sales-rule.update',
      'sales-rule.delete',
    ]);
    expect(entries[1]).toMatchObject({
      before: { allowed: false },
      after: { allowed: true, rule: `#${made.salesRuleId} category toys → MY: allowed` },
    });
  });

  it('is for admins only', async () => {
    const answer = await shop.post(
      '/admin/sales-rules/save',
      { rule: { category: 'toys', region: 'MY', allowed: false } },
      { headers: editor },
    );
    expect(answer.status).toBe(403);
    expect((await shop.get('/admin/sales-rules', { headers: editor })).status).toBe(403);
  });

  it('refuses bad input with the error catalogue and changes nothing', async () => {
    const before = await counts();
    const tries: [Record<string, unknown>, string, string?][] = [
      [{ category: 'toys', region: 'ZZ', allowed: false }, 'region', 'unknown-country'],
      [{ category: 'toys', region: 'US-ZZ', allowed: false }, 'region', 'unknown-state'],
      [{ category: 'toys', region: 'US', allowed: false, payMethod: 'bitcoin' }, 'payMethod', 'unknown-pay-method'],
      [{ goodsId: 999_999, region: 'US', allowed: false }, 'goodsId', 'unknown-product'],
      [{ category: 'toys', goodsId: ids.toy, region: 'US', allowed: false }, 'rule.category'],
      [{ category: 'weapons', region: 'US', allowed: false }, 'rule.category'],
      [{ category: 'toys', region: 'Malaysia', allowed: false }, 'rule.region'],
    ];
    for (const [rule, field, reason] of tries) {
      const { body } = await shop.post('/admin/sales-rules/save', { rule }, { headers: admin });
      expect(body.code, JSON.stringify(rule)).toBe(-218);
      if (reason) expect(body.data).toEqual({ field, reason });
      else expect(body.message).toContain(field);
    }
    expect((await deleteRule(999_999)).body).toMatchObject({
      code: -218,
      data: { field: 'salesRuleId', reason: 'unknown-rule' },
    });
    expect(await counts()).toEqual(before);
  });

  it('takes the same rules from the operator CLI', async () => {
    const said = await salesRuleCommands['sales-rule'].execute(
      ['toys', 'us-nv', '--refuse', '--method', 'paypal', '--note', 'test'],
      shop.operator,
    );
    expect(said).toMatch(/^Saved #\d+ paypal · category toys → US-NV: not carried \(test\)\.$/);
    const id = Number(/#(\d+)/.exec(said)![1]);
    expect(await salesRuleCommands['sales-rules'].execute([], shop.operator)).toContain(
      `#${id} paypal · category toys → US-NV`,
    );
    await expect(
      salesRuleCommands['sales-rule'].execute(['toys', 'US-NV', '--refuse', '--method', 'bitcoin'], shop.operator),
    ).rejects.toThrow();
    await expect(
      salesRuleCommands['sales-rule'].execute([`product:${ids.toy}`, 'XX', '--allow'], shop.operator),
    ).rejects.toThrow();
    await salesRuleCommands['sales-rule-delete'].execute([String(id)], shop.operator);
    const entries = await shop.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `sales rule ${id}`));
    expect(entries.map((entry) => [entry.actor, entry.action])).toEqual([
      ['cli', 'sales-rule.create'],
      ['cli', 'sales-rule.delete'],
    ]);
  });
});

describe('what may be sold where', () => {
  it("refuses a toy to Malaysia in the quote and the order, names the line, and writes nothing; a product's own rule wins over its category's", async () => {
    const rule = await saveRule({ category: 'toys', region: 'MY', allowed: false });
    const refused = await quote([toy(), robe()], 'MY', '14', { language: 'ZH' });
    expect(refused.body).toEqual({
      code: -260,
      message: zh['sales.notSold'],
      data: {
        reason: 'not-sold',
        country: 'MY',
        state: '14',
        lines: [
          {
            goodsId: ids.toy,
            goodsSpecificationId: toy().goodsSpecificationId,
            goodsName: '旅行迷你款',
            salesRuleId: rule.salesRuleId,
          },
        ],
      },
    });
    expect((await quote([robe()], 'MY')).body.code).toBe(1);

    expect(
      (
        await shop.post(
          '/shoppingcart/addShoppingCart',
          { goodsSpecificationId: toy().goodsSpecificationId, goodsQuantity: 1 },
          { headers: buyer.headers },
        )
      ).body.code,
    ).toBe(1);
    const before = {
      ...(await counts()),
      stock: await stockOf(shop, toy().goodsSpecificationId),
      cart: await shop.db.select().from(cartLines),
    };
    expect(before.cart).toHaveLength(1);
    const order = await createOrder(
      shop,
      buyer,
      { items: [toy()], deliveryAddress: to('MY', '14'), payMethod: 'paypal' },
      { currency: 'USD' },
    );
    expect(order.body).toMatchObject({ code: -260, data: { reason: 'not-sold', lines: [{ goodsId: ids.toy }] } });
    expect({
      ...(await counts()),
      stock: await stockOf(shop, toy().goodsSpecificationId),
      cart: await shop.db.select().from(cartLines),
    }).toEqual(before);

    // This one toy may go to Malaysia after all: the product's rule wins.
    const exception = await saveRule({ goodsId: ids.toy, region: 'MY', allowed: true });
    expect((await quote([toy()], 'MY')).body.code).toBe(1);
    // And a product refused where its category is sold.
    const robeRule = await saveRule({ goodsId: ids.robe, region: '*', allowed: false });
    expect((await quote([robe()], 'US', 'CA')).body).toMatchObject({
      code: -260,
      data: { lines: [{ goodsId: ids.robe, salesRuleId: robeRule.salesRuleId }] },
    });
    for (const { salesRuleId } of [rule, exception, robeRule]) await deleteRule(salesRuleId);
  });

  it("lets a state's rule win over its country's", async () => {
    const country = await saveRule({ category: 'lingerie', region: 'US', allowed: false });
    const state = await saveRule({ category: 'lingerie', region: 'US-NV', allowed: true });
    expect((await quote([robe()], 'US', 'CA')).body).toMatchObject({
      code: -260,
      data: { lines: [{ salesRuleId: country.salesRuleId }] },
    });
    expect((await quote([robe()], 'US', '')).body.code).toBe(-260);
    expect((await quote([robe()], 'US', 'NV')).body.code).toBe(1);
    expect(
      (
        await placeOrder(
          shop,
          buyer,
          [robe()],
          { deliveryAddress: to('US', 'NV'), payMethod: 'paypal' },
          { currency: 'USD' },
        )
      ).orderId,
    ).toEqual(expect.any(Number));
    for (const { salesRuleId } of [country, state]) await deleteRule(salesRuleId);
  });

  it('answers an unknown destination with the error catalogue', async () => {
    expect((await quote([robe()], 'ZZ')).body).toMatchObject({
      code: -218,
      data: { field: 'country', reason: 'unknown-country' },
    });
    expect((await shop.get(`/goods/queryProductStock?goodsIds=${ids.toy}&country=ZZ`)).body).toMatchObject({
      code: -218,
      data: { field: 'country' },
    });
  });

  it('tells the pages, live, which products are not sold to the destination asked', async () => {
    const rule = await saveRule({ category: 'toys', region: 'MY', allowed: false });
    const stock = async (query: string) =>
      (
        await shop.get<ProductStock[]>(`/goods/queryProductStock?goodsIds=${ids.toy},${ids.robe}${query}`)
      ).body.data.map((product) => [product.goodsId, product.notSoldThere]);
    expect(await stock('&country=MY')).toEqual([
      [ids.toy, true],
      [ids.robe, false],
    ]);
    expect(await stock('&country=MY&state=14')).toEqual([
      [ids.toy, true],
      [ids.robe, false],
    ]);
    expect(await stock('&country=US')).toEqual([
      [ids.toy, false],
      [ids.robe, false],
    ]);
    expect(await stock('')).toEqual([
      [ids.toy, false],
      [ids.robe, false],
    ]);
    await deleteRule(rule.salesRuleId);
    expect(await stock('&country=MY')).toEqual([
      [ids.toy, false],
      [ids.robe, false],
    ]);
  });
});

describe('what each payment method may carry', () => {
  it('offers PayPal for a toy only to the US, and the order and the payment refuse it elsewhere', async () => {
    const everywhere = await saveRule({ payMethod: 'paypal', category: 'toys', region: '*', allowed: false });
    const us = await saveRule({ payMethod: 'paypal', category: 'toys', region: 'US', allowed: true });
    expect((await quote([toy()], 'US', 'CA')).body.data.refusedPayMethods).toEqual([]);
    expect((await quote([toy()], 'CN')).body.data.refusedPayMethods).toEqual(['paypal']);
    expect((await quote([robe()], 'CN')).body.data.refusedPayMethods).toEqual([]);

    const before = await counts();
    const refused = await createOrder(
      shop,
      buyer,
      { items: [toy(), robe()], deliveryAddress: to('CN', 'BJ'), payMethod: 'paypal' },
      { currency: 'USD' },
    );
    expect(refused.body).toMatchObject({
      code: -260,
      data: {
        reason: 'pay-method-refused',
        payMethod: 'paypal',
        lines: [{ goodsId: ids.toy, salesRuleId: everywhere.salesRuleId }],
      },
    });
    expect(await counts()).toEqual(before);
    // Paid by card (no rule), the same order goes through.
    expect(
      (
        await createOrder(
          shop,
          buyer,
          { items: [toy()], deliveryAddress: to('CN', 'BJ'), payMethod: 'card' },
          { currency: 'USD' },
        )
      ).body.code,
    ).toBe(1);
    for (const { salesRuleId } of [everywhere, us]) await deleteRule(salesRuleId);
  });

  it('judges the payment by the rules as they are when it starts: a rule changed after the quote refuses it, writes nothing, and the board names the rule', async () => {
    const everywhere = await saveRule({ payMethod: 'paypal', category: 'toys', region: '*', allowed: false });
    const us = await saveRule({ payMethod: 'paypal', category: 'toys', region: 'US', allowed: true });
    expect((await quote([toy()], 'US', 'CA')).body.data.refusedPayMethods).toEqual([]);
    const placed = await placeOrder(
      shop,
      buyer,
      [toy()],
      { deliveryAddress: to('US', 'CA'), payMethod: 'paypal' },
      { currency: 'USD' },
    );
    expect((await board()).find((row) => row.orderNo === placed.orderNo)!.salesRuleNote).toBeNull();

    // California is taken out of PayPal's toys between the quote and the payment: the state's rule wins over the country's.
    const california = await saveRule({
      payMethod: 'paypal',
      category: 'toys',
      region: 'US-CA',
      allowed: false,
      note: 'processor review',
    });
    const before = await counts();
    const started = await startPayment(shop, buyer, placed.orderId, 'paypal');
    expect(started.body).toMatchObject({
      code: -260,
      data: { reason: 'pay-method-refused', payMethod: 'paypal', lines: [{ salesRuleId: california.salesRuleId }] },
    });
    expect(await counts()).toEqual(before);
    expect(
      (await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.orderId)))[0]!.status,
    ).toBe(2);
    const note = `held by sales rule #${california.salesRuleId} paypal · category toys → US-CA: not carried (processor review)`;
    expect((await board()).find((row) => row.orderNo === placed.orderNo)!.salesRuleNote).toBe(note);
    expect(
      (
        await shop.get<{ salesRuleNote: string | null }>(`/admin/orders/details?orderNo=${placed.orderNo}`, {
          headers: admin,
        })
      ).body.data.salesRuleNote,
    ).toBe(note);

    // Toys stop being sold to California at all: no method may take the order now.
    const notSold = await saveRule({ category: 'toys', region: 'US-CA', allowed: false });
    expect((await startPayment(shop, buyer, placed.orderId, 'card')).body).toMatchObject({
      code: -260,
      data: { reason: 'not-sold', lines: [{ salesRuleId: notSold.salesRuleId }] },
    });
    expect((await board()).find((row) => row.orderNo === placed.orderNo)!.salesRuleNote).toContain(
      `#${notSold.salesRuleId} category toys → US-CA: not sold`,
    );
    await deleteRule(notSold.salesRuleId);

    // Another method the rules allow pays it.
    const byCard = await startPayment(shop, buyer, placed.orderId, 'card');
    expect(byCard.body.code).toBe(1);
    for (const { salesRuleId } of [everywhere, us, california]) await deleteRule(salesRuleId);
  });
});

describe('age assurance by region', () => {
  const standInAnswer = async (url: string, outcome: 'passed' | 'failed') => {
    const path = new URL(url).pathname.replace('/api/v1', '');
    const page = await shop.app.request(`/api/v1${path}`);
    expect(await page.text()).toContain('I am 18 or older');
    const decided = await shop.app.request(
      `/api/v1/age/stand-in/decide?id=${path.split('/').pop()}&outcome=${outcome}`,
    );
    expect(decided.status).toBe(303);
    return new URL(decided.headers.get('Location')!).searchParams.get('ageCheck')!;
  };

  it("asks a provider's check before an order to a region that requires one, keeps only the outcome, and lets a passed customer order", async () => {
    const adult = await signUp(shop);
    const minor = await signUp(shop);
    const set = await shop.post(
      '/admin/sales-rules/age-checks/save',
      { region: 'us-tx', provider: 'stand-in' },
      { headers: admin },
    );
    expect(set.body).toMatchObject({ code: 1, data: { region: 'US-TX', provider: 'stand-in' } });
    const [entry] = await shop.db.select().from(auditLog).where(eq(auditLog.subject, 'age check US-TX'));
    expect(entry).toMatchObject({
      action: 'age-check.region.create',
      after: { region: 'US-TX', provider: 'stand-in' },
    });

    // The 18+ confirmation stays enough elsewhere; Texas asks for the check.
    expect(
      (
        await shop.post<OrderQuote>(
          '/order/quoteOrder',
          { items: [robe()], country: 'US', state: 'CA' },
          { headers: adult.headers },
        )
      ).body.data.ageCheckProvider,
    ).toBeNull();
    expect(
      (
        await shop.post<OrderQuote>(
          '/order/quoteOrder',
          { items: [robe()], country: 'US', state: 'TX' },
          { headers: adult.headers },
        )
      ).body.data.ageCheckProvider,
    ).toBe('stand-in');
    const before = await counts();
    const refused = await createOrder(
      shop,
      adult,
      { items: [robe()], deliveryAddress: to('US', 'TX'), payMethod: 'paypal' },
      { currency: 'USD' },
    );
    expect(refused.body).toMatchObject({
      code: -261,
      data: { provider: 'stand-in', country: 'US', state: 'TX', signedIn: true },
    });
    const guest = await createOrder(
      shop,
      {},
      {
        items: [robe()],
        deliveryAddress: to('US', 'TX'),
        payMethod: 'paypal',
        email: 'guest.tx@example.com',
        password: btoa('secret123'),
      },
      { currency: 'USD' },
    );
    expect(guest.body).toMatchObject({ code: -261, data: { signedIn: false } });
    expect(await counts()).toEqual(before);

    for (const [customer, outcome] of [
      [adult, 'passed'],
      [minor, 'failed'],
    ] as const) {
      const started = await shop.post<{ url: string }>(
        '/age/start',
        { country: 'US', state: 'TX', returnPath: '/pay?ids=x' },
        { headers: customer.headers },
      );
      expect(started.body.code).toBe(1);
      const checkId = await standInAnswer(started.body.data.url, outcome);
      expect((await shop.post('/age/settle', { checkId }, { headers: customer.headers })).body).toMatchObject({
        code: 1,
        data: { status: outcome },
      });
      // Someone else's check is not theirs to settle.
      expect((await shop.post('/age/settle', { checkId }, { headers: buyer.headers })).body.code).toBe(-214);
    }
    // Only the outcome is kept: no document, no date of birth.
    const kept = await shop.db
      .select()
      .from(ageChecks)
      .where(eq(ageChecks.userId, Number(adult.user.userId)));
    expect(Object.keys(kept[0]!).sort()).toEqual([
      'checkId',
      'createdAt',
      'decidedAt',
      'id',
      'provider',
      'status',
      'userId',
    ]);

    expect(
      (
        await placeOrder(
          shop,
          adult,
          [robe()],
          { deliveryAddress: to('US', 'TX'), payMethod: 'paypal' },
          { currency: 'USD' },
        )
      ).orderId,
    ).toEqual(expect.any(Number));
    expect(
      (
        await createOrder(
          shop,
          minor,
          { items: [robe()], deliveryAddress: to('US', 'TX'), payMethod: 'paypal' },
          { currency: 'USD' },
        )
      ).body.code,
    ).toBe(-261);

    // Bad input changes nothing; `none` asks for no check there again.
    const unchanged = await counts();
    expect(
      (
        await shop.post(
          '/admin/sales-rules/age-checks/save',
          { region: 'US-TX', provider: 'passport-scanner' },
          { headers: admin },
        )
      ).body,
    ).toMatchObject({ code: -218, data: { field: 'provider' } });
    expect(
      (
        await shop.post(
          '/admin/sales-rules/age-checks/save',
          { region: 'ZZ', provider: 'stand-in' },
          { headers: admin },
        )
      ).body,
    ).toMatchObject({ code: -218, data: { field: 'region' } });
    expect(
      (await shop.post('/age/start', { country: 'US', state: 'CA', returnPath: '/pay' }, { headers: adult.headers }))
        .body,
    ).toMatchObject({ code: -218, data: { reason: 'no-age-check' } });
    expect(
      (
        await shop.post(
          '/age/start',
          { country: 'US', state: 'TX', returnPath: '//evil.example/' },
          { headers: adult.headers },
        )
      ).body.code,
    ).toBe(-218);
    expect(await counts()).toEqual(unchanged);
    expect(await salesRuleCommands['age-check-region'].execute(['US-TX', 'none'], shop.operator)).toBe(
      'Orders to US-TX need no age check beyond the 18+ confirmation.',
    );
    expect(
      (
        await createOrder(
          shop,
          minor,
          { items: [robe()], deliveryAddress: to('US', 'TX'), payMethod: 'paypal' },
          { currency: 'USD' },
        )
      ).body.code,
    ).toBe(1);
  });
});
