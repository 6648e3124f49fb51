import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { Publisher } from '@/features/backoffice/publish/publishing';
import { seedCartCatalogue, type CartSku } from '@/features/cart/fixtures/cart-catalogue';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import { demoCatalogue } from '@/features/catalogue/demo/demo-catalogue';
import { postEnergy } from '@/features/energy/energy.ledger';
import { productSizes } from '@/server/db/schema';
import { createTestApi, testPicture, type TestApi } from './api';
import { signUp, type Customer } from './customers';
import { payWithTestGateway, placeOrder } from './orders';

/*
 * Builders for API tests, awaited at the top of a test file:
 *
 *   const shop = await aShop({ catalogue: 'small' });
 *   const customer = await aCustomer(shop);
 *   const order = await anOrder(shop, customer, [aLine(shop, 'robe-s', 2)], { paid: true });
 *
 * A shop is the API in-process on a fresh, migrated database of its own (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL); it closes when the file's tests are done.
 */

export type ShopOptions = {
  /** `demo`: the demo catalogue; `small`: the cart fixture catalogue (see `aLine`); `none`: empty. */
  catalogue?: 'demo' | 'small' | 'none';
  /** Settings the test needs, as environment variables. */
  env?: Record<string, string>;
  /** The page publish the back office runs (the real one needs the whole Node shop, see tests/e2e). */
  publish?: Publisher;
};

export type TestShop = TestApi & {
  /** The specification id of each size of the small catalogue (empty unless `catalogue: 'small'`). */
  ids: Record<CartSku, number>;
};

export async function aShop(options: ShopOptions = {}): Promise<TestShop> {
  const catalogue = options.catalogue ?? 'none';
  const api = await createTestApi({ seed: catalogue === 'demo', env: options.env, publish: options.publish });
  afterAll(() => api.close());
  const ids =
    catalogue === 'small' ? await seedCartCatalogue(api, () => testPicture()) : ({} as Record<CartSku, number>);
  return Object.assign(api, { ids });
}

/** A registered, signed-in customer (see `signUp` for the fields and headers it takes). */
export const aCustomer: (shop: TestApi, ...rest: DropFirst<Parameters<typeof signUp>>) => Promise<Customer> = signUp;

/** One order line of the small catalogue. */
export const aLine = (shop: TestShop, sku: CartSku, goodsQuantity = 1) => ({
  goodsSpecificationId: shop.ids[sku],
  goodsQuantity,
});

/** A placed order (status 2, payment pending), or with `paid` one paid through the test gateway (status 3). */
export async function anOrder(
  shop: TestApi,
  customer: Customer,
  items: { goodsSpecificationId: number; goodsQuantity: number }[],
  options: { paid?: boolean; body?: Record<string, unknown>; currency?: string; language?: string } = {},
) {
  const { paid, body, ...init } = options;
  const order = await placeOrder(shop, customer, items, body, init);
  if (paid) {
    const callback = await payWithTestGateway(shop, customer, order.orderId);
    if (callback.body.code !== 1) throw new Error(`payment failed: ${JSON.stringify(callback.body)}`);
  }
  return order;
}

/** A customer's id in the database. */
export const idOf = (customer: Customer) => Number(customer.user.userId);

/** Energy points for a customer, as an operator's adjustment in the ledger. */
export const grantPoints = (shop: TestApi, customer: Customer, points: number) =>
  shop.db.transaction((tx) =>
    postEnergy(tx, {
      userId: idOf(customer),
      type: 'adjustment',
      points,
      reference: `test:grant:${idOf(customer)}:${randomUUID()}`,
    }),
  );

/** Makes a size of the small catalogue a gift that costs `points` energy points. */
export const aGift = (shop: TestShop, sku: CartSku, points: number) =>
  shop.db.update(productSizes).set({ pointsPrice: points }).where(eq(productSizes.id, shop.ids[sku]));

/** The demo catalogue's products, and those of them on sale. */
export const demoProducts = demoCatalogue.products ?? [];
export const demoOnSale = demoProducts.filter((product) => product.onSale !== false);

/** The goods id of a demo product, by its slug, as the product list answers it. */
export async function demoProductId(shop: TestApi, slug: string): Promise<number> {
  const page = await shop.get<ProductPage>('/goods/queryProductList?pageSize=48');
  const found = page.body.data.list.find((product) => product.slug === slug);
  if (!found) throw new Error(`${slug} is not listed`);
  return found.goodsId;
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
