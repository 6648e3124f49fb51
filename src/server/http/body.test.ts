import { afterAll, describe, expect, it } from 'vitest';
import { aShop } from '../../../tests/support/fixtures';
import { listen } from '../../../tests/support/listening';
import { DISCARD_BYTES } from './body';

const shop = await aShop();
const server = await listen(shop.app);
afterAll(() => server.close());

const json = { 'Content-Type': 'application/json' };
/** A call from the shop's own page, as a browser names it (state-changing calls without JSON need it). */
const ownPage = { Origin: shop.config.publicOrigin };
const malformed = () => server.request('POST', '/api/v1/login/pwdLogin', { headers: json, body: '{"email":' });

describe('a keep-alive connection after a refused body', () => {
  it('answers the next request on the same connection after an oversized, a wrongly typed and a chunked body', async () => {
    const before = await malformed();
    const refusals = [
      await server.request('POST', '/api/v1/login/register', { headers: json, body: 'x'.repeat(900_000) }),
      await server.request('POST', '/api/v1/order/createOrder', {
        headers: json,
        body: 'x'.repeat(900_000),
        chunked: true,
      }),
      await server.request('POST', '/api/v1/delivery/addAddress', {
        headers: { ...ownPage, 'Content-Type': 'text/plain' },
        body: 'x'.repeat(100_000),
      }),
      await server.request('PUT', '/api/v1/account/updateHeadPicture', {
        headers: { ...ownPage, 'Content-Type': 'multipart/form-data; boundary=x' },
        body: 'x'.repeat(300_000),
      }),
      await server.request('POST', '/en-usd/', { headers: json, body: 'x'.repeat(300_000) }),
    ];
    expect(refusals.map((reply) => reply.status)).toEqual([413, 413, 415, 401, 404]);
    const after = await malformed();
    expect(after.status).toBe(400);
    expect(JSON.parse(after.text)).toMatchObject({ code: -218, data: null });
    // Every request above went over the one connection the first one opened.
    expect([before, ...refusals, after].map((reply) => reply.socket)).toEqual(Array(7).fill(before.socket));
  });

  it('tells the client to reconnect when a refused body is too long to read away, and the next request still gets its answer', async () => {
    const huge = await server.request('POST', '/api/v1/login/register', {
      headers: json,
      body: 'x'.repeat(DISCARD_BYTES * 3),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.connection).toBe('close');
    const after = await malformed();
    expect(after.status).toBe(400);
    expect(after.socket).not.toBe(huge.socket);
  });
});

describe('NUL characters', () => {
  it('are refused with -218 in a query, a path and a JSON body, before they reach the database', async () => {
    const query = await shop.get('/coupon/checkCouponStatus?code=AB%00CD');
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ code: -218, data: null });
    expect((await shop.get('/coupon/getReceiveCouponProductList?code=%00')).body.code).toBe(-218);
    expect((await shop.get('/goods/getProductDetails%00')).body.code).toBe(-218);
    const body = await shop.post('/login/pwdLogin', '{"email":"a\\u0000@example.com","password":"abc12345"}');
    expect(body.status).toBe(400);
    expect(body.body.message).toMatch(/body/);
  });
});
