import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Cart } from '@/features/cart/cart.schema';
import type { PictureImport, ProductImport } from '@/features/catalogue/catalogue-import.schema';
import type { ProductDetails, ProductPage } from '@/features/catalogue/catalogue.schema';
import { aShop } from '../../../../tests/support/fixtures';
import { anOperator } from '../../../../tests/support/operators';

/* Editors order a product's pictures and describe each for screen readers; the shop shows what they wrote. */

const shop = await aShop({ catalogue: 'none', env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const editor = await anOperator(shop, 'editor');
const asEditor = { headers: await editor.freshSession() };

type Editable = { product: ProductImport; pictureUrls: string[] };
type ImportPlan = {
  created: string[];
  changed: { slug: string; fields: string[] }[];
  takenDown: string[];
  unchanged: number;
};
type Issues = { issues: { path: string; message: string }[] };

async function upload(colour: string) {
  const bytes = await sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'picture.png', { type: 'image/png' }));
  const response = await shop.app.request('/api/v1/admin/catalogue/picture', {
    method: 'POST',
    body: form,
    headers: { Origin: shop.config.publicOrigin, ...asEditor.headers },
  });
  return ((await response.json()) as { data: { reference: string; url: string } }).data;
}

const text = (en: string) => ({ EN: en, ZH: `${en}（中文）`, MS: `${en} (BM)` });
const red = await upload('#aa2222');
const blue = await upload('#2222aa');
const product = (slug: string, pictures: PictureImport[]) => ({
  slug,
  category: 'lingerie',
  name: text(slug === 'silk-scarf' ? 'Silk Scarf' : 'Lace Gloves'),
  summary: text('Soft'),
  description: text('Soft and light.'),
  pictures,
  specifications: [
    {
      sku: `${slug}-one`,
      name: text('One size'),
      stock: 5,
      prices: { USD: { unitPrice: 2500 }, CNY: { unitPrice: 16_900 }, MYR: { unitPrice: 9900 } },
    },
  ],
});
const created = await shop.post<Editable>(
  '/admin/catalogue/product/create',
  { product: product('silk-scarf', [red.reference, blue.reference]) },
  asEditor,
);
expect(created.body.code).toBe(1);
const details = async (language: string) => {
  const list = await shop.get<ProductPage>('/goods/queryProductList?q=Scarf', { language });
  return (
    await shop.get<ProductDetails>(`/goods/getProductDetails?goodsId=${list.body.data.list[0]!.goodsId}`, { language })
  ).body.data;
};

