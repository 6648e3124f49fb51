/**
 * The page build at catalogue scale: generates a catalogue of `--products` products (copies of the
 * demo products with their pictures reused), publishes every page, then adds one product and
 * publishes again, which renders only the pages that show it.
 * Usage: npm run bench:build -- --products 1000 [--keep]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { loadConfig } from '@/server/config';
import type { Database } from '@/server/db/client';
import { comments, goods, goodsPictures, goodsTexts, specificationPrices, specifications, specificationTexts } from '@/server/db/schema';
import { startShop } from '@/server/main';

const { values } = parseArgs({ options: { products: { type: 'string', default: '1000' }, keep: { type: 'boolean', default: false } } });
const target = Number(values.products);
const budgets = { buildSeconds: 60, pagesPerSecond: 160, peakRssMb: 1024, publishSeconds: 10 };

const root = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-build-'));
const shop = await startShop(loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: path.join(root, 'data'), PORT: '0', LOG_LEVEL: 'warn' }), {
  build: 'never',
  siteDir: path.join(root, 'site'),
  quietBuild: true,
});
const failures: string[] = [];
try {
  const generated = await growCatalogue(shop.database.db, target);
  console.log(`\nCatalogue: ${generated} products on sale (pictures reused)`);

  const full = await shop.publish({ full: true });
  const pagesPerSecond = full.pages / full.seconds;
  console.log(`Full build:   ${full.pages} pages in ${full.seconds.toFixed(1)} s, ${pagesPerSecond.toFixed(0)} pages/s, peak RSS ${full.peakRssMb} MB (budgets ${budgets.buildSeconds} s, ${budgets.pagesPerSecond} pages/s, ${budgets.peakRssMb} MB)`);
  if (full.seconds > budgets.buildSeconds) failures.push(`full build ${full.seconds.toFixed(1)} s`);
  if (full.peakRssMb > budgets.peakRssMb) failures.push(`peak RSS ${full.peakRssMb} MB`);

  await growCatalogue(shop.database.db, generated + 1, { newest: true });
  const publish = await shop.publish();
  console.log(`New product:  published in ${publish.seconds.toFixed(1)} s, ${publish.rendered} of ${publish.pages} pages rewritten (budget ${budgets.publishSeconds} s)`);
  if (publish.seconds > budgets.publishSeconds) failures.push(`publish ${publish.seconds.toFixed(1)} s`);
} finally {
  await shop.close();
  if (!values.keep) await rm(root, { recursive: true, force: true });
  else console.log(`Kept ${root}`);
}
console.log(failures.length ? `\nOver budget: ${failures.join('; ')}` : '\nAll within budget');
process.exitCode = failures.length ? 1 : 0;

/**
 * Copies the demo products (texts, sizes, prices, pictures, a few reviews) until `total` products
 * are on sale, in bulk inserts. Copies are older than the demo, except with `newest`: a new arrival.
 */
async function growCatalogue(db: Database, total: number, options: { newest?: boolean } = {}) {
  const templates = await db.select().from(goods).where(eq(goods.onSale, true)).orderBy(goods.id);
  const existing = (await db.select({ id: goods.id }).from(goods).where(eq(goods.onSale, true))).length;
  const missing = total - existing;
  if (missing <= 0 || templates.length === 0) return existing;
  const templateIds = templates.map((template) => template.id);
  const [texts, pictures, specs, reviews] = await Promise.all([
    db.select().from(goodsTexts).where(inArray(goodsTexts.goodsId, templateIds)),
    db.select().from(goodsPictures).where(inArray(goodsPictures.goodsId, templateIds)),
    db.select().from(specifications).where(inArray(specifications.goodsId, templateIds)),
    db.select().from(comments).where(inArray(comments.goodsId, templateIds)),
  ]);
  const specIds = specs.map((spec) => spec.id);
  const [specNames, prices] = await Promise.all([
    db.select().from(specificationTexts).where(inArray(specificationTexts.specificationId, specIds)),
    db.select().from(specificationPrices).where(inArray(specificationPrices.specificationId, specIds)),
  ]);
  const stamp = Date.now().toString(36);
  for (let start = 0; start < missing; start += 250) {
    const batch = Array.from({ length: Math.min(250, missing - start) }, (_, offset) => {
      const index = start + offset;
      return { index, template: templates[index % templates.length]! };
    });
    const rows = await db
      .insert(goods)
      .values(
        batch.map(({ index, template }) => ({
          slug: `${template.slug}-${stamp}-${index}`,
          category: template.category,
          arrivedAt: options.newest ? new Date() : new Date(Date.UTC(2024, 0, 1) + index * 60_000),
          soldCount: (index * 7) % 40,
        })),
      )
      .returning({ id: goods.id });
    const copies = batch.map(({ index, template }, position) => ({ index, template, id: rows[position]!.id }));
    const textsOf = (goodsId: number) => texts.filter((text) => text.goodsId === goodsId);
    await db.insert(goodsTexts).values(
      copies.flatMap(({ index, template, id }) => textsOf(template.id).map((text) => ({ ...text, goodsId: id, name: `${text.name} ${index + 1}` }))),
    );
    await db.insert(goodsPictures).values(
      copies.flatMap(({ template, id }) => pictures.filter((picture) => picture.goodsId === template.id).map(({ id: _id, ...picture }) => ({ ...picture, goodsId: id }))),
    );
    const copiedReviews = copies.flatMap(({ template, id }) => reviews.filter((review) => review.goodsId === template.id).map(({ id: _id, ...review }) => ({ ...review, goodsId: id })));
    if (copiedReviews.length) await db.insert(comments).values(copiedReviews);
    const specCopies = copies.flatMap(({ index, template, id }) =>
      specs.filter((spec) => spec.goodsId === template.id).map((spec) => ({ from: spec.id, row: { goodsId: id, sku: `${spec.sku}-${stamp}-${index}`, position: spec.position, stock: spec.stock, pointsPrice: spec.pointsPrice } })),
    );
    const newSpecs = await db.insert(specifications).values(specCopies.map((copy) => copy.row)).returning({ id: specifications.id });
    const pairs = specCopies.map((copy, position) => ({ from: copy.from, to: newSpecs[position]!.id }));
    await db.insert(specificationTexts).values(pairs.flatMap(({ from, to }) => specNames.filter((name) => name.specificationId === from).map((name) => ({ ...name, specificationId: to }))));
    const copiedPrices = pairs.flatMap(({ from, to }) => prices.filter((price) => price.specificationId === from).map((price) => ({ ...price, specificationId: to })));
    if (copiedPrices.length) await db.insert(specificationPrices).values(copiedPrices);
  }
  return total;
}
