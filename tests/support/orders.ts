import { eq } from 'drizzle-orm';
import { homeAddress } from '@/features/delivery/fixtures/addresses';
import type { OrderDetails, OrderStatusInfo, PaymentStart } from '@/features/orders/orders.schema';
import { productSizes } from '@/server/db/schema';
import type { TestApi } from './api';
import type { Customer } from './customers';

/* Checkout and payment as the storefront drives them, for API tests. */

export const deliveryAddress = { ...homeAddress, address2: 'Apt 4', phone: '+1 415 555 0100' };

type Caller = Pick<Customer, 'headers'> | { headers?: Record<string, string> };

export function createOrder(
  shop: TestApi,
  caller: Caller,
  body: Record<string, unknown>,
  init: { language?: string; currency?: string } = {},
) {
  return shop.post<OrderDetails>(
    '/order/createOrder',
    { deliveryAddress, payMethod: 'test', ...body },
    { headers: caller.headers ?? {}, ...init },
  );
}

/** Places an order and fails the test unless it succeeded. */
export async function placeOrder(
  shop: TestApi,
  caller: Caller,
  items: { goodsSpecificationId: number; goodsQuantity: number }[],
  body: Record<string, unknown> = {},
  init: { language?: string; currency?: string } = {},
) {
  const response = await createOrder(shop, caller, { items, ...body }, init);
  if (response.body?.code !== 1) throw new Error(`checkout failed: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export function startPayment(
  shop: TestApi,
  caller: Caller,
  orderId: number,
  payMethod = 'test',
  init: { language?: string } = {},
) {
  return shop.post<PaymentStart>('/pay/payment', { orderId, payMethod }, { headers: caller.headers ?? {}, ...init });
}

/** Submits the test gateway's form as a browser would; answers where it redirects. */
export async function decideOnTestGateway(shop: TestApi, providerOrderId: string, fields: Record<string, string>) {
  const form = new FormData();
  form.append('id', providerOrderId);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return shop.app.request('/api/v1/pay/test-gateway/decide', {
    method: 'POST',
    body: form,
    headers: { Origin: shop.config.publicOrigin },
  });
}

/** The whole test-gateway round trip: start, decide on the gateway's page, return to the shop. */
export async function payWithTestGateway(
  shop: TestApi,
  caller: Caller,
  orderId: number,
  decision: 'approve' | 'decline' = 'approve',
) {
  const started = await startPayment(shop, caller, orderId);
  if (started.body.code !== 1) throw new Error(`payment did not start: ${JSON.stringify(started.body)}`);
  const decided = await decideOnTestGateway(shop, started.body.data.providerOrderId!, { decision });
  const token = new URL(decided.headers.get('Location')!).searchParams.get('token')!;
  return shop.post<OrderStatusInfo>('/order/callback', { orderId, token }, { headers: caller.headers ?? {} });
}

export async function stockOf(shop: TestApi, specificationId: number): Promise<number> {
  const [row] = await shop.db
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(eq(productSizes.id, specificationId));
  return row!.stock;
}

export async function setStock(shop: TestApi, specificationId: number, stock: number) {
  await shop.db.update(productSizes).set({ stock }).where(eq(productSizes.id, specificationId));
}
