import { describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/support/customers';
import { aLine, aShop, anOrder } from '../../../../tests/support/fixtures';
import { anOperator } from '../../../../tests/support/operators';

/* The orders board as CSV, as the board's filter finds it. */

const shop = await aShop({ catalog: 'small', env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const buyer = await signUp(shop);
const admin = await anOperator(shop, 'admin');
const lines = (text: string) => text.trimEnd().split('\r\n');

describe('the orders export', () => {
  it('holds exactly the orders of the filter, amounts in minor and major units, and is logged', async () => {
    const paid = await anOrder(shop, buyer, [aLine(shop, 'robe-s', 2)], { paid: true, currency: 'MYR' });
    const unpaid = await anOrder(shop, buyer, [aLine(shop, 'robe-s')], { currency: 'MYR' });
    const headers = await admin.freshSession();

    const answer = await shop.get('/admin/orders/export?status=1&currency=MYR', { headers });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('Content-Disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = lines(await answer.response.text());
    expect(rows[0]).toBe('order_no,placed_at,paid_at,status,kind,email,currency,goods_total_minor,discount_minor,pay_amount_minor,pay_amount');
    expect(rows).toHaveLength(2);
    const cells = rows[1]!.split(',');
    expect(cells[0]).toBe(paid.orderNo);
    expect(cells[5]).toBe(buyer.email);
    expect(cells[6]).toBe('MYR');
    expect(Number(cells[10])).toBeCloseTo(Number(cells[9]) / 100, 2);
    expect(rows.join('\n')).not.toContain(unpaid.orderNo);

    const audit = await shop.get<{ action: string; after: { rows: number; filter: unknown } }[]>('/admin/audit?action=orders.export', { headers });
    expect(audit.body.data[0]!.after).toEqual({ rows: 1, filter: { status: 1, currency: 'MYR' } });
  });

  it('keeps a formula typed as a name from running in a spreadsheet', async () => {
    const sly = await signUp(shop, { email: `=cmd.${process.pid}@example.com` });
    await anOrder(shop, sly, [aLine(shop, 'robe-s')]);
    const answer = await shop.get(`/admin/orders/export?q=${encodeURIComponent('=cmd')}`, { headers: await admin.freshSession() });
    const rows = lines(await answer.response.text());
    expect(rows[1]!.split(',')[5]).toBe(`'${sly.email}`);
  });
});
