// Over 300 lines: every operation for every kind of caller is one table of cases.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { homeAddress } from '@/features/delivery/fixtures/addresses';
import { postEnergy } from '@/features/energy/energy.ledger';
import { ageCheckRegions, productSizes } from '@/server/db/schema';
import { testPicture, type ApiBody } from '../support/api';
import { signUp, uploadHeadPicture, type Customer } from '../support/customers';
import { aShop } from '../support/fixtures';
import { routesOf, type OpenApiDocument } from '../support/openapi';
import { decideOnTestGateway, payWithTestGateway, placeOrder, startPayment } from '../support/orders';
import { markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';

/*
 * Who may touch whose data, for every route of the OpenAPI document that needs a session. Each row
 * says what the route acts on:
 * - `object`: another customer's object, named in the request. The owner succeeds; a second customer
 *   and an anonymous visitor get a refusal and none of the object's data, and the object is unchanged.
 * - `own`: the caller's own records, listed. The owner sees the object; the second customer does not.
 * - `self`: acts only on the caller (a profile, the caller's own cart line, a new record): there is no
 *   one else's object to name; anonymous is refused.
 * Every signed-in route must have a row: a route added later without one fails this test.
 */

const POINTS = 300;

const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_IP: '10000' } });
const { ids } = shop;
await shop.db.update(productSizes).set({ pointsPrice: POINTS, stock: 1000 }).where(eq(productSizes.id, ids['robe-s']));
await shop.db.update(productSizes).set({ stock: 1000 }).where(eq(productSizes.id, ids['robe-m']));
const document = (await (await shop.app.request('/api/v1/openapi.json')).json()) as OpenApiDocument;

type Who = { headers: Record<string, string> };
type Reply = { status: number; body: ApiBody<unknown> };
const anonymous: Who = { headers: {} };

const grant = (customer: Customer, points: number) =>
  shop.db.transaction((tx) =>
    postEnergy(tx, {
      userId: Number(customer.user.userId),
      type: 'adjustment',
      points,
      reference: `test:matrix:${customer.user.userId}:${Math.random()}`,
    }),
  );
const order = (owner: Customer) => placeOrder(shop, owner, [{ goodsSpecificationId: ids['robe-m'], goodsQuantity: 1 }]);

/** An object of the owner's, and a text only that object's data contains (to spot a leak). */
type Made = { id: number; marker: string; extra?: Record<string, string> };

type Row =
  | { kind: 'object'; make: (owner: Customer) => Promise<Made>; call: (who: Who, made: Made) => Promise<Reply> }
  | { kind: 'own'; make: (owner: Customer) => Promise<Made>; call: (who: Who) => Promise<Reply> }
  | { kind: 'self'; why: string; call: (who: Who) => Promise<Reply> };

const get = (path: string) => (who: Who) => shop.get(path, { headers: who.headers });

