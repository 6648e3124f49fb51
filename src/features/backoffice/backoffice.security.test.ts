// Over 300 lines: every back-office route's refusals share one shop.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actOnOrder } from '@/features/orders/order-actions';
import { testPicture } from '../../../tests/support/api';
import { signUp } from '../../../tests/support/customers';
import { aLine, aShop, anOrder } from '../../../tests/support/fixtures';
import { anOperator, secondFactorCode, withSecondFactor, type TestOperator } from '../../../tests/support/operators';
import { exportProducts } from './catalogue/product-export.service';
import type { OperatorRole } from './operators/operators';
import { deliveryCountries } from '@/features/delivery/delivery-areas';
import { mailOutbox, salesRules, taxRates } from '@/server/db/schema';

/* Who may call what under /api/v1/admin: exactly the allowed pairs succeed. */

const shop = await aShop({
  catalogue: 'small',
  env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' },
  publish: async () => ({ pages: 1, rendered: 0, seconds: 0 }),
});
const buyer = await signUp(shop);
const operators: Record<OperatorRole, TestOperator> = {
  admin: await anOperator(shop, 'admin'),
  editor: await anOperator(shop, 'editor'),
  fulfilment: await anOperator(shop, 'fulfilment'),
};

let productSequence = 0;
/** A mail the mail server refused for good. */
const failedMail = async () =>
  (
    await shop.db
      .insert(mailOutbox)
      .values({
        kind: 'password-reset',
        recipient: 'gone@example.com',
        subject: 'Reset your password',
        text: 'x',
        html: 'x',
        status: 'failed',
      })
      .returning()
  )[0]!.id;

/** A new product in the import format, its picture uploaded first. */
const newProduct = async () => {
  const form = new FormData();
  form.set('file', new File([await testPicture()], 'p.png', { type: 'image/png' }));
  const upload = await shop.app.request('/api/v1/admin/catalogue/picture', {
    method: 'POST',
    body: form,
    headers: { Origin: shop.config.publicOrigin, ...(await operators.admin.freshSession()) },
  });
  const { data } = (await upload.json()) as { data: { reference: string } };
  productSequence += 1;
  const text = { EN: 'Matrix gown', ZH: '矩阵长袍', MS: 'Gaun matriks' };
  return {
    product: {
      slug: `matrix-gown-${productSequence}`,
      category: 'lingerie',
      name: text,
      summary: text,
      description: text,
      pictures: [data.reference],
      specifications: [
        {
          sku: `matrix-gown-${productSequence}-m`,
          name: { EN: 'M', ZH: 'M', MS: 'M' },
          stock: 5,
          prices: { USD: { unitPrice: 4900 } },
        },
      ],
    },
  };
};
const pictureForm = async () => {
  const form = new FormData();
  form.set('file', new File([await testPicture()], 'p.png', { type: 'image/png' }));
  return form;
};
/** The second factor the matrix turns on and off again: each operator's codes are their own. */
const MATRIX_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
let advertSequence = 0;
/** A new home banner's fields; its id, once created by the admin, for the calls that change one. */
const advertFields = () => {
  advertSequence += 1;
  const text = { EN: `Matrix banner ${advertSequence}`, ZH: '矩阵横幅', MS: 'Sepanduk matriks' };
  return { position: 'home-banner', link: '/productsList', active: true, title: text, body: text };
};
const anAdvert = async () => {
  const created = await shop.post<{ advertisingId: number }>(
    '/admin/adverts/create',
    { advert: advertFields() },
    { headers: await operators.admin.freshSession() },
  );
  return created.body.data.advertisingId;
};
const bannerOrder = async () => {
  const board = await shop.get<{ adverts: { advertisingId: number }[] }[]>('/admin/adverts?position=home-banner', {
    headers: await operators.admin.freshSession(),
  });
  return {
    position: 'home-banner',
    advertisingIds: board.body.data[0]!.adverts.map((advert) => advert.advertisingId).reverse(),
  };
};
let zoneSequence = 0;
/** A shipping zone for a state no other zone serves. */
const aShippingZone = () => {
  zoneSequence += 1;
  const texts = { EN: 'Standard', ZH: '标准', MS: 'Standard' };
  return {
    name: `Matrix zone ${zoneSequence}`,
    regions: [`US-${deliveryCountries[0]!.states[zoneSequence]!.code}`],
    methods: [{ name: texts, deliveryTime: texts, prices: { USD: 500 } }],
  };
};
const savedShippingZone = async () => {
  const saved = await shop.post<{ shippingZoneId: number }>(
    '/admin/shipping/zone/save',
    { zone: aShippingZone() },
    { headers: await operators.admin.freshSession() },
  );
  return saved.body.data.shippingZoneId;
};
const paidOrder = async () => (await anOrder(shop, buyer, [aLine(shop, 'robe-s')], { paid: true })).orderNo;
const orderIn = async (steps: ('ship' | 'sign-for')[]) => {
  const orderNo = await paidOrder();
  for (const step of steps) {
    await actOnOrder(
      shop.operator,
      'cli',
      orderNo,
      step === 'ship' ? { action: 'ship', carrier: 'DHL', trackingNumber: 'T1' } : { action: 'sign-for' },
    );
  }
  return orderNo;
};
/** A review waiting for moderation: a new customer's, of a size she received. */
const pendingReview = async () => {
  const reviewer = await signUp(shop);
  const orderNo = (await anOrder(shop, reviewer, [aLine(shop, 'robe-s')], { paid: true })).orderNo;
  for (const step of ['ship', 'sign-for'] as const)
    await actOnOrder(
      shop.operator,
      'cli',
      orderNo,
      step === 'ship' ? { action: 'ship', carrier: 'DHL', trackingNumber: 'T1' } : { action: 'sign-for' },
    );
  const [order] = (
    await shop.get<{ list: { orderId: number; orderNo: string }[] }>('/order/queryOrderList', {
      headers: reviewer.headers,
    })
  ).body.data.list;
  const written = await shop.post<{ commentId: number }>(
    '/reviews/write',
    {
      orderId: order!.orderId,
      goodsSpecificationId: shop.ids['robe-s'],
      rating: 4,
      content: 'A review the role matrix moderates.',
    },
    { headers: reviewer.headers },
  );
  return written.body.data.commentId;
};

