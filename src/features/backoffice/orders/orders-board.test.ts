import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '@/server/db/schema';
import { signUp } from '../../../../tests/support/customers';
import { aLine, aShop, anOrder } from '../../../../tests/support/fixtures';
import { sentMail } from '../../../../tests/support/mail';
import { anOperator } from '../../../../tests/support/operators';
import { orderCommands } from '@/features/orders/orders.commands';

const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_PER_IP: '1000' } });
const buyer = await signUp(shop);

describe('order actions from the back office', () => {
  it('ship a paid order, mail the customer, and land in the audit log beside the CLI', async () => {
    const admin = await anOperator(shop, 'admin');
    const fulfilment = await anOperator(shop, 'fulfilment');
    const order = await anOrder(shop, buyer, [aLine(shop, 'robe-s')], { paid: true });
    const headers = await fulfilment.freshSession();

    const shipped = await shop.post<{ status: number; delivery: { trackingNumber: string } }>(
      '/admin/orders/ship',
      { orderNo: order.orderNo, carrier: 'DHL', trackingNumber: 'JD0142' },
      { headers },
    );
    expect(shipped.body).toMatchObject({ code: 1, data: { status: 4, delivery: { trackingNumber: 'JD0142' } } });
    const mails = await sentMail(shop);
    expect(
      mails
        .filter((mail) => mail.to && JSON.stringify(mail.to).includes(buyer.email))
        .some((mail) => (mail.text ?? '').includes('JD0142')),
    ).toBe(true);
    const seen = await shop.get<{ delivery: { trackingNumber: string } }>(
      `/order/getOrderDetails?orderId=${order.orderId}`,
      { headers: buyer.headers },
    );
    expect(seen.body.data.delivery.trackingNumber).toBe('JD0142');
    await orderCommands['sign-for'].execute([order.orderNo], shop.operator);

    const audit = await shop.get<{ actor: string; action: string; subject: string; before: unknown; after: unknown }[]>(
      '/admin/audit',
      { headers: await admin.freshSession() },
    );
    const forOrder = audit.body.data.filter((entry) => entry.subject === order.orderNo);
    expect(forOrder).toEqual([
      expect.objectContaining({
        actor: 'cli',
        action: 'order.sign-for',
        before: { status: 'shipped' },
        after: { status: 'signed for' },
      }),
      expect.objectContaining({
        actor: fulfilment.email,
        action: 'order.ship',
        before: { status: 'paid' },
        after: { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0142' },
      }),
    ]);
  });

  it('are refused with the reason when the status does not allow them, changing nothing', async () => {
    const fulfilment = await anOperator(shop, 'fulfilment');
    const order = await anOrder(shop, buyer, [aLine(shop, 'robe-s')]);
    const answer = await shop.post(
      '/admin/orders/ship',
      { orderNo: order.orderNo, carrier: 'DHL', trackingNumber: 'X' },
      { headers: await fulfilment.freshSession() },
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: -1,
      data: { reason: expect.stringContaining('only paid orders can be shipped') },
    });
    const [row] = await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe(2);
  });

  it('find orders by number or email, status, currency and date', async () => {
    const admin = await anOperator(shop, 'admin');
    const headers = await admin.freshSession();
    const order = await anOrder(shop, buyer, [aLine(shop, 'robe-s')], { currency: 'MYR' });
    const today = new Date().toISOString().slice(0, 10);
    const found = await shop.get<{ list: { orderNo: string }[]; total: number }>(
      `/admin/orders?q=${order.orderNo.slice(2, 9)}&currency=MYR&status=2&from=${today}&to=${today}`,
      { headers },
    );
    expect(found.body.data.list.map((row) => row.orderNo)).toEqual([order.orderNo]);
    const byEmail = await shop.get<{ total: number }>(
      `/admin/orders?q=${encodeURIComponent(buyer.email.toUpperCase())}`,
      { headers },
    );
    expect(byEmail.body.data.total).toBeGreaterThan(1);
    const none = await shop.get<{ total: number }>('/admin/orders?q=%25_', { headers });
    expect(none.body.data.total).toBe(0);
  });
});
