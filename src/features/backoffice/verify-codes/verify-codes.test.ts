import { describe, expect, it } from 'vitest';
import { aShop } from '../../../../tests/support/fixtures';
import { anOperator } from '../../../../tests/support/operators';

/* Batches of verification codes from the back office, as CSV for the label printer. */

const shop = await aShop({ catalogue: 'small' });
const admin = await anOperator(shop, 'admin');
const lines = (text: string) => text.trimEnd().split('\r\n');

describe('verification codes from the back office', () => {
  it('issues a batch as a CSV of codes and links that the verify page accepts', async () => {
    const headers = await admin.freshSession();
    const answer = await shop.post('/admin/verifyCodes/issue', { sku: 'robe-s', count: 25 }, { headers });
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="verification-codes-robe-s-25.csv"');
    const rows = lines(await answer.response.text());
    expect(rows[0]).toBe('code,link');
    expect(rows).toHaveLength(26);
    const codes = rows.slice(1).map((row) => row.split(','));
    expect(new Set(codes.map(([code]) => code)).size).toBe(25);
    for (const [code, link] of codes) expect(link).toBe(`${shop.config.publicOrigin}/verify/${code}`);

    const audit = await shop.get<{ subject: string; after: unknown }[]>('/admin/audit?action=verify-codes.issue', {
      headers,
    });
    expect(audit.body.data[0]).toMatchObject({ subject: 'robe-s', after: { count: 25 } });
    expect(JSON.stringify(audit.body.data)).not.toContain(codes[0]![0]);
  });

  it('refuses an unknown size and a batch too large, issuing nothing', async () => {
    const headers = await admin.freshSession();
    const unknown = await shop.post('/admin/verifyCodes/issue', { sku: 'no-such-size', count: 5 }, { headers });
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 404, code: -210 });
    const tooMany = await shop.post('/admin/verifyCodes/issue', { sku: 'robe-s', count: 10_001 }, { headers });
    expect(tooMany.body.code).toBe(-218);
    const audit = await shop.get<{ subject: string }[]>('/admin/audit?action=verify-codes.issue', { headers });
    expect(audit.body.data.map((entry) => entry.subject)).toEqual(['robe-s']);
  });
});