/**
 * `answers`: the route's content type where it is not the JSON envelope (a CSV download, an event
 * stream); `form`: it takes a multipart body. `body` and `after` get the caller's session headers;
 * `after` puts back what the call changed.
 */
type Headers = Record<string, string>;
type Call = {
  method: 'GET' | 'POST';
  path: string;
  body?: (headers: Headers) => Promise<unknown>;
  after?: (headers: Headers) => Promise<unknown>;
  answers?: 'text/csv' | 'text/event-stream';
  form?: () => Promise<FormData>;
};
const everyOperator: OperatorRole[] = ['admin', 'editor', 'fulfilment'];

/** Every back-office route but sign-in and the one-time link, with who may call it. */
const matrix: Record<string, { call: Call; allowed: OperatorRole[] }> = {
  'GET /admin/auth/me': { call: { method: 'GET', path: '/admin/auth/me' }, allowed: everyOperator },
  'POST /admin/auth/signOut': {
    call: { method: 'POST', path: '/admin/auth/signOut', body: async () => ({}) },
    allowed: everyOperator,
  },
  'POST /admin/auth/signOutEverywhere': {
    call: { method: 'POST', path: '/admin/auth/signOutEverywhere', body: async () => ({}) },
    allowed: everyOperator,
  },
  'POST /admin/auth/secondFactor/setup': {
    call: { method: 'POST', path: '/admin/auth/secondFactor/setup', body: async () => ({}) },
    allowed: everyOperator,
  },
  'POST /admin/auth/secondFactor/enable': {
    call: {
      method: 'POST',
      path: '/admin/auth/secondFactor/enable',
      body: async () => ({ secret: MATRIX_SECRET, code: secondFactorCode(MATRIX_SECRET) }),
      after: (headers) =>
        shop.post('/admin/auth/secondFactor/disable', { code: secondFactorCode(MATRIX_SECRET, 1) }, { headers }),
    },
    allowed: everyOperator,
  },
  'POST /admin/auth/secondFactor/disable': {
    call: {
      method: 'POST',
      path: '/admin/auth/secondFactor/disable',
      body: async (headers) => {
        await shop.post(
          '/admin/auth/secondFactor/enable',
          { secret: MATRIX_SECRET, code: secondFactorCode(MATRIX_SECRET) },
          { headers },
        );
        return { code: secondFactorCode(MATRIX_SECRET, 1) };
      },
    },
    allowed: everyOperator,
  },
  'POST /admin/operators/resetSecondFactor': {
    call: {
      method: 'POST',
      path: '/admin/operators/resetSecondFactor',
      body: async () => {
        const target = await anOperator(shop, 'editor');
        await withSecondFactor(shop, target);
        return { email: target.email };
      },
    },
    allowed: ['admin'],
  },
  'POST /admin/auth/setLanguage': {
    call: { method: 'POST', path: '/admin/auth/setLanguage', body: async () => ({ language: 'EN' }) },
    allowed: everyOperator,
  },
  'GET /admin/operators/list': { call: { method: 'GET', path: '/admin/operators/list' }, allowed: ['admin'] },
  'POST /admin/operators/add': {
    call: {
      method: 'POST',
      path: '/admin/operators/add',
      body: async () => ({ email: `new.${randomUUID()}@example.com`, role: 'editor' }),
    },
    allowed: ['admin'],
  },
  'POST /admin/operators/setDisabled': {
    call: {
      method: 'POST',
      path: '/admin/operators/setDisabled',
      body: async () => ({ email: (await anOperator(shop, 'editor')).email, disabled: true }),
    },
    allowed: ['admin'],
  },
  'POST /admin/operators/resetPassword': {
    call: {
      method: 'POST',
      path: '/admin/operators/resetPassword',
      body: async () => ({ email: (await anOperator(shop, 'editor')).email }),
    },
    allowed: ['admin'],
  },
  'GET /admin/orders': { call: { method: 'GET', path: '/admin/orders?status=3' }, allowed: ['admin', 'fulfilment'] },
  'GET /admin/orders/details': {
    call: { method: 'GET', path: '/admin/orders/details?orderNo=' },
    allowed: ['admin', 'fulfilment'],
  },
  'POST /admin/orders/ship': {
    call: {
      method: 'POST',
      path: '/admin/orders/ship',
      body: async () => ({ orderNo: await paidOrder(), carrier: 'DHL', trackingNumber: 'X1' }),
    },
    allowed: ['admin', 'fulfilment'],
  },
  'POST /admin/orders/addEvent': {
    call: {
      method: 'POST',
      path: '/admin/orders/addEvent',
      body: async () => ({ orderNo: await paidOrder(), text: 'Left the warehouse' }),
    },
    allowed: ['admin', 'fulfilment'],
  },
  'POST /admin/orders/signFor': {
    call: { method: 'POST', path: '/admin/orders/signFor', body: async () => ({ orderNo: await orderIn(['ship']) }) },
    allowed: ['admin', 'fulfilment'],
  },
  'POST /admin/orders/complete': {
    call: {
      method: 'POST',
      path: '/admin/orders/complete',
      body: async () => ({ orderNo: await orderIn(['ship', 'sign-for']) }),
    },
    allowed: ['admin', 'fulfilment'],
  },
  'POST /admin/orders/refund': {
    call: { method: 'POST', path: '/admin/orders/refund', body: async () => ({ orderNo: await paidOrder() }) },
    allowed: ['admin'],
  },
  'POST /admin/orders/reviewReferral': {
    call: {
      method: 'POST',
      path: '/admin/orders/reviewReferral',
      body: async () => ({ orderNo: await paidOrder(), approve: true }),
    },
    allowed: ['admin'],
  },
  'POST /admin/orders/releaseHold': {
    call: { method: 'POST', path: '/admin/orders/releaseHold', body: async () => ({ orderNo: await paidOrder() }) },
    allowed: ['admin'],
  },
  'GET /admin/catalogue/products': {
    call: { method: 'GET', path: '/admin/catalogue/products?q=robe' },
    allowed: ['admin', 'editor'],
  },
  'GET /admin/catalogue/product': {
    call: { method: 'GET', path: '/admin/catalogue/product?slug=silk-robe' },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/catalogue/product/create': {
    call: { method: 'POST', path: '/admin/catalogue/product/create', body: newProduct },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/catalogue/product/update': {
    call: {
      method: 'POST',
      path: '/admin/catalogue/product/update',
      body: async () => ({ product: (await exportProducts(shop.db, ['silk-robe']))[0] }),
    },
    allowed: ['admin', 'editor'],
  },
  'GET /admin/catalogue/export': {
    call: { method: 'GET', path: '/admin/catalogue/export' },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/catalogue/import': {
    call: {
      method: 'POST',
      path: '/admin/catalogue/import',
      body: async () => ({
        format: 'json',
        content: JSON.stringify({ products: await exportProducts(shop.db, ['silk-robe']) }),
        apply: false,
      }),
    },
    allowed: ['admin', 'editor'],
  },
  'GET /admin/catalogue/grid': {
    call: { method: 'GET', path: '/admin/catalogue/grid?q=robe' },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/catalogue/grid/save': {
    call: {
      method: 'POST',
      path: '/admin/catalogue/grid/save',
      body: async () => ({ edits: [{ sku: 'robe-s', field: 'pointsPrice', value: 900 }] }),
    },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/catalogue/grid/bulk': {
    call: {
      method: 'POST',
      path: '/admin/catalogue/grid/bulk',
      body: async () => ({
        skus: ['robe-s'],
        action: { kind: 'change-price', currencies: ['CNY'], fields: ['unitPrice'], by: 'amount', value: 100 },
        preview: true,
      }),
    },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/catalogue/picture': {
    call: { method: 'POST', path: '/admin/catalogue/picture', form: pictureForm },
    allowed: ['admin', 'editor'],
  },
  'GET /admin/adverts': { call: { method: 'GET', path: '/admin/adverts' }, allowed: ['admin', 'editor'] },
  'POST /admin/adverts/create': {
    call: { method: 'POST', path: '/admin/adverts/create', body: async () => ({ advert: advertFields() }) },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/adverts/update': {
    call: {
      method: 'POST',
      path: '/admin/adverts/update',
      body: async () => ({ advertisingId: await anAdvert(), advert: advertFields() }),
    },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/adverts/setActive': {
    call: {
      method: 'POST',
      path: '/admin/adverts/setActive',
      body: async () => ({ advertisingId: await anAdvert(), active: false }),
    },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/adverts/reorder': {
    call: { method: 'POST', path: '/admin/adverts/reorder', body: bannerOrder },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/adverts/delete': {
    call: { method: 'POST', path: '/admin/adverts/delete', body: async () => ({ advertisingId: await anAdvert() }) },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/adverts/picture': {
    call: { method: 'POST', path: '/admin/adverts/picture', form: pictureForm },
    allowed: ['admin', 'editor'],
  },
  'GET /admin/reviews': { call: { method: 'GET', path: '/admin/reviews?state=pending' }, allowed: ['admin', 'editor'] },
  'POST /admin/reviews/approve': {
    call: { method: 'POST', path: '/admin/reviews/approve', body: async () => ({ commentId: await pendingReview() }) },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/reviews/reject': {
    call: {
      method: 'POST',
      path: '/admin/reviews/reject',
      body: async () => ({ commentId: await pendingReview(), reason: 'other' }),
    },
    allowed: ['admin', 'editor'],
  },
  'GET /admin/audit': { call: { method: 'GET', path: '/admin/audit' }, allowed: ['admin'] },
  'GET /admin/orders/export': {
    call: { method: 'GET', path: '/admin/orders/export?status=3', answers: 'text/csv' },
    allowed: ['admin'],
  },
  'POST /admin/verifyCodes/issue': {
    call: {
      method: 'POST',
      path: '/admin/verifyCodes/issue',
      body: async () => ({ sku: 'robe-s', count: 2 }),
      answers: 'text/csv',
    },
    allowed: ['admin'],
  },
  'GET /admin/customers': { call: { method: 'GET', path: '/admin/customers?q=a' }, allowed: ['admin'] },
  'GET /admin/customers/details': {
    call: { method: 'GET', path: `/admin/customers/details?id=${buyer.user.userId}` },
    allowed: ['admin'],
  },
  'POST /admin/customers/disable': {
    call: {
      method: 'POST',
      path: '/admin/customers/disable',
      body: async () => ({ id: Number((await signUp(shop)).user.userId) }),
    },
    allowed: ['admin'],
  },
  'POST /admin/customers/enable': {
    call: {
      method: 'POST',
      path: '/admin/customers/enable',
      body: async () => ({ id: Number((await signUp(shop)).user.userId) }),
    },
    allowed: ['admin'],
  },
  'GET /admin/programme': { call: { method: 'GET', path: '/admin/programme' }, allowed: ['admin'] },
  'POST /admin/programme/checkLedger': {
    call: { method: 'POST', path: '/admin/programme/checkLedger', body: async () => ({}) },
    allowed: ['admin'],
  },
  'GET /admin/mail': { call: { method: 'GET', path: '/admin/mail' }, allowed: ['admin'] },
  'POST /admin/mail/retry': {
    call: { method: 'POST', path: '/admin/mail/retry', body: async () => ({ id: await failedMail() }) },
    allowed: ['admin'],
  },
  'GET /admin/publish/status': { call: { method: 'GET', path: '/admin/publish/status' }, allowed: ['admin', 'editor'] },
  'GET /admin/publish/events': {
    call: { method: 'GET', path: '/admin/publish/events', answers: 'text/event-stream' },
    allowed: ['admin', 'editor'],
  },
  'GET /admin/publish/changes': {
    call: { method: 'GET', path: '/admin/publish/changes' },
    allowed: ['admin', 'editor'],
  },
  'POST /admin/publish': {
    call: { method: 'POST', path: '/admin/publish', body: async () => ({ full: false }) },
    allowed: ['admin', 'editor'],
  },
  'GET /admin/shipping': { call: { method: 'GET', path: '/admin/shipping' }, allowed: ['admin'] },
  'POST /admin/shipping/zone/save': {
    call: { method: 'POST', path: '/admin/shipping/zone/save', body: async () => ({ zone: aShippingZone() }) },
    allowed: ['admin'],
  },
  'POST /admin/shipping/zone/delete': {
    call: {
      method: 'POST',
      path: '/admin/shipping/zone/delete',
      body: async () => ({ shippingZoneId: await savedShippingZone() }),
    },
    allowed: ['admin'],
  },
  'POST /admin/shipping/tax/save': {
    call: {
      method: 'POST',
      path: '/admin/shipping/tax/save',
      body: async () => ({
        taxRate: { country: 'US', state: 'CA', rateBasisPoints: 725, included: false, label: 'Sales tax' },
      }),
    },
    allowed: ['admin'],
  },
  'GET /admin/sales-rules': { call: { method: 'GET', path: '/admin/sales-rules' }, allowed: ['admin'] },
  'POST /admin/sales-rules/save': {
    call: {
      method: 'POST',
      path: '/admin/sales-rules/save',
      body: async () => ({ rule: { category: 'toys', region: 'MY', allowed: false } }),
    },
    allowed: ['admin'],
  },
  'POST /admin/sales-rules/delete': {
    call: {
      method: 'POST',
      path: '/admin/sales-rules/delete',
      body: async () => {
        await shop.db.delete(salesRules).where(eq(salesRules.region, 'CN'));
        const [rule] = await shop.db
          .insert(salesRules)
          .values({ category: 'health', region: 'CN', allowed: false })
          .returning();
        return { salesRuleId: rule!.id };
      },
    },
    allowed: ['admin'],
  },
  'GET /admin/sales-rules/age-checks': {
    call: { method: 'GET', path: '/admin/sales-rules/age-checks' },
    allowed: ['admin'],
  },
  'POST /admin/sales-rules/age-checks/save': {
    call: {
      method: 'POST',
      path: '/admin/sales-rules/age-checks/save',
      body: async () => ({ region: 'US-TX', provider: 'stand-in' }),
    },
    allowed: ['admin'],
  },
  'POST /admin/shipping/tax/delete': {
    call: {
      method: 'POST',
      path: '/admin/shipping/tax/delete',
      body: async () => {
        await shop.db
          .insert(taxRates)
          .values({ country: 'MY', state: '', rateBasisPoints: 800, included: true, label: 'SST' })
          .onConflictDoNothing();
        return { country: 'MY' };
      },
    },
    allowed: ['admin'],
  },
};

