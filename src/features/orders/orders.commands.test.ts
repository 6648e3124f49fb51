import { describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/support/customers';
import { sentMail } from '../../../tests/support/mail';
import { placeOrder } from '../../../tests/support/orders';
import { disableUserCommand } from '../auth/auth.commands';
import { orderCommands } from './orders.commands';
import type { OrderDetails } from './orders.schema';
import { aCustomer, aShop, anOrder } from '../../../tests/support/fixtures';

/* The operator's order commands, run against the test database as the CLI runs them. */

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;
const customer = await aCustomer(shop, { firstName: 'Aisyah' }, { language: 'MS' });

const run = (name: keyof typeof orderCommands, ...args: string[]) => orderCommands[name].execute(args, shop.operator);
const details = async (orderId: number) =>
  (await shop.get<OrderDetails>(`/order/getOrderDetails?orderId=${orderId}`, { headers: customer.headers })).body.data;

async function paidOrder(quantity = 1) {
  const order = await anOrder(shop, customer, [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: quantity }], {
    paid: true,
  });
  return order;
}

describe('ship', () => {
  it('ships a paid order with carrier and tracking number and mails the notice in the customer language', async () => {
    const order = await paidOrder();
    const output = await run(
      'ship',
      order.orderNo.toLowerCase(),
      '--carrier',
      'Pos Laju',
      '--tracking',
      'EP123456789MY',
    );
    expect(output).toBe(
      `Order ${order.orderNo} shipped with Pos Laju (EP123456789MY); shipping notice sent to ${customer.email}.`,
    );
    expect(await details(order.orderId)).toMatchObject({
      status: 4,
      delivery: { carrier: 'Pos Laju', trackingNumber: 'EP123456789MY', shipTime: expect.any(String) },
    });

    const mail = (await sentMail(shop)).at(-1)!;
    expect(mail.subject).toBe(`Pesanan anda ${order.orderNo} dalam perjalanan`);
    expect(mail.text).toContain('Helo Aisyah,');
    expect(mail.text).toContain('Syarikat penghantaran: Pos Laju. Nombor penjejakan: EP123456789MY.');
  });

  it('refuses an order that is not paid, an unknown order and missing options, saying why', async () => {
    const unpaid = await placeOrder(shop, customer, [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }]);
    await expect(run('ship', unpaid.orderNo, '--carrier', 'DHL', '--tracking', '1')).rejects.toThrow(
      `Order ${unpaid.orderNo} is payment pending; only paid orders can be shipped.`,
    );
    await expect(run('ship', 'NOPE', '--carrier', 'DHL', '--tracking', '1')).rejects.toThrow('No order NOPE.');
    await expect(run('ship', unpaid.orderNo, '--carrier', 'DHL')).rejects.toThrow(
      'usage: npm run shop -- ship <orderNo> --carrier <name> --tracking <number>',
    );
    await expect(run('ship', unpaid.orderNo, '--carrier', 'DHL', '--tracking', '1', '--express')).rejects.toThrow(
      /^usage/,
    );
  });
});

describe('logistics, signing for and completing', () => {
  it('records events, then signed for, then completed', async () => {
    const order = await paidOrder();
    await run('ship', order.orderNo, '--carrier', 'DHL', '--tracking', 'JD0001');
    expect(await run('add-event', order.orderNo, 'Left the Kuala Lumpur hub', '--at', '2025-01-02T08:00:00Z')).toBe(
      `Event added to order ${order.orderNo}.`,
    );
    await run('add-event', order.orderNo, 'Out for delivery');
    expect(await run('complete', order.orderNo).catch((error: Error) => error.message)).toBe(
      `Order ${order.orderNo} is shipped; only signed for orders can be completed.`,
    );
    expect(await run('sign-for', order.orderNo)).toBe(`Order ${order.orderNo} signed for.`);
    expect(await run('complete', order.orderNo)).toBe(`Order ${order.orderNo} completed.`);

    const after = await details(order.orderId);
    expect(after).toMatchObject({
      status: 6,
      completeTime: expect.any(String),
      delivery: { signTime: expect.any(String) },
    });
    expect(after.delivery.events.map((event) => event.text)).toEqual(['Left the Kuala Lumpur hub', 'Out for delivery']);
    expect(after.delivery.events[0]!.time).toBe('2025-01-02T08:00:00.000Z');
  });

  it('keeps events off unpaid orders', async () => {
    const unpaid = await placeOrder(shop, customer, [{ goodsSpecificationId: ids['robe-s'], goodsQuantity: 1 }]);
    await expect(run('add-event', unpaid.orderNo, 'Packed')).rejects.toThrow('logistics events belong to paid orders');
  });
});

describe('orders', () => {
  it('lists the newest orders, filtered by status', async () => {
    const order = await paidOrder();
    const output = await run('orders', '--status', '1', '--limit', '1');
    expect(output.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^${order.orderNo}  paid\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+\\$59\\.00  ${customer.email}$`),
      ),
    ]);
    expect(await run('orders', '--status', '5')).toBe('No orders.');
    await expect(run('orders', '--status', '9')).rejects.toThrow(/^usage/);
  });
});

describe('disable-user', () => {
  it('disables an account and signs it out everywhere', async () => {
    const victim = await signUp(shop);
    expect(await disableUserCommand.execute([victim.email.toUpperCase()], shop.operator)).toBe(
      `${victim.email} is disabled and signed out everywhere.`,
    );
    const info = await shop.get<{ userId: string }>('/login/getUserInfo', { headers: victim.headers });
    expect(info.body.data.userId).toBe('');
    await expect(disableUserCommand.execute(['nobody@example.com'], shop.operator)).rejects.toThrow(
      'No account with the email nobody@example.com.',
    );
  });
});
