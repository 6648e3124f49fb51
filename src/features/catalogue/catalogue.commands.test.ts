import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPicture } from '../../../tests/support/api';
import type { CartSku } from '../cart/fixtures/cart-catalogue';
import { catalogueFromCsv, parseCsv } from './catalogue-csv';
import { catalogueCommands } from './catalogue.commands';
import type { ProductStock, PublishedProductDetails as ProductDetails } from './catalogue.schema';
import { aShop } from '../../../tests/support/fixtures';

/* The operator's catalogue commands, run against the test database as the CLI runs them. */

const shop = await aShop({ catalogue: 'small' });
const { ids } = shop;
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'shop-import-'));
  await writeFile(path.join(folder, 'fan.png'), await testPicture('#336699'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const run = (name: keyof typeof catalogueCommands, ...args: string[]) =>
  catalogueCommands[name].execute(args, shop.operator);
/** A product's details with each size's live stock (from goods/queryProductStock) put beside its price. */
async function withLiveStock(goodsId: number, init: { currency: string; language?: string }) {
  const product = (await shop.get<ProductDetails>(`/goods/getProductDetails?goodsId=${goodsId}`, init)).body.data;
  const [live] = (await shop.get<ProductStock[]>(`/goods/queryProductStock?goodsIds=${goodsId}`)).body.data;
  const stockOf = new Map(live!.specifications.map((size) => [size.goodsSpecificationId, size.stock]));
  return {
    ...product,
    specifications: product.specifications.map((size) => ({ ...size, stock: stockOf.get(size.goodsSpecificationId) })),
  };
}
const spec = async (sku: CartSku, currency = 'USD') => {
  const goodsId = (
    await shop.post<{ list: { goodsId: number }[] }>('/shoppingcart/getShoppingCartList', [
      { goodsSpecificationId: ids[sku], goodsQuantity: 1 },
    ])
  ).body.data.list[0]!.goodsId;
  const product = await withLiveStock(goodsId, { currency });
  return product.specifications.find((candidate) => candidate.goodsSpecificationId === ids[sku])!;
};
const bySlug = async (slug: string) => {
  const page = await shop.get<{ list: { goodsId: number; slug: string }[] }>('/goods/queryProductList?pageSize=48');
  const found = page.body.data.list.find((product) => product.slug === slug);
  return found && (await withLiveStock(found.goodsId, { currency: 'MYR', language: 'MS' }));
};

const text = (EN: string) => ({ EN, ZH: `${EN} ZH`, MS: `${EN} MS` });
const csvHeader =
  'slug,category,on_sale,name_en,name_zh,name_ms,summary_en,summary_zh,summary_ms,description_en,description_zh,description_ms,pictures,sku,size_en,size_zh,size_ms,stock,points_price,price_usd,original_price_usd,price_cny,original_price_cny,price_myr,original_price_myr';

describe('import-catalogue', () => {
  it('imports a JSON catalogue whose pictures are relative to the file, and importing it again changes nothing', async () => {
    const file = path.join(folder, 'catalogue.json');
    const catalogue = {
      products: [
        {
          slug: 'paper-fan',
          category: 'health',
          name: text('Paper fan'),
          summary: text('Cool'),
          description: text('A cool fan.'),
          pictures: ['fan.png'],
          specifications: [
            {
              sku: 'fan-one',
              name: text('One size'),
              stock: 7,
              prices: { USD: { unitPrice: 990 }, MYR: { unitPrice: 4500 } },
            },
          ],
        },
      ],
    };
    await writeFile(file, JSON.stringify(catalogue));
    expect(await run('import-catalogue', file)).toBe(
      'Imported 1 products and 0 adverts. Run `npm run shop -- rebuild` to show the changes on the pages.',
    );
    await run('import-catalogue', file);
    const fan = (await bySlug('paper-fan'))!;
    expect(fan).toMatchObject({ goodsName: 'Paper fan MS', specifications: [{ stock: 7, unitPrice: 4500 }] });
    expect(fan.pictures).toHaveLength(1);
  });

  it('imports a CSV catalogue: one row per size, empty prices for currencies it is not sold in', async () => {
    const file = path.join(folder, 'catalogue.csv');
    const row = (sku: string, size: string, stock: number, usd: string, myr: string) =>
      `candle-set,private-care,,Candle set,蜡烛套装,Set lilin,"Warm, calm",温暖,Hangat,"Two ""soy"" candles",两支蜡烛,Dua lilin,fan.png,${sku},${size},${size},${size},${stock},,${usd},,,,${myr},`;
    await writeFile(
      file,
      [csvHeader, row('candle-small', 'Small', 4, '12.50', '55'), row('candle-large', 'Large', 0, '20', '')].join(
        '\r\n',
      ),
    );

    expect(await run('import-catalogue', file)).toMatch(/^Imported 1 products/);
    const candles = (await bySlug('candle-set'))!;
    expect(candles.goodsName).toBe('Set lilin');
    expect(candles.specifications.map((size) => [size.specificationName, size.stock, size.unitPrice])).toEqual([
      ['Small', 4, 5500],
      ['Large', 0, null],
    ]);
  });

  it('names what is wrong with a file', async () => {
    const badJson = path.join(folder, 'bad.json');
    await writeFile(badJson, JSON.stringify({ products: [{ slug: 'x', category: 'food' }] }));
    await expect(run('import-catalogue', badJson)).rejects.toThrow(
      /The catalogue is not valid:\n {2}products\.0\.category: /,
    );
    const badCsv = path.join(folder, 'bad.csv');
    await writeFile(badCsv, `${csvHeader}\nx,toys,,a,b,c,a,b,c,a,b,c,fan.png,x-1,s,s,s,1,,12.345,,,,,`);
    await expect(run('import-catalogue', badCsv)).rejects.toThrow(
      'CSV line 2, price_usd: "12.345" is not an amount like 59.00',
    );
    await writeFile(badCsv, 'slug,category\nx,toys');
    await expect(run('import-catalogue', badCsv)).rejects.toThrow(/^CSV: missing columns name_en, /);
    await expect(run('import-catalogue', path.join(folder, 'catalogue.txt'))).rejects.toThrow();
  });
});

describe('set-stock and set-price', () => {
  it('set the stock and the price of a size, with an original price, or stop selling it in a currency', async () => {
    expect(await run('set-stock', 'robe-m', '42')).toMatch(/^Stock of robe-m set to 42\./);
    expect((await spec('robe-m')).stock).toBe(42);
    expect(await run('set-price', 'robe-m', 'usd', '64.5', '--original', '80')).toMatch(
      /^Price of robe-m in USD set to \$64\.50\./,
    );
    expect(await spec('robe-m')).toMatchObject({ unitPrice: 6450, originalPrice: 8000 });
    await run('set-price', 'robe-m', 'CNY', 'none');
    expect((await spec('robe-m', 'CNY')).unitPrice).toBeNull();
  });

  it('refuse unknown sizes and malformed amounts', async () => {
    await expect(run('set-stock', 'nope', '1')).rejects.toThrow('No size with sku nope.');
    await expect(run('set-stock', 'robe-m', '-1')).rejects.toThrow(/^usage/);
    await expect(run('set-price', 'robe-m', 'EUR', '10')).rejects.toThrow(/^usage/);
    await expect(run('set-price', 'robe-m', 'USD', '0')).rejects.toThrow(/price above zero/);
    await expect(run('set-price', 'robe-m', 'USD', '10', '--original', '9')).rejects.toThrow(
      /original price not below it/,
    );
  });
});

describe('the CSV reader', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"1, one","say ""hi""\nthere"\n\n')).toEqual([
      ['a', 'b'],
      ['1, one', 'say "hi"\nthere'],
    ]);
    expect(() => parseCsv('"open')).toThrow('a quoted field is not closed');
  });

  it('turns rows sharing a slug into one product with several sizes', () => {
    const csv = `${csvHeader}\np,toys,no,N,N,N,S,S,S,D,D,D,a.png|b.png,p-1,One,One,One,3,500,1,,,,,\np,toys,,X,X,X,X,X,X,X,X,X,,p-2,Two,Two,Two,,,2,3,,,,`;
    const [product] = catalogueFromCsv(csv).products!;
    expect(product).toMatchObject({ slug: 'p', onSale: false, pictures: ['a.png', 'b.png'] });
    expect(product!.specifications).toEqual([
      {
        sku: 'p-1',
        name: { EN: 'One', ZH: 'One', MS: 'One' },
        stock: 3,
        pointsPrice: 500,
        prices: { USD: { unitPrice: 100 } },
      },
      {
        sku: 'p-2',
        name: { EN: 'Two', ZH: 'Two', MS: 'Two' },
        stock: 0,
        prices: { USD: { unitPrice: 200, originalPrice: 300 } },
      },
    ]);
  });
});
