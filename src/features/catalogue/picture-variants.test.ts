import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aShop } from '../../../tests/support/fixtures';
import { anOperator } from '../../../tests/support/operators';
import { importCatalogue } from './catalogue-import.service';
import { catalogueCommands } from './catalogue.commands';
import { ensurePictureVariants, pictureVariantsMigrated } from './picture-variants.service';

/*
 * The sizes the pages show a catalogue picture at are made when it is stored, kept beside it and
 * served from the picture store; pictures stored before that get them from the migration.
 */

const shop = await aShop({ env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const editor = await anOperator(shop, 'editor');
const asEditor = await editor.freshSession();
const storageDir = shop.config.storage.kind === 'folder' ? shop.config.storage.dir : '';

const aPicture = (width: number, height: number, background = '#8a3b5c') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(section: 'catalogue' | 'adverts', bytes: Buffer) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'picture.png', { type: 'image/png' }));
  const response = await shop.app.request(`/api/v1/admin/${section}/picture`, {
    method: 'POST',
    body: form,
    headers: { Origin: shop.config.publicOrigin, ...asEditor },
  });
  return (await response.json()) as { code: number; message: string; data: { reference: string; url: string } };
}

/** The picture served at a URL, as a browser gets it: status, type, caching and its size in pixels. */
async function served(url: string) {
  const response = await shop.app.request(url);
  const body = Buffer.from(await response.arrayBuffer());
  const meta = response.status === 200 ? await sharp(body).metadata() : null;
  return {
    status: response.status,
    type: response.headers.get('Content-Type'),
    caching: [response.headers.get('Cache-Control'), response.headers.get('CDN-Cache-Control')],
    box: meta && `${meta.width}x${meta.height}`,
    format: meta?.format,
  };
}

const storedFiles = async () => (await readdir(storageDir, { recursive: true })).sort();
const withBox = (url: string, box: string) => url.replace(/\.webp$/, `.${box}.webp`);
const yearLong = ['public, max-age=31536000, immutable', 'public, max-age=31536000, immutable'];

describe('pictures sized when they are stored', () => {
  it('stores a product picture uploaded in the back office with the sizes the cards, gallery and thumbnails show, served as WebP for a year', async () => {
    const uploaded = await upload('catalogue', await aPicture(1000, 800));
    expect(uploaded.code).toBe(1);
    for (const box of ['240x240', '480x480', '360x360', '720x720', '72x72']) {
      expect(await served(withBox(uploaded.data.url, box)), box).toEqual({
        status: 200,
        type: 'image/webp',
        caching: yearLong,
        box,
        format: 'webp',
      });
    }
    expect(await served(withBox(uploaded.data.url, '400x150'))).toMatchObject({ status: 404 });
  });

  it("stores an advert's picture with the banners' sizes", async () => {
    const uploaded = await upload('adverts', await aPicture(2400, 900));
    expect(uploaded.code).toBe(1);
    for (const box of ['400x150', '800x300', '1200x450']) {
      expect(await served(withBox(uploaded.data.url, box)), box).toEqual({
        status: 200,
        type: 'image/webp',
        caching: yearLong,
        box,
        format: 'webp',
      });
    }
  });

  it('refuses a picture that cannot be encoded (-218 on its file) and stores nothing of it', async () => {
    const before = await storedFiles();
    const whole = await aPicture(1000, 800);
    // A PNG whose header is whole but whose image data stops half-way.
    const refused = await upload('catalogue', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(refused.code).toBe(-218);
    expect(refused.message).toContain('file');
    expect(await storedFiles()).toEqual(before);
  });
});

describe('pictures stored before their sizes were made', () => {
  it('get every missing size from the migration, which then makes nothing when run again', async () => {
    // As a shop kept them before: the picture alone in the store, and the catalogue naming it.
    const old = { product: 'goods/old-robe-0-0123456789.webp', advert: 'adverts/old-banner-0123456789.webp' };
    await shop.storage.put(
      old.product,
      await sharp(await aPicture(900, 900, '#203060'))
        .webp()
        .toBuffer(),
    );
    await shop.storage.put(
      old.advert,
      await sharp(await aPicture(1600, 600, '#602030'))
        .webp()
        .toBuffer(),
    );
    const text = (en: string) => ({ EN: en, ZH: en, MS: en });
    await importCatalogue(
      shop.db,
      shop.storage,
      {
        products: [
          {
            slug: 'old-robe',
            category: 'lingerie',
            name: text('Old Robe'),
            summary: text('Kept'),
            description: text('Kept from before.'),
            pictures: [`stored:${old.product}`],
            specifications: [
              { sku: 'old-robe-one', name: text('One size'), stock: 3, prices: { USD: { unitPrice: 4900 } } },
            ],
          },
        ],
        adverts: [
          {
            key: 'old-banner',
            position: 'home-banner',
            link: '/productsList',
            title: text('Old'),
            body: text('Banner'),
            picture: `stored:${old.advert}`,
          },
        ],
      },
      () => Promise.reject(new Error('only stored pictures')),
    );
    const url = (key: string) => shop.storage.url(key);
    expect(await served(withBox(url(old.product), '480x480'))).toMatchObject({ status: 404 });
    expect(await pictureVariantsMigrated(shop.storage)).toBe(false);

    const first = await catalogueCommands['picture-variants'].execute([], shop.operator);
    expect(first).toMatch(/^Looked at \d+ pictures: made 8 missing sizes\.$/);
    for (const box of ['240x240', '480x480', '360x360', '720x720', '72x72']) {
      expect(await served(withBox(url(old.product), box)), box).toMatchObject({ status: 200, type: 'image/webp', box });
    }
    for (const box of ['400x150', '800x300', '1200x450']) {
      expect(await served(withBox(url(old.advert), box)), box).toMatchObject({ status: 200, type: 'image/webp', box });
    }

    const files = await storedFiles();
    expect(await catalogueCommands['picture-variants'].execute([], shop.operator)).toMatch(/made 0 missing sizes\.$/);
    expect(await storedFiles()).toEqual(files);
    // A start finds the store migrated and looks no further.
    expect(await pictureVariantsMigrated(shop.storage)).toBe(true);
    expect(await ensurePictureVariants({ db: shop.db, storage: shop.storage })).toBeNull();
  });
});
