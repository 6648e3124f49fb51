import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { products, productSizes } from '@/server/db/schema';
import type { OrderStatusInfo } from '@/features/orders/orders.schema';
import { aCustomer, aLine, aShop } from '../support/fixtures';
import { uniqueEmail } from '../support/customers';
import { createOrder, placeOrder, setStock, startPayment, stockOf } from '../support/orders';

/*
 * Orders nobody pays hold their stock until they close: limits per customer and per client address
 * keep one buyer from taking a product's whole stock, and checking out the same cart again gives the
 * earlier order's stock back at once (docs/decisions/075).
 */

const shop = await aShop({
  catalogue: 'small',
  env: {
    TRUST_PROXY: 'true',
    UNPAID_ORDERS_PER_CUSTOMER: '2',
    UNPAID_UNITS_PER_CUSTOMER: '6',
    ORDERS_PER_ADDRESS: '4',
    ORDER_UNITS_PER_ADDRESS: '100',
    RATE_LIMIT_PER_IP: '1000',
    RATE_LIMIT_PER_ACCOUNT: '1000',
  },
});
let addresses = 0;
const fromAnAddress = <T extends { headers: Record<string, string> }>(caller: T) => ({
  ...caller,
  headers: { ...caller.headers, 'X-Forwarded-For': `198.51.100.${(addresses += 1)}` },
});
const statusOf = async (caller: { headers: Record<string, string> }, orderId: number) =>
  (await shop.get<OrderStatusInfo>(`/order/getOrderStatus?orderId=${orderId}`, { headers: caller.headers })).body.data
    .status;

it('refuses a customer more unpaid orders or units than the limits, and takes nothing for the refused one', async () => {
  await setStock(shop, shop.ids['robe-m'], 3);
  const customer = fromAnAddress(await aCustomer(shop));
  await placeOrder(shop, customer, [aLine(shop, 'robe-s', 1)]);
  await placeOrder(shop, customer, [aLine(shop, 'oil-usd-only', 1)]);
  const third = await createOrder(shop, customer, { items: [aLine(shop, 'robe-m', 1)] });
  expect(third.body.code).toBe(-252);
  expect(await stockOf(shop, shop.ids['robe-m'])).toBe(3);

  const other = fromAnAddress(await aCustomer(shop));
  expect((await createOrder(shop, other, { items: [aLine(shop, 'robe-s', 7)] })).body.code).toBe(-252);
  expect((await createOrder(shop, other, { items: [aLine(shop, 'robe-m', 3)] })).body.code).toBe(1);
  expect(await stockOf(shop, shop.ids['robe-m'])).toBe(0);
});

it('gives the stock of an unpaid order back when its customer checks out the same cart again', async () => {
  await setStock(shop, shop.ids['robe-m'], 3);
  const customer = fromAnAddress(await aCustomer(shop));
  const first = await placeOrder(shop, customer, [aLine(shop, 'robe-m', 3)]);
  expect(await stockOf(shop, shop.ids['robe-m'])).toBe(0);
  // Back to the cart and checkout again: the first order closes and its units are the second's.
  const second = await placeOrder(shop, customer, [aLine(shop, 'robe-m', 3)]);
  expect(await statusOf(customer, first.orderId)).toBe(3);
  expect(await statusOf(customer, second.orderId)).toBe(2);
  expect(await stockOf(shop, shop.ids['robe-m'])).toBe(0);
  // A checkout of the same cart that is refused keeps the earlier order.
  expect(
    (await createOrder(shop, customer, { items: [aLine(shop, 'robe-m', 3)], expectedPayAmount: 1 })).body.code,
  ).toBe(-218);
  expect(await statusOf(customer, second.orderId)).toBe(2);

  // An order whose payment has started stays: the money may be on its way.
  await setStock(shop, shop.ids['robe-m'], 2);
  await startPayment(shop, customer, second.orderId);
  expect((await createOrder(shop, customer, { items: [aLine(shop, 'robe-m', 1)] })).body.code).toBe(1);
  expect(await statusOf(customer, second.orderId)).toBe(2);
});

it("hands an unpaid order's units to one checkout of the same cart at a time, and never while its product is off sale", async () => {
  await setStock(shop, shop.ids['robe-m'], 3);
  const customer = fromAnAddress(await aCustomer(shop));
  const first = await placeOrder(shop, customer, [aLine(shop, 'robe-m', 3)]);
  // Two tabs check out the same cart again at once: whichever comes second finds the units taken
  // (-231), or, when the first has finished already, takes them over from the first's new order.
  const again = await Promise.all([0, 1].map(() => createOrder(shop, customer, { items: [aLine(shop, 'robe-m', 3)] })));
  for (const reply of again) expect([1, -231]).toContain(reply.body.code);
  const placed = again.filter((reply) => reply.body.code === 1).map((reply) => reply.body.data.orderId);
  expect(placed.length).toBeGreaterThan(0);
  const statuses = await Promise.all([first.orderId, ...placed].map((id) => statusOf(customer, id)));
  // One order holds the three units; every earlier one is closed.
  expect(statuses.filter((status) => status === 2)).toHaveLength(1);
  expect(statuses[0]).toBe(3);
  expect(await stockOf(shop, shop.ids['robe-m'])).toBe(0);

  // Taken off sale meanwhile: the open order keeps its units, and the checkout is refused.
  const open = [first.orderId, ...placed][statuses.indexOf(2)]!;
  const [{ robe }] = (await shop.db
    .select({ robe: productSizes.goodsId })
    .from(productSizes)
    .where(eq(productSizes.id, shop.ids['robe-m']))) as [{ robe: number }];
  await shop.db.update(products).set({ onSale: false }).where(eq(products.id, robe));
  try {
    expect((await createOrder(shop, customer, { items: [aLine(shop, 'robe-m', 3)] })).body.code).toBe(-231);
    expect(await statusOf(customer, open)).toBe(2);
    expect(await stockOf(shop, shop.ids['robe-m'])).toBe(0);
  } finally {
    await shop.db.update(products).set({ onSale: true }).where(eq(products.id, robe));
  }
});

it('limits the orders placed from one client address, guests included', async () => {
  const address = { headers: { 'X-Forwarded-For': '203.0.113.77' } };
  const guest = () =>
    createOrder(shop, address, {
      items: [aLine(shop, 'robe-s', 1)],
      email: uniqueEmail('guest'),
      password: 'c2VjcmV0MTIz',
    });
  const codes = [];
  for (let attempt = 0; attempt < 5; attempt += 1) codes.push((await guest()).body.code);
  expect(codes).toEqual([1, 1, 1, 1, -9999]);
  expect(
    (
      await createOrder(
        shop,
        { headers: { 'X-Forwarded-For': '203.0.113.78' } },
        { items: [aLine(shop, 'robe-s', 1)], email: uniqueEmail('guest'), password: 'c2VjcmV0MTIz' },
      )
    ).body.code,
  ).toBe(1);
});
