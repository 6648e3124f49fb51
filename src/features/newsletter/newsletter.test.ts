import { describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '@/server/db/schema';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop();

const subscribe = (body: unknown, language?: string) => shop.post('/mail/subscribers/addSubscribers', body, { language });

describe('newsletter', () => {
  it('subscribes once; the same address in other letter case answers -224 in the request language', async () => {
    expect((await subscribe({ subscribeName: 'Mei', email: 'mei@example.com' })).body.code).toBe(1);
    const again = await subscribe({ subscribeName: 'Mei', email: 'MEI@Example.com' }, 'MS');
    expect(again.body.code).toBe(-224);
    expect(again.body.message).toBe('Anda sudah melanggan');
    expect(await shop.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it('refuses a malformed email with -201 and bad fields with -218, changing nothing', async () => {
    expect((await subscribe({ subscribeName: 'Jo', email: 'not-an-email' })).body.code).toBe(-201);
    const missingName = await subscribe({ subscribeName: '  ', email: 'jo@example.com' });
    expect(missingName.body.code).toBe(-218);
    expect(missingName.body.message).toContain('subscribeName');
    expect((await subscribe({ subscribeName: 'x'.repeat(101), email: 'jo@example.com' })).body.code).toBe(-218);
    expect((await subscribe({ subscribeName: 'Jo', email: `${'a'.repeat(45)}@example.com` })).body.code).toBe(-218);
    expect(await shop.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it('lets two different people subscribe at the same time', async () => {
    const results = await Promise.all([
      subscribe({ subscribeName: 'A', email: 'race@example.com' }),
      subscribe({ subscribeName: 'B', email: 'Race@example.com' }),
    ]);
    expect(results.map((result) => result.body.code).sort()).toEqual([-224, 1]);
  });
});
