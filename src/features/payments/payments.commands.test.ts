import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testGatewayPayments } from '@/server/db/schema';
import { stockOf } from '../../../tests/support/orders';
import { orderCommands } from '../orders/orders.commands';
import { paymentCommands } from './payments.commands';
import type { OrderDetails } from '../orders/orders.schema';
import { aCustomer, aShop, anOrder } from '../../../tests/support/fixtures';

/* The operator's commands on an order's money, run against the test database as the CLI runs them. */

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;
const customer = await aCustomer(shop, { firstName: 'Aisyah' }, { language: 'MS' });

const commands = { ...orderCommands, ...paymentCommands };
const run = (name: keyof typeof commands, ...args: string[]) => commands[name].execute(args, shop.operator);
const details = async (orderId: number) =>
  (await shop.get<OrderDetails>(`/order/getOrderDetails?orderId=${orderId}`, { headers: customer.headers })).body.data;

async function paidOrder(quantity = 1) {
  const order = await anOrder(shop, customer, [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: quantity }], {
    paid: true,
  });
  return order;
}

describe('refund', () => {
  it('refunds a paid order through the provider and returns its stock', async () => {
    const before = await stockOf(shop, ids['robe-s']);
    const order = await paidOrder(2);
    expect(await run('refund', order.orderNo)).toBe(`Order ${order.orderNo} refunded ($118.00) and closed.`);
    expect(await details(order.orderId)).toMatchObject({ status: 3, refundTime: expect.any(String) });
    expect(await stockOf(shop, ids['robe-s'])).toBe(before);
    const [gateway] = await shop.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.captureId, (await details(order.orderId)).paymentNumber!));
    expect(gateway!.status).toBe('refunded');
  });

  it('refunds a shipped order without putting its units back in stock, and refuses an unpaid one', async () => {
    const order = await paidOrder();
    await run('ship', order.orderNo, '--carrier', 'DHL', '--tracking', 'R1');
    const before = await stockOf(shop, ids['robe-s']);
    await run('refund', order.orderNo);
    expect(await stockOf(shop, ids['robe-s'])).toBe(before);
    await expect(run('refund', order.orderNo)).rejects.toThrow(
      `Order ${order.orderNo} is closed; only paid or shipped or signed for orders can be refunded.`,
    );
  });
});