const matrix: Record<string, Row> = {
  'GET /share/getMyShare': {
    kind: 'own',
    make: async (owner) => ({ id: 0, marker: owner.user.shareCode }),
    call: get('/share/getMyShare'),
  },
  'GET /share/queryUserShareList': {
    kind: 'own',
    make: async (owner) => {
      // The list masks a friend's name and email but for the email's first two letters: make those the owner's own.
      const id = Number(owner.user.userId);
      const letters = `${String.fromCharCode(97 + (id % 26))}${String.fromCharCode(97 + (Math.floor(id / 26) % 26))}`;
      await signUp(shop, { refereeCode: owner.user.shareCode, email: `${letters}.friend.${id}@example.com` });
      return { id: 0, marker: `"${letters}***@example.com"` };
    },
    call: get('/share/queryUserShareList'),
  },
  'GET /privacy/getMailPreference': {
    kind: 'self',
    why: "reads the caller's mail preference",
    call: get('/privacy/getMailPreference'),
  },
  'PUT /privacy/updateMailPreference': {
    kind: 'self',
    why: "changes the caller's mail preference",
    call: (who) => shop.call('PUT', '/privacy/updateMailPreference', { headers: who.headers, body: {} }),
  },
  'GET /privacy/exportMyData': {
    kind: 'self',
    why: "exports the caller's own data, found by the session alone",
    call: get('/privacy/exportMyData'),
  },
  'POST /privacy/deleteAccount': {
    kind: 'self',
    why: "deletes the caller's own account, with the caller's password",
    call: (who) => shop.post('/privacy/deleteAccount', {}, { headers: who.headers }),
  },
  'PUT /account/updatePassword': {
    kind: 'self',
    why: "changes the caller's password",
    call: (who) => shop.call('PUT', '/account/updatePassword', { headers: who.headers, body: {} }),
  },
  'PUT /account/updateUserInfo': {
    kind: 'self',
    why: "changes the caller's profile",
    call: (who) => shop.call('PUT', '/account/updateUserInfo', { headers: who.headers, body: {} }),
  },
  'PUT /account/updateUserName': {
    kind: 'self',
    why: "changes the caller's name",
    call: (who) => shop.call('PUT', '/account/updateUserName', { headers: who.headers, body: {} }),
  },
  'PUT /account/updatePhone': {
    kind: 'self',
    why: "changes the caller's phone",
    call: (who) => shop.call('PUT', '/account/updatePhone', { headers: who.headers, body: {} }),
  },
  'PUT /account/updateHeadPicture': {
    kind: 'self',
    why: "replaces the caller's avatar",
    call: async (who) => {
      const response = await uploadHeadPicture(shop, who.headers, await testPicture());
      return { status: response.status, body: (await response.json()) as ApiBody<unknown> };
    },
  },
  'GET /shoppingcart/queryShoppingCartList': {
    kind: 'own',
    make: async (owner) => {
      await shop.post(
        '/shoppingcart/addShoppingCart',
        { goodsSpecificationId: ids['robe-s'], goodsQuantity: 7 },
        { headers: owner.headers },
      );
      return { id: ids['robe-s'], marker: '"goodsQuantity":7' };
    },
    call: get('/shoppingcart/queryShoppingCartList'),
  },
  'POST /shoppingcart/addShoppingCart': {
    kind: 'self',
    why: "adds to the caller's cart",
    call: (who) =>
      shop.post(
        '/shoppingcart/addShoppingCart',
        { goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 },
        { headers: who.headers },
      ),
  },
  'PUT /shoppingcart/updateShoppingCart': {
    kind: 'self',
    why: "a line of the caller's own cart, named by size",
    call: (who) =>
      shop.call('PUT', '/shoppingcart/updateShoppingCart', {
        headers: who.headers,
        body: { goodsSpecificationId: ids['robe-s'], goodsQuantity: 2 },
      }),
  },
  'DELETE /shoppingcart/deleteShoppingCart': {
    kind: 'self',
    why: "a line of the caller's own cart, named by size",
    call: (who) =>
      shop.call('DELETE', `/shoppingcart/deleteShoppingCart?goodsSpecificationId=${ids['robe-s']}`, {
        headers: who.headers,
      }),
  },
  'POST /shoppingcart/mergeShoppingCart': {
    kind: 'self',
    why: "folds the browser's cart into the caller's",
    call: (who) => shop.post('/shoppingcart/mergeShoppingCart', { items: [] }, { headers: who.headers }),
  },
  'GET /delivery/queryAddressList': {
    kind: 'own',
    make: async (owner) => {
      const added = await shop.post<{ addressId: number }>(
        '/delivery/addAddress',
        { ...homeAddress, city: `Owner City ${owner.user.userId}` },
        { headers: owner.headers },
      );
      return { id: added.body.data.addressId, marker: `Owner City ${owner.user.userId}` };
    },
    call: get('/delivery/queryAddressList'),
  },
  'POST /delivery/addAddress': {
    kind: 'self',
    why: 'adds an address to the caller',
    call: (who) => shop.post('/delivery/addAddress', homeAddress, { headers: who.headers }),
  },
  'PUT /delivery/updateAddress': {
    kind: 'object',
    make: async (owner) => {
      const added = await shop.post<{ addressId: number }>(
        '/delivery/addAddress',
        { ...homeAddress, city: `Kept City ${owner.user.userId}` },
        { headers: owner.headers },
      );
      return { id: added.body.data.addressId, marker: `Kept City ${owner.user.userId}` };
    },
    call: (who, made) =>
      shop.call('PUT', '/delivery/updateAddress', {
        headers: who.headers,
        body: { ...homeAddress, addressId: made.id, city: `Kept City ${made.id}` },
      }),
  },
  'DELETE /delivery/deleteAddress': {
    kind: 'object',
    make: async (owner) => {
      const added = await shop.post<{ addressId: number }>(
        '/delivery/addAddress',
        { ...homeAddress, city: `Gone City ${owner.user.userId}` },
        { headers: owner.headers },
      );
      return { id: added.body.data.addressId, marker: `Gone City ${owner.user.userId}` };
    },
    call: (who, made) => shop.call('DELETE', `/delivery/deleteAddress?addressId=${made.id}`, { headers: who.headers }),
  },
  'PUT /delivery/setDefaultAddress': {
    kind: 'object',
    make: async (owner) => {
      await shop.post('/delivery/addAddress', homeAddress, { headers: owner.headers });
      const added = await shop.post<{ addressId: number }>(
        '/delivery/addAddress',
        { ...homeAddress, city: `Second City ${owner.user.userId}` },
        { headers: owner.headers },
      );
      return { id: added.body.data.addressId, marker: `Second City ${owner.user.userId}` };
    },
    call: (who, made) => shop.call('PUT', `/delivery/setDefaultAddress?addressId=${made.id}`, { headers: who.headers }),
  },
  'GET /order/getOrderStatus': {
    kind: 'object',
    make: async (owner) => orderMade(owner),
    call: (who, made) => shop.get(`/order/getOrderStatus?orderId=${made.id}`, { headers: who.headers }),
  },
  'GET /order/checkOrderStatus': {
    kind: 'object',
    make: async (owner) => orderMade(owner),
    call: (who, made) => shop.get(`/order/checkOrderStatus?orderId=${made.id}`, { headers: who.headers }),
  },
  'GET /order/getOrderDetails': {
    kind: 'object',
    make: async (owner) => orderMade(owner),
    call: (who, made) => shop.get(`/order/getOrderDetails?orderId=${made.id}`, { headers: who.headers }),
  },
  'GET /order/queryOrderList': {
    kind: 'own',
    make: async (owner) => orderMade(owner),
    call: get('/order/queryOrderList'),
  },
  'PUT /order/cancel': {
    kind: 'object',
    make: async (owner) => orderMade(owner),
    call: (who, made) => shop.call('PUT', `/order/cancel?orderId=${made.id}`, { headers: who.headers }),
  },
  'POST /order/callback': {
    kind: 'object',
    make: async (owner) => {
      const made = await orderMade(owner);
      const started = await startPayment(shop, owner, made.id);
      const decided = await decideOnTestGateway(shop, started.body.data.providerOrderId!, { decision: 'approve' });
      return { ...made, extra: { token: new URL(decided.headers.get('Location')!).searchParams.get('token')! } };
    },
    call: (who, made) =>
      shop.post('/order/callback', { orderId: made.id, token: made.extra!.token }, { headers: who.headers }),
  },
  'POST /order/createReceiveOrder': {
    kind: 'self',
    why: "a gift code is the bearer's to redeem; the order is the caller's",
    call: (who) =>
      shop.post(
        '/order/createReceiveOrder',
        { code: 'NOSUCHCODE', deliveryAddress: homeAddress },
        { headers: who.headers },
      ),
  },
  'POST /coupon/addReceiveCoupon': {
    kind: 'self',
    why: "spends the caller's points on a gift",
    call: (who) =>
      shop.post('/coupon/addReceiveCoupon', { goodsSpecificationId: ids['robe-s'] }, { headers: who.headers }),
  },
  'GET /coupon/queryReceiveCouponList': {
    kind: 'own',
    make: async (owner) => giftMade(owner),
    call: get('/coupon/queryReceiveCouponList'),
  },
  'POST /coupon/cancel': {
    kind: 'object',
    make: async (owner) => giftMade(owner),
    call: (who, made) => shop.post(`/coupon/cancel?couponId=${made.id}`, undefined, { headers: who.headers }),
  },
  'POST /pay/payment': {
    kind: 'object',
    make: async (owner) => orderMade(owner),
    call: (who, made) => shop.post('/pay/payment', { orderId: made.id, payMethod: 'test' }, { headers: who.headers }),
  },
  'GET /energy/getMyEnergy': {
    kind: 'own',
    make: async (owner) => {
      await grant(owner, 4321);
      return { id: 0, marker: '4321' };
    },
    call: get('/energy/getMyEnergy'),
  },
  'GET /energy/queryEnergyRecordList': {
    kind: 'own',
    make: async (owner) => {
      await grant(owner, 1234);
      return { id: 0, marker: '1234' };
    },
    call: get('/energy/queryEnergyRecordList'),
  },
  'GET /reviews/mine': { kind: 'own', make: async (owner) => reviewMade(owner), call: get('/reviews/mine') },
  'GET /reviews/order': {
    kind: 'object',
    make: async (owner) => ({ ...(await receivedOrder(owner)), marker: '"reviewable":true' }),
    call: (who, made) => shop.get(`/reviews/order?orderId=${made.id}`, { headers: who.headers }),
  },
  'POST /reviews/write': {
    kind: 'object',
    make: async (owner) => receivedOrder(owner),
    call: (who, made) =>
      shop.post(
        '/reviews/write',
        {
          orderId: made.id,
          goodsSpecificationId: ids['robe-m'],
          rating: 5,
          content: 'Written through the access matrix.',
        },
        { headers: who.headers },
      ),
  },
  'POST /reviews/edit': {
    kind: 'object',
    make: async (owner) => reviewMade(owner),
    call: (who, made) =>
      shop.post(
        '/reviews/edit',
        { commentId: made.id, rating: 3, content: 'Edited through the access matrix.' },
        { headers: who.headers },
      ),
  },
  'POST /age/start': {
    kind: 'self',
    why: "starts an age check for the caller, to come back to the caller's page",
    call: (who) =>
      shop.post('/age/start', { country: 'US', state: 'TX', returnPath: '/pay' }, { headers: who.headers }),
  },
  'POST /age/settle': {
    kind: 'object',
    make: async (owner) => {
      await shop.db.insert(ageCheckRegions).values({ region: 'US-TX', provider: 'stand-in' }).onConflictDoNothing();
      const started = await shop.post<{ url: string }>(
        '/age/start',
        { country: 'US', state: 'TX', returnPath: '/pay' },
        { headers: owner.headers },
      );
      const checkId = new URL(started.body.data.url).pathname.split('/').pop()!;
      return { id: 0, marker: checkId, extra: { checkId } };
    },
    call: (who, made) => shop.post('/age/settle', { checkId: made.extra!.checkId }, { headers: who.headers }),
  },
  'POST /reviews/withdraw': {
    kind: 'object',
    make: async (owner) => reviewMade(owner),
    call: (who, made) => shop.post('/reviews/withdraw', { commentId: made.id }, { headers: who.headers }),
  },
  'POST /energy/recharge': {
    kind: 'self',
    why: 'creates a recharge order for the caller',
    call: (who) => shop.post('/energy/recharge', { points: 1000 }, { headers: who.headers }),
  },
};