describe('pictures in the back-office catalogue', () => {
  it('saves pictures moved and described; the API answers the alt in the reader language, the name where none is written', async () => {
    const moved = [
      { src: blue.reference, alt: { EN: '  Scarf folded, seen from above ', ZH: '俯视折叠的丝巾', MS: '' } },
      { src: red.reference, alt: { EN: 'Scarf worn loosely', ZH: '', MS: 'Selendang dipakai longgar' } },
    ];
    const saved = await shop.post<Editable>(
      '/admin/catalogue/product/update',
      { product: product('silk-scarf', moved) },
      asEditor,
    );
    expect(saved.body.code).toBe(1);
    expect(saved.body.data.pictureUrls).toEqual([blue.url, red.url]);

    const english = await details('EN');
    expect(english.pictures.map((picture) => [picture.url, picture.alt])).toEqual([
      [blue.url, 'Scarf folded, seen from above'],
      [red.url, 'Scarf worn loosely'],
    ]);
    expect((await details('ZH')).pictures.map((picture) => picture.alt)).toEqual([
      '俯视折叠的丝巾',
      'Silk Scarf（中文）',
    ]);
    expect((await details('MS')).pictures.map((picture) => picture.alt)).toEqual([
      'Silk Scarf (BM)',
      'Selendang dipakai longgar',
    ]);

    const card = await shop.get<ProductPage>('/goods/queryProductList?q=Scarf', { language: 'ZH' });
    expect(card.body.data.list[0]!.picture).toMatchObject({ url: blue.url, alt: '俯视折叠的丝巾' });
    const sku = english.specifications[0]!.goodsSpecificationId;
    const cart = await shop.post<Cart>(
      '/shoppingcart/getShoppingCartList',
      [{ goodsSpecificationId: sku, goodsQuantity: 1 }],
      { language: 'ZH' },
    );
    expect(cart.body.data.list[0]).toMatchObject({ picture: blue.url, pictureAlt: '俯视折叠的丝巾' });
  });

  it('refuses an alt text longer than 200 characters on its field and changes nothing', async () => {
    const before = await shop.get<Editable>('/admin/catalogue/product?slug=silk-scarf', asEditor);
    const long = [{ src: blue.reference, alt: { ZH: '长'.repeat(201) } }, red.reference];
    const refused = await shop.post<Issues>(
      '/admin/catalogue/product/update',
      { product: product('silk-scarf', long) },
      asEditor,
    );
    expect(refused.body.code).toBe(-218);
    expect(refused.body.data.issues.map((issue) => issue.path)).toEqual(['pictures.0.alt.ZH']);
    expect((await shop.get<Editable>('/admin/catalogue/product?slug=silk-scarf', asEditor)).body.data).toEqual(
      before.body.data,
    );
  });

  it('exports alt texts, imports them back unchanged, and imports a moved and re-described picture', async () => {
    const exported = await shop.get<{ products: ProductImport[] }>('/admin/catalogue/export', asEditor);
    const [scarf] = exported.body.data.products;
    expect(scarf!.pictures).toEqual([
      { src: blue.reference, alt: { EN: 'Scarf folded, seen from above', ZH: '俯视折叠的丝巾', MS: '' } },
      { src: red.reference, alt: { EN: 'Scarf worn loosely', ZH: '', MS: 'Selendang dipakai longgar' } },
    ]);
    const same = await shop.post<{ plan: ImportPlan }>(
      '/admin/catalogue/import',
      { format: 'json', content: JSON.stringify(exported.body.data), apply: false },
      asEditor,
    );
    expect(same.body.data.plan).toMatchObject({ changed: [], unchanged: 1 });

    const edited = structuredClone(scarf!) as ProductImport & {
      pictures: { src: string; alt: Record<string, string> }[];
    };
    edited.pictures.reverse();
    edited.pictures[0]!.alt.ZH = '随意佩戴的丝巾';
    const content = JSON.stringify({ products: [edited] });
    const plan = await shop.post<{ plan: ImportPlan }>(
      '/admin/catalogue/import',
      { format: 'json', content, apply: true },
      asEditor,
    );
    expect(plan.body.data.plan.changed).toEqual([{ slug: 'silk-scarf', fields: ['pictures'] }]);
    expect((await details('ZH')).pictures.map((picture) => [picture.url, picture.alt])).toEqual([
      [red.url, '随意佩戴的丝巾'],
      [blue.url, '俯视折叠的丝巾'],
    ]);
  });

  it('keeps the alt texts of pictures a file names by reference alone (older files, CSV), and creates products from them', async () => {
    const exported = await shop.get<{ products: ProductImport[] }>('/admin/catalogue/export', asEditor);
    const plain = { ...exported.body.data.products[0]!, pictures: [blue.reference, red.reference] };
    const gloves = product('lace-gloves', [red.reference]);
    const content = JSON.stringify({ products: [plain, gloves] });
    const imported = await shop.post<{ plan: ImportPlan }>(
      '/admin/catalogue/import',
      { format: 'json', content, apply: true },
      asEditor,
    );
    expect(imported.body.data.plan).toMatchObject({
      created: ['lace-gloves'],
      changed: [{ slug: 'silk-scarf', fields: ['pictures'] }],
    });
    expect((await details('EN')).pictures.map((picture) => [picture.url, picture.alt])).toEqual([
      [blue.url, 'Scarf folded, seen from above'],
      [red.url, 'Scarf worn loosely'],
    ]);
    const again = await shop.post<{ plan: ImportPlan }>(
      '/admin/catalogue/import',
      { format: 'json', content, apply: false },
      asEditor,
    );
    expect(again.body.data.plan).toMatchObject({ created: [], changed: [], unchanged: 2 });

    const list = await shop.get<ProductPage>('/goods/queryProductList?q=Gloves', { language: 'MS' });
    expect(list.body.data.list[0]!.picture?.alt).toBe('Lace Gloves (BM)');
  });
});
