import { describe, expect, it } from 'vitest';
import type { ProductPage } from '@/features/catalogue/catalogue.schema';
import { aCustomer, aLine, aShop, anOrder } from '../../../../tests/support/fixtures';
import { anOperator } from '../../../../tests/support/operators';
import { changedPrice } from './price-grid';
import type { CellChange, CellEdit, ChangeSet, GridPage, GridSize } from './price-grid.schema';

/* Editors keep prices and stock of many products in one grid: cell edits and bulk actions, all or nothing, audited. */

const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const editor = await anOperator(shop, 'editor');
const admin = await anOperator(shop, 'admin');
const asEditor = { headers: await editor.freshSession() };
const asAdmin = { headers: await admin.freshSession() };

type Refusal = { issues: { path: string; message: string; reason?: string }[] };
type AuditRow = {
  id: number;
  actor: string;
  action: string;
  subject: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

const grid = async (query = '') =>
  (await shop.get<GridPage>(`/admin/catalogue/grid?pageSize=100${query}`, asEditor)).body.data;
const size = async (sku: string): Promise<GridSize> =>
  (await grid()).list.flatMap((product) => product.sizes).find((entry) => entry.sku === sku)!;
const save = (edits: CellEdit[]) => shop.post<ChangeSet & Refusal>('/admin/catalogue/grid/save', { edits }, asEditor);
const bulk = (skus: string[], action: Record<string, unknown>, preview: boolean) =>
  shop.post<ChangeSet & Refusal>('/admin/catalogue/grid/bulk', { skus, action, preview }, asEditor);
const audit = async (action: string) =>
  (await shop.get<AuditRow[]>(`/admin/audit?action=${action}`, asAdmin)).body.data;
/** The products the shop lists in a currency, by slug, with their lowest price. */
const listed = async (currency: string, query = '') => {
  const page = await shop.get<ProductPage>(`/goods/queryProductList?pageSize=48${query}`, { currency });
  return Object.fromEntries(page.body.data.list.map((product) => [product.slug, product.unitPrice]));
};
const cells = (changes: CellChange[]) =>
  Object.fromEntries(changes.map((change) => [change.cell, [change.before, change.after]]));

describe('the price and stock grid', () => {
  it('rounds a percentage to whole minor units, half a unit up', () => {
    expect(changedPrice(1999, 'percent', 10)).toBe(2199);
    expect(changedPrice(39_900, 'percent', 12.5)).toBe(44_888);
    expect(changedPrice(1005, 'percent', -50)).toBe(503);
    expect(changedPrice(1000, 'percent', 0.01)).toBe(1000);
    expect(changedPrice(5900, 'amount', -500)).toBe(5400);
  });

  it('reads every size × currency of the products the list filters find, a page at a time', async () => {
    const robe = await grid('&q=robe');
    expect(robe.total).toBe(1);
    expect(robe.list[0]).toMatchObject({
      slug: 'silk-robe',
      category: 'lingerie',
      onSale: true,
      name: { ZH: '真丝睡袍' },
    });
    expect(robe.list[0]!.sizes.map((entry) => entry.sku)).toEqual(['robe-s', 'robe-m']);
    expect(robe.list[0]!.sizes[0]).toEqual({
      sku: 'robe-s',
      name: { EN: 'S · Rose', ZH: 'S 码 · 玫瑰', MS: 'S · Mawar' },
      stock: 500,
      pointsPrice: null,
      prices: {
        USD: { unitPrice: 5900, originalPrice: 7900 },
        CNY: { unitPrice: 39_900, originalPrice: null },
        MYR: { unitPrice: 25_900, originalPrice: null },
      },
    });
    const oil = await grid('&category=private-care&q=oil');
    expect(oil.list[0]!.sizes[0]!.prices).toEqual({
      USD: { unitPrice: 1900, originalPrice: null },
      CNY: null,
      MYR: null,
    });
    expect((await grid('&onSale=no')).list.map((product) => product.slug)).toEqual(['lace-brief']);

    const first = (await shop.get<GridPage>('/admin/catalogue/grid?pageSize=3', asEditor)).body.data;
    const second = (await shop.get<GridPage>('/admin/catalogue/grid?pageSize=3&pageNum=2', asEditor)).body.data;
    expect([first.total, first.list.length, second.list.length]).toEqual([4, 3, 1]);
  });

  it('saves edited cells as one change set that the shop shows at once, audited before → after', async () => {
    const answer = await save([
      { sku: 'oil-usd-only', field: 'unitPrice', currency: 'CNY', value: 12_900 },
      { sku: 'oil-usd-only', field: 'originalPrice', currency: 'CNY', value: 15_900 },
      { sku: 'oil-usd-only', field: 'originalPrice', currency: 'USD', value: 2500 },
      { sku: 'oil-usd-only', field: 'pointsPrice', value: 800 },
      { sku: 'oil-usd-only', field: 'stock', value: 55, seen: 40 },
      { sku: 'mini-sold-out', field: 'unitPrice', currency: 'MYR', value: null },
      { sku: 'mini-sold-out', field: 'unitPrice', currency: 'USD', value: 5900 },
    ]);
    expect(answer.body.code).toBe(1);
    expect(cells(answer.body.data.changes)).toEqual({
      'oil-usd-only.prices.USD.originalPrice': [null, 2500],
      'oil-usd-only.prices.CNY.unitPrice': [null, 12_900],
      'oil-usd-only.prices.CNY.originalPrice': [null, 15_900],
      'oil-usd-only.stock': [40, 55],
      'oil-usd-only.pointsPrice': [null, 800],
      'mini-sold-out.prices.MYR.unitPrice': [25_900, null],
    });

    expect(await size('oil-usd-only')).toMatchObject({
      stock: 55,
      pointsPrice: 800,
      prices: { USD: { unitPrice: 1900, originalPrice: 2500 }, CNY: { unitPrice: 12_900, originalPrice: 15_900 } },
    });
    expect((await listed('CNY'))['massage-oil']).toBe(12_900);
    expect((await listed('MYR'))['travel-mini']).toBeNull();

    const [entry] = await audit('catalogue.grid.save');
    expect(entry).toMatchObject({ actor: editor.email, subject: 'Grid edits: 6 cells of 2 products' });
    expect(entry!.before).toMatchObject({
      'oil-usd-only.prices.CNY.unitPrice': null,
      'oil-usd-only.stock': 40,
      'mini-sold-out.prices.MYR.unitPrice': 25_900,
    });
    expect(entry!.after).toMatchObject({
      'oil-usd-only.prices.CNY.unitPrice': 12_900,
      'oil-usd-only.stock': 55,
      'mini-sold-out.prices.MYR.unitPrice': null,
    });
  });

  it('refuses the whole change set when any cell breaks a catalogue rule, naming each such cell, and changes nothing', async () => {
    const before = await grid();
    const audited = (await audit('catalogue.grid.save')).length;
    const refused = await save([
      { sku: 'robe-m', field: 'unitPrice', currency: 'USD', value: 6900 },
      { sku: 'robe-m', field: 'originalPrice', currency: 'USD', value: 6000 },
      { sku: 'robe-m', field: 'stock', value: -1, seen: 3 },
      { sku: 'brief-retired', field: 'unitPrice', currency: 'CNY', value: 0 },
      { sku: 'brief-retired', field: 'unitPrice', currency: 'MYR', value: 19.5 },
      { sku: 'brief-retired', field: 'pointsPrice', value: -5 },
      { sku: 'robe-s', field: 'unitPrice', currency: 'USD', value: null },
      { sku: 'no-such-size', field: 'stock', value: 1, seen: 0 },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(-218);
    expect(refused.body.data.issues.map((issue) => [issue.path, issue.reason ?? 'rule']).sort()).toEqual([
      ['brief-retired.pointsPrice', 'rule'],
      ['brief-retired.prices.CNY.unitPrice', 'rule'],
      ['brief-retired.prices.MYR.unitPrice', 'rule'],
      ['no-such-size', 'unknown-size'],
      ['robe-m.prices.USD.originalPrice', 'rule'],
      ['robe-m.stock', 'rule'],
      ['robe-s.prices.USD.unitPrice', 'needs-price'],
    ]);
    expect(refused.body.message).toBe(`Invalid value for ${refused.body.data.issues[0]!.path}`);
    expect(await grid()).toEqual(before);
    expect(await audit('catalogue.grid.save')).toHaveLength(audited);
  });

  it('keeps the units sold since the grid was read, and refuses an edit that would take stock below zero', async () => {
    const seen = (await size('robe-m')).stock;
    expect(seen).toBe(3);
    const customer = await aCustomer(shop);
    await anOrder(shop, customer, [aLine(shop, 'robe-m', 2)]);

    const restocked = await save([{ sku: 'robe-m', field: 'stock', value: 10, seen }]);
    expect(cells(restocked.body.data.changes)).toEqual({ 'robe-m.stock': [1, 8] });
    expect((await size('robe-m')).stock).toBe(8);

    await anOrder(shop, customer, [aLine(shop, 'robe-m', 6)]);
    const refused = await save([
      { sku: 'robe-m', field: 'stock', value: 1, seen: 8 },
      { sku: 'robe-m', field: 'unitPrice', currency: 'MYR', value: 21_900 },
    ]);
    expect(refused.body.code).toBe(-218);
    expect(refused.body.data.issues).toEqual([
      {
        path: 'robe-m.stock',
        reason: 'stock-moved',
        message: 'Sales changed the stock from 8 to 2 since the grid was read; 1 would leave -5',
      },
    ]);
    expect(await size('robe-m')).toMatchObject({ stock: 2, prices: { MYR: { unitPrice: 25_900 } } });
  });

  it('previews a percentage change before → after without changing anything, then applies the same as one audited change set', async () => {
    const before = await grid();
    const action = {
      kind: 'change-price',
      currencies: ['USD', 'CNY'],
      fields: ['unitPrice', 'originalPrice'],
      by: 'percent',
      value: 12.5,
    };
    const preview = await bulk(['robe-s', 'robe-m'], action, true);
    expect(preview.body.data.applied).toBe(false);
    const expected = {
      'robe-s.prices.USD.unitPrice': [5900, 6638],
      'robe-s.prices.USD.originalPrice': [7900, 8888],
      'robe-s.prices.CNY.unitPrice': [39_900, 44_888],
      'robe-m.prices.USD.unitPrice': [5900, 6638],
      'robe-m.prices.USD.originalPrice': [7900, 8888],
      'robe-m.prices.CNY.unitPrice': [39_900, 44_888],
    };
    expect(cells(preview.body.data.changes)).toEqual(expected);
    expect(await grid()).toEqual(before);
    expect(await audit('catalogue.grid.bulk')).toHaveLength(0);

    const applied = await bulk(['robe-s', 'robe-m'], action, false);
    expect(applied.body.data).toEqual({ changes: preview.body.data.changes, applied: true });
    expect(await size('robe-m')).toMatchObject({
      prices: {
        USD: { unitPrice: 6638, originalPrice: 8888 },
        CNY: { unitPrice: 44_888, originalPrice: null },
        MYR: { unitPrice: 25_900 },
      },
    });
    expect((await listed('CNY'))['silk-robe']).toBe(44_888);
    const [entry] = await audit('catalogue.grid.bulk');
    expect(entry).toMatchObject({
      actor: editor.email,
      subject: 'Change USD/CNY unitPrice+originalPrice by +12.5 %: 6 cells of 1 product',
    });
    expect(
      Object.fromEntries(Object.keys(expected).map((cell) => [cell, [entry!.before[cell], entry!.after[cell]]])),
    ).toEqual(expected);
  });

  it('changes prices by an amount, sets them, and refuses a result the catalogue rules forbid, naming the cell', async () => {
    const lower = await bulk(
      ['robe-s', 'oil-usd-only'],
      { kind: 'change-price', currencies: ['USD'], fields: ['unitPrice'], by: 'amount', value: -500 },
      false,
    );
    expect(cells(lower.body.data.changes)).toEqual({
      'robe-s.prices.USD.unitPrice': [6638, 6138],
      'oil-usd-only.prices.USD.unitPrice': [1900, 1400],
    });

    const before = await grid();
    const aboveOriginal = await bulk(
      ['robe-s', 'oil-usd-only'],
      { kind: 'change-price', currencies: ['USD'], fields: ['unitPrice'], by: 'percent', value: 50 },
      true,
    );
    expect(aboveOriginal.body.code).toBe(-218);
    expect(aboveOriginal.body.data.issues.map((issue) => issue.path)).toEqual(['robe-s.prices.USD.originalPrice']);
    const belowZero = await bulk(
      ['oil-usd-only'],
      { kind: 'change-price', currencies: ['USD'], fields: ['unitPrice'], by: 'amount', value: -1400 },
      false,
    );
    expect(belowZero.body.data.issues.map((issue) => issue.path)).toEqual(['oil-usd-only.prices.USD.unitPrice']);
    const tooFine = await bulk(
      ['robe-s'],
      { kind: 'change-price', currencies: ['USD'], fields: ['unitPrice'], by: 'percent', value: 0.001 },
      true,
    );
    expect(tooFine.body).toMatchObject({ code: -218, message: 'Invalid value for action.value' });
    expect(await grid()).toEqual(before);

    const set = await bulk(
      ['robe-s', 'mini-sold-out'],
      { kind: 'set-price', currencies: ['MYR'], field: 'unitPrice', amount: 19_900 },
      false,
    );
    expect(cells(set.body.data.changes)).toEqual({
      'robe-s.prices.MYR.unitPrice': [25_900, 19_900],
      'mini-sold-out.prices.MYR.unitPrice': [null, 19_900],
    });
    const unstruck = await bulk(
      ['robe-s', 'robe-m', 'mini-sold-out'],
      { kind: 'set-price', currencies: ['USD'], field: 'originalPrice', amount: null },
      false,
    );
    expect(cells(unstruck.body.data.changes)).toEqual({
      'robe-s.prices.USD.originalPrice': [8888, null],
      'robe-m.prices.USD.originalPrice': [8888, null],
      'mini-sold-out.prices.USD.originalPrice': [7900, null],
    });
  });

  it('puts products on and off sale and moves them to another category, which the shop follows at once', async () => {
    const onSale = await bulk(['brief-retired', 'robe-s'], { kind: 'on-sale', onSale: true }, false);
    expect(cells(onSale.body.data.changes)).toEqual({ 'lace-brief.onSale': [false, true] });
    expect(await listed('USD')).toHaveProperty('lace-brief');

    const offSale = await bulk(['robe-s', 'robe-m', 'brief-retired'], { kind: 'on-sale', onSale: false }, false);
    expect(cells(offSale.body.data.changes)).toEqual({
      'lace-brief.onSale': [true, false],
      'silk-robe.onSale': [true, false],
    });
    const shown = await listed('USD');
    expect(shown).not.toHaveProperty('lace-brief');
    expect(shown).not.toHaveProperty('silk-robe');

    const preview = await bulk(['oil-usd-only'], { kind: 'move-category', category: 'health' }, true);
    expect(cells(preview.body.data.changes)).toEqual({ 'massage-oil.category': ['private-care', 'health'] });
    expect(await listed('USD', '&category=health')).not.toHaveProperty('massage-oil');
    await bulk(['oil-usd-only'], { kind: 'move-category', category: 'health' }, false);
    expect(await listed('USD', '&category=health')).toHaveProperty('massage-oil');
    const [entry] = await audit('catalogue.grid.bulk');
    expect(entry).toMatchObject({
      subject: 'Move to health: 1 cell of 1 product',
      before: { 'massage-oil.category': 'private-care' },
      after: { 'massage-oil.category': 'health' },
    });
  });
});