async function orderMade(owner: Customer): Promise<Made> {
  const placed = await order(owner);
  return { id: placed.orderId, marker: placed.orderNo };
}

/** An order of the owner's that was delivered and signed for: its sizes can be reviewed. */
async function receivedOrder(owner: Customer): Promise<Made> {
  const placed = await order(owner);
  await payWithTestGateway(shop, owner, placed.orderId);
  await shipOrder(shop.operator, placed.orderNo, { carrier: 'DHL', trackingNumber: 'M1' });
  await markSignedFor(shop.db, placed.orderNo);
  return { id: placed.orderId, marker: placed.orderNo };
}

async function reviewMade(owner: Customer): Promise<Made> {
  const received = await receivedOrder(owner);
  const marker = `Only the owner wrote this, order ${received.marker}.`;
  const written = await shop.post<{ commentId: number }>(
    '/reviews/write',
    { orderId: received.id, goodsSpecificationId: ids['robe-m'], rating: 4, content: marker },
    { headers: owner.headers },
  );
  return { id: written.body.data.commentId, marker };
}

async function giftMade(owner: Customer): Promise<Made> {
  await grant(owner, POINTS);
  const added = await shop.post<{ couponId: number; code: string }>(
    '/coupon/addReceiveCoupon',
    { goodsSpecificationId: ids['robe-s'] },
    { headers: owner.headers },
  );
  return { id: added.body.data.couponId, marker: added.body.data.code };
}

