import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '@/features/catalogue/demo/demo-catalogue';
import type { Advert, AdvertsByPosition } from './advertising.schema';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'demo' });

const adverts = demoCatalogue.adverts ?? [];

describe('adverts', () => {
  it('lists the adverts of a position in order, in the request language', async () => {
    const expected = adverts
      .filter((advert) => advert.position === 'home-banner')
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
    const response = await shop.get<Advert[]>('/advertising/getAdvertisingList?position=home-banner', {
      language: 'MS',
    });
    expect(response.body.data.map((advert) => advert.title)).toEqual(expected.map((advert) => advert.title.MS));
    expect(response.body.data[0]!.picture).toMatchObject({ width: 16, height: 16 });
  });

  it('answers several positions in one call, an unknown position with an empty list', async () => {
    const response = await shop.post<AdvertsByPosition>('/advertising/batchGetAdvertisingPosition', {
      positions: ['why-us', 'home-banner', 'nowhere'],
    });
    expect(response.body.code).toBe(1);
    expect(response.body.data['why-us']).toHaveLength(adverts.filter((advert) => advert.position === 'why-us').length);
    expect(response.body.data['home-banner']!.length).toBeGreaterThan(0);
    expect(response.body.data.nowhere).toEqual([]);
  });

  it('answers one advert by id, and -218 for one that does not exist', async () => {
    const [first] = (await shop.get<Advert[]>('/advertising/getAdvertisingList?position=why-us', { language: 'ZH' }))
      .body.data;
    const one = await shop.get<Advert>(`/advertising/getAdvertising?advertisingId=${first!.advertisingId}`, {
      language: 'ZH',
    });
    expect(one.body.data).toEqual(first);
    const missing = await shop.get('/advertising/getAdvertising?advertisingId=99999');
    expect(missing.body.code).toBe(-218);
    expect(missing.body.message).toContain('advertisingId');
  });

  it('refuses malformed positions', async () => {
    expect((await shop.post('/advertising/batchGetAdvertisingPosition', { positions: [] })).body.code).toBe(-218);
    expect((await shop.post('/advertising/batchGetAdvertisingPosition', { positions: ['<script>'] })).body.code).toBe(
      -218,
    );
    expect((await shop.get('/advertising/getAdvertisingList')).body.code).toBe(-218);
  });
});