async function callAs(who: 'anonymous' | 'customer' | OperatorRole, call: Call) {
  const headers: Headers =
    who === 'anonymous' ? {} : who === 'customer' ? buyer.headers : await operators[who].freshSession();
  const path = call.path.endsWith('orderNo=') ? `${call.path}${await paidOrder()}` : call.path;
  if (call.form) {
    const response = await shop.app.request(`/api/v1${path}`, {
      method: 'POST',
      body: await call.form(),
      headers: { Origin: shop.config.publicOrigin, ...headers },
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as { code: number } };
  }
  const answer =
    call.method === 'GET'
      ? await shop.get(path, { headers })
      : await shop.post(path, await call.body!(headers), { headers });
  await call.after?.(headers);
  return answer;
}

describe('the back-office role matrix', () => {
  it('has a row for every back-office route of the OpenAPI document', async () => {
    const { paths } = (await shop.get('/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(paths)
      .filter(([path]) => path.startsWith('/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((route) => !['POST /admin/auth/signIn', 'POST /admin/auth/setPassword'].includes(route));
    expect(routes.sort()).toEqual(Object.keys(matrix).sort());
  });

  for (const [route, { call, allowed }] of Object.entries(matrix)) {
    it(`${route}: only ${allowed.join(', ')}`, async () => {
      for (const who of ['anonymous', 'customer', ...everyOperator] as const) {
        const answer = await callAs(who, call);
        const expected = (allowed as string[]).includes(who)
          ? { status: 200, code: 1 }
          : who === 'anonymous' || who === 'customer'
            ? { status: 401, code: -212 }
            : { status: 403, code: -218 };
        const answersFile = call.answers && expected.code === 1;
        const code = answersFile
          ? (answer.headers.get('Content-Type') ?? '').startsWith(call.answers!)
            ? 1
            : `not ${call.answers}`
          : answer.body.code;
        expect({ who, status: answer.status, code }).toEqual({ who, ...expected });
      }
    });
  }
});