const refusedSignedOut = (reply: Reply, label: string) => {
  expect(reply.status, label).toBe(401);
  expect(reply.body.code, label).toBe(-212);
};

describe('the access matrix', () => {
  it('has a row for every signed-in route of the OpenAPI document, and none for a route it lacks', () => {
    const signedIn = routesOf(document)
      .filter((route) => route.operation.security?.length)
      .map((route) => `${route.method} ${route.path}`);
    expect(signedIn.length).toBeGreaterThan(20);
    expect(
      signedIn.filter((route) => !(route in matrix)),
      'routes without a row',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((route) => !signedIn.includes(route)),
      'rows without a route',
    ).toEqual([]);
  });

  for (const [route, row] of Object.entries(matrix)) {
    it(`${route}: ${row.kind === 'self' ? row.why : row.kind === 'own' ? 'each customer sees only their own' : 'only the owner succeeds'}`, async () => {
      const owner = await signUp(shop);
      const other = await signUp(shop);
      if (row.kind === 'self') {
        refusedSignedOut(await row.call(anonymous), 'anonymous');
        return;
      }
      const made = await row.make(owner);
      if (row.kind === 'own') {
        refusedSignedOut(await row.call(anonymous), 'anonymous');
        const others = await row.call(other);
        expect(others.body.code, 'other customer').toBe(1);
        expect(JSON.stringify(others.body), 'other customer sees the owner’s data').not.toContain(made.marker);
        const owners = await row.call(owner);
        expect(owners.body.code, 'owner').toBe(1);
        expect(JSON.stringify(owners.body), 'owner sees their data').toContain(made.marker);
        return;
      }
      refusedSignedOut(await row.call(anonymous, made), 'anonymous');
      const others = await row.call(other, made);
      expect(others.body.code, `other customer: ${JSON.stringify(others.body)}`).not.toBe(1);
      expect(others.status, 'other customer').toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(others.body), 'other customer sees the owner’s data').not.toContain(made.marker);
      const owners = await row.call(owner, made);
      expect(owners.body.code, `owner: ${JSON.stringify(owners.body)}`).toBe(1);
    });
  }
});
