import { describe, expect, it } from 'vitest';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import type { ProductImport } from '@/features/catalogue/catalogue-import.schema';
import { testPicture } from '../../../../tests/support/api';
import { aShop } from '../../../../tests/support/fixtures';
import { anOperator } from '../../../../tests/support/operators';

/* Editors keep the catalogue from the back office: list, edit and create products, audited. */

const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const editor = await anOperator(shop, 'editor');
const admin = await anOperator(shop, 'admin');
const asEditor = { headers: await editor.freshSession() };
const asAdmin = { headers: await admin.freshSession() };

type Row = { slug: string; name: string; onSale: boolean; stock: number; missingLanguages: string[] };
type Page = { list: Row[]; total: number; pageNum: number };
type Editable = { product: ProductImport & { pictures: string[] }; pictureUrls: string[] };
type ImportPlan = {
  created: string[];
  changed: { slug: string; fields: string[] }[];
  takenDown: string[];
  unchanged: number;
};
type Issues = { issues: { path: string; message: string }[] };

async function upload(bytes: Buffer) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'picture.png', { type: 'image/png' }));
  const response = await shop.app.request('/api/v1/admin/catalogue/picture', {
    method: 'POST',
    body: form,
    headers: { Origin: shop.config.publicOrigin, ...asEditor.headers },
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; data: { reference: string; url: string } },
  };
}

const text = (en: string) => ({ EN: en, ZH: `${en}（中文）`, MS: `${en} (BM)` });

