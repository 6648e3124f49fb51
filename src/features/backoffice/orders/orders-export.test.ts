import { describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/support/customers';
import { aLine, aShop, anOrder } from '../../../../tests/support/fixtures';
import { saveShippingZone, saveTaxRate } from '@/features/shipping/shipping.service';
import { anOperator } from '../../../../tests/support/operators';

/* The orders board as CSV, as the board's filter finds it. */

const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const buyer = await signUp(shop);
const admin = await anOperator(shop, 'admin');
const lines = (text: string) => text.trimEnd().split('\r\n');

describe('the orders export', () => {
  it('holds exactly the orders of the filter, amounts (shipping and tax too) in minor and major units, and is logged', async () => {
    const texts = { EN: 'Standard', ZH: '标准', MS: 'Standard' };
    await saveShippingZone(shop.db, 'cli', {
      name: 'United States',
      regions: ['US'],
      methods: [
        { name: texts, deliveryTime: texts, prices: { MYR: 1_000, USD: 500 }, freeFrom: {}, discreetPackaging: true },
      ],
    });
    await saveTaxRate(shop.db, 'cli', {
      country: 'US',
      state: 'CA',
      rateBasisPoints: 725,
      included: false,
      label: 'Sales tax',
    });
    const paid = await anOrder(shop, buyer, [aLine(shop, 'robe-s', 2)], { paid: true, currency: 'MYR' });
    const unpaid = await anOrder(shop, buyer, [aLine(shop, 'robe-s')], { currency: 'MYR' });
    const headers = await admin.freshSession();

    const answer = await shop.get('/admin/orders/export?status=1&currency=MYR', { headers });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('Content-Disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = lines(await answer.response.text());
    expect(rows[0]).toBe(
      'order_no,placed_at,paid_at,status,kind,email,currency,goods_total_minor,discount_minor,shipping_minor,tax_minor,tax_included,tax_label,pay_amount_minor,pay_amount',
    );
    expect(rows).toHaveLength(2);
    const cells = rows[1]!.split(',');
    expect(cells[0]).toBe(paid.orderNo);
    expect(cells[5]).toBe(buyer.email);
    expect(cells[6]).toBe('MYR');
    // RM518.00 and RM10.00 shipping, 7.25 % added: RM38.28 (3828.25 sen, rounded once).
    expect(cells.slice(7, 15)).toEqual(['51800', '0', '1000', '3828', 'no', 'Sales tax', '56628', '566.28']);
    expect(rows.join('\n')).not.toContain(unpaid.orderNo);

    const audit = await shop.get<{ action: string; after: { rows: number; filter: unknown } }[]>(
      '/admin/audit?action=orders.export',
      { headers },
    );
    expect(audit.body.data[0]!.after).toEqual({ rows: 1, filter: { status: 1, currency: 'MYR' } });
  });

  it('keeps a formula typed as a name from running in a spreadsheet', async () => {
    const sly = await signUp(shop, { email: `=cmd.${process.pid}@example.com` });
    await anOrder(shop, sly, [aLine(shop, 'robe-s')]);
    const answer = await shop.get(`/admin/orders/export?q=${encodeURIComponent('=cmd')}`, {
      headers: await admin.freshSession(),
    });
    const rows = lines(await answer.response.text());
    expect(rows[1]!.split(',')[5]).toBe(`'${sly.email}`);
  });
});