describe('the back-office catalogue', () => {
  it('lists products filtered by words, category and on sale, a page at a time', async () => {
    const all = await shop.get<Page>('/admin/catalogue/products?pageSize=2', asEditor);
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.list).toHaveLength(2);
    const second = await shop.get<Page>('/admin/catalogue/products?pageSize=2&pageNum=2', asEditor);
    expect([...all.body.data.list, ...second.body.data.list].map((row) => row.slug).sort()).toEqual([
      'lace-brief',
      'massage-oil',
      'silk-robe',
      'travel-mini',
    ]);

    const robe = await shop.get<Page>('/admin/catalogue/products?q=ROBE', asEditor);
    expect(robe.body.data.list.map((row) => row.slug)).toEqual(['silk-robe']);
    expect(robe.body.data.list[0]).toMatchObject({ stock: 503, missingLanguages: [] });
    const byChineseName = await shop.get<Page>(`/admin/catalogue/products?q=${encodeURIComponent('按摩')}`, asEditor);
    expect(byChineseName.body.data.list.map((row) => row.slug)).toEqual(['massage-oil']);

    const care = await shop.get<Page>('/admin/catalogue/products?category=private-care', asEditor);
    expect(care.body.data.list.every((row) => ['massage-oil', 'travel-mini'].includes(row.slug))).toBe(true);
    const offSale = await shop.get<Page>('/admin/catalogue/products?onSale=no', asEditor);
    expect(offSale.body.data.list.map((row) => row.slug)).toEqual(['lace-brief']);
  });

  it('saves an edited product through the import, keeps its picture, and audits before and after', async () => {
    const { body } = await shop.get<Editable>('/admin/catalogue/product?slug=silk-robe', asEditor);
    const before = body.data.product;
    const edited = structuredClone(before);
    edited.name.MS = 'Jubah Sutera Baru';
    edited.specifications[0]!.stock = 7;
    edited.specifications[0]!.prices.MYR = { unitPrice: 19_900, originalPrice: 25_900 };
    const saved = await shop.post<Editable>('/admin/catalogue/product/update', { product: edited }, asEditor);
    expect(saved.body.code).toBe(1);
    expect(saved.body.data.product.pictures).toEqual(before.pictures);
    expect(saved.body.data.product.specifications[0]).toMatchObject({
      stock: 7,
      prices: { MYR: { unitPrice: 19_900, originalPrice: 25_900 } },
    });

    const shown = await shop.get<ProductPage>(`/goods/queryProductList?q=${encodeURIComponent('Sutera Baru')}`, {
      language: 'MS',
      currency: 'MYR',
    });
    expect(shown.body.data.list.map((product) => product.goodsName)).toEqual(['Jubah Sutera Baru']);

    const audit = await shop.get<
      { action: string; actor: string; subject: string; before: ProductImport; after: ProductImport }[]
    >('/admin/audit?action=catalogue.product.update', asAdmin);
    expect(audit.body.data[0]).toMatchObject({ actor: editor.email, subject: 'silk-robe' });
    expect(audit.body.data[0]!.before.name.MS).toBe(before.name.MS);
    expect(audit.body.data[0]!.after.name.MS).toBe('Jubah Sutera Baru');
  });

  it('answers every invalid field with its path and changes nothing', async () => {
    const { body } = await shop.get<Editable>('/admin/catalogue/product?slug=massage-oil', asEditor);
    const broken = structuredClone(body.data.product);
    broken.name.ZH = '';
    broken.specifications[0]!.prices.USD = { unitPrice: 1900, originalPrice: 1000 };
    const refused = await shop.post<Issues>('/admin/catalogue/product/update', { product: broken }, asEditor);
    expect(refused.body.code).toBe(-218);
    expect(refused.body.data.issues.map((issue) => issue.path).sort()).toEqual([
      'name.ZH',
      'specifications.0.prices.USD.originalPrice',
    ]);
    const after = await shop.get<Editable>('/admin/catalogue/product?slug=massage-oil', asEditor);
    expect(after.body.data.product).toEqual(body.data.product);

    const stolenSku = structuredClone(body.data.product);
    stolenSku.specifications[0]!.sku = 'robe-s';
    const stolen = await shop.post<Issues>('/admin/catalogue/product/update', { product: stolenSku }, asEditor);
    expect(stolen.body.data.issues).toEqual([
      { path: 'specifications.0.sku', message: 'This SKU belongs to silk-robe' },
    ]);

    const again = await shop.post<Issues>('/admin/catalogue/product/create', { product: body.data.product }, asEditor);
    expect(again.body.data.issues).toEqual([{ path: 'slug', message: 'A product with this slug exists already' }]);
  });

  it('creates a product with an uploaded picture stored as WebP, sold in three currencies', async () => {
    const big = await (
      await import('sharp')
    )
      .default({ create: { width: 2400, height: 1600, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const picture = await upload(big);
    expect(picture.body.data.reference).toMatch(/^stored:goods\/upload-[0-9a-f]{10}\.webp$/);
    const stored = await shop.storage.get(picture.body.data.reference.slice('stored:'.length));
    const meta = await (await import('sharp')).default(stored!).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 1200,
      height: 800,
    });

    const product = {
      slug: 'velvet-mask',
      category: 'toys',
      name: text('Velvet Mask'),
      summary: text('Soft and dark'),
      description: text('A velvet blindfold.'),
      pictures: [picture.body.data.reference],
      specifications: [
        {
          sku: 'velvet-mask-one',
          name: text('One size'),
          stock: 12,
          pointsPrice: 900,
          prices: { USD: { unitPrice: 1500 }, CNY: { unitPrice: 9900 }, MYR: { unitPrice: 6500, originalPrice: 7900 } },
        },
      ],
    };
    const created = await shop.post<Editable>('/admin/catalogue/product/create', { product }, asEditor);
    expect(created.body.code).toBe(1);
    for (const [currency, price] of [
      ['USD', 1500],
      ['CNY', 9900],
      ['MYR', 6500],
    ] as const) {
      const list = await shop.get<ProductPage>('/goods/queryProductList?q=Velvet', { currency });
      expect(list.body.data.list.map((entry) => [entry.slug, entry.unitPrice])).toEqual([['velvet-mask', price]]);
    }
    const audit = await shop.get<{ before: unknown; after: { slug: string } }[]>(
      '/admin/audit?action=catalogue.product.create',
      asAdmin,
    );
    expect(audit.body.data[0]).toMatchObject({ before: null, after: { slug: 'velvet-mask' } });
  });

  it('refuses an upload that is not a picture', async () => {
    const refused = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: -218 });
    expect((await upload(await testPicture())).body.code).toBe(1);
  });

  it('exports the catalogue in the import format, which imports back without a change', async () => {
    const exported = await shop.get<{ products: ProductImport[] }>('/admin/catalogue/export', asEditor);
    expect(exported.body.data.products.length).toBeGreaterThanOrEqual(4);
    const content = JSON.stringify(exported.body.data);
    const check = await shop.post<{ plan: ImportPlan; applied: boolean }>(
      '/admin/catalogue/import',
      { format: 'json', content, apply: false },
      asEditor,
    );
    expect(check.body.data).toEqual({
      plan: { created: [], changed: [], takenDown: [], unchanged: exported.body.data.products.length },
      applied: false,
    });
  });

  it('lists what an import would create, change and take down, changes nothing until applied, then audits it', async () => {
    const { body } = await shop.get<{ products: (ProductImport & { pictures: string[] })[] }>(
      '/admin/catalogue/export',
      asEditor,
    );
    const products = structuredClone(body.data.products);
    const oil = products.find((product) => product.slug === 'massage-oil')!;
    oil.specifications[0]!.prices.USD = { unitPrice: 2100 };
    products.find((product) => product.slug === 'travel-mini')!.onSale = false;
    products.push({
      ...structuredClone(oil),
      slug: 'oil-refill',
      specifications: [{ ...oil.specifications[0]!, sku: 'oil-refill-50' }],
    });
    const content = JSON.stringify({ products });

    const check = await shop.post<{ plan: ImportPlan }>(
      '/admin/catalogue/import',
      { format: 'json', content, apply: false },
      asEditor,
    );
    expect(check.body.data.plan).toMatchObject({
      created: ['oil-refill'],
      changed: [
        { slug: 'massage-oil', fields: ['size oil-usd-only'] },
        { slug: 'travel-mini', fields: ['onSale'] },
      ],
      takenDown: ['travel-mini'],
    });
    const untouched = await shop.get<Editable>('/admin/catalogue/product?slug=massage-oil', asEditor);
    expect(untouched.body.data.product.specifications[0]!.prices.USD).toEqual({ unitPrice: 1900 });

    const applied = await shop.post<{ plan: ImportPlan; applied: boolean }>(
      '/admin/catalogue/import',
      { format: 'json', content, apply: true },
      asEditor,
    );
    expect(applied.body.data.applied).toBe(true);
    const oilNow = await shop.get<Editable>('/admin/catalogue/product?slug=massage-oil', asEditor);
    expect(oilNow.body.data.product.specifications[0]!.prices.USD).toEqual({ unitPrice: 2100 });
    const offSale = await shop.get<Page>('/admin/catalogue/products?onSale=no', asEditor);
    expect(offSale.body.data.list.map((row) => row.slug).sort()).toEqual(['lace-brief', 'travel-mini']);
    const audit = await shop.get<{ subject: string; actor: string }[]>('/admin/audit?action=catalogue.import', asAdmin);
    expect(audit.body.data[0]).toMatchObject({ actor: editor.email, subject: '1 created, 2 changed, 1 taken down' });
  });

  it('imports a CSV whose pictures are files: an existing product keeps its pictures, a new one is refused with the line', async () => {
    const before = await shop.get<Editable>('/admin/catalogue/product?slug=lace-brief', asEditor);
    const header =
      'slug,category,on_sale,name_en,name_zh,name_ms,summary_en,summary_zh,summary_ms,description_en,description_zh,description_ms,pictures,sku,size_en,size_zh,size_ms,stock,points_price,price_usd,original_price_usd';
    const row = (slug: string, sku: string) =>
      `${slug},lingerie,no,Lace brief,蕾丝内裤,Seluar lace,S,S,S,D,D,D,pictures/brief.png,${sku},M,M,M,33,,12.00,`;
    const changed = await shop.post<{ plan: ImportPlan }>(
      '/admin/catalogue/import',
      { format: 'csv', content: `${header}\n${row('lace-brief', 'brief-retired')}\n`, apply: true },
      asEditor,
    );
    expect(changed.body.data.plan.changed.map((entry) => entry.slug)).toEqual(['lace-brief']);
    const after = await shop.get<Editable>('/admin/catalogue/product?slug=lace-brief', asEditor);
    expect(after.body.data.product.pictures).toEqual(before.body.data.product.pictures);
    expect(after.body.data.product.specifications[0]).toMatchObject({
      stock: 33,
      prices: { USD: { unitPrice: 1200 } },
    });

    const refused = await shop.post<Issues>(
      '/admin/catalogue/import',
      { format: 'csv', content: `${header}\n${row('new-brief', 'new-brief-m')}\n`, apply: true },
      asEditor,
    );
    expect(refused.body.data.issues).toEqual([
      {
        path: 'products.0.pictures',
        message: 'A new product needs stored pictures: create it in the editor, or import an export',
      },
    ]);
    const broken = await shop.post<Issues>(
      '/admin/catalogue/import',
      {
        format: 'csv',
        content: `${header}\n${row('lace-brief', 'brief-retired').replace('12.00', '12.5x')}\n`,
        apply: false,
      },
      asEditor,
    );
    expect(broken.body.data.issues).toEqual([
      { path: 'content', message: 'CSV line 2, price_usd: "12.5x" is not an amount like 59.00' },
    ]);
  });
});
