import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import {
  comments,
  products,
  productPictures,
  productTexts,
  productSizePrices,
  productSizes,
  productSizeTexts,
} from '@/server/db/schema';

/**
 * Copies the demo products (texts, sizes, prices, pictures, a few reviews) until `total` products
 * are on sale, in bulk inserts. Copies are older than the demo, except with `newest`: a new arrival.
 */
export async function growCatalogue(db: Database, total: number, options: { newest?: boolean } = {}) {
  const templates = await db.select().from(products).where(eq(products.onSale, true)).orderBy(products.id);
  const existing = (await db.select({ id: products.id }).from(products).where(eq(products.onSale, true))).length;
  const missing = total - existing;
  if (missing <= 0 || templates.length === 0) return existing;
  const templateIds = templates.map((template) => template.id);
  const [texts, pictures, specs, reviews] = await Promise.all([
    db.select().from(productTexts).where(inArray(productTexts.goodsId, templateIds)),
    db.select().from(productPictures).where(inArray(productPictures.goodsId, templateIds)),
    db.select().from(productSizes).where(inArray(productSizes.goodsId, templateIds)),
    db.select().from(comments).where(inArray(comments.goodsId, templateIds)),
  ]);
  const specIds = specs.map((spec) => spec.id);
  const [specNames, prices] = await Promise.all([
    db.select().from(productSizeTexts).where(inArray(productSizeTexts.specificationId, specIds)),
    db.select().from(productSizePrices).where(inArray(productSizePrices.specificationId, specIds)),
  ]);
  const stamp = Date.now().toString(36);
  for (let start = 0; start < missing; start += 250) {
    const batch = Array.from({ length: Math.min(250, missing - start) }, (_, offset) => {
      const index = start + offset;
      return { index, template: templates[index % templates.length]! };
    });
    const rows = await db
      .insert(products)
      .values(
        batch.map(({ index, template }) => ({
          slug: `${template.slug}-${stamp}-${index}`,
          category: template.category,
          arrivedAt: options.newest ? new Date() : new Date(Date.UTC(2024, 0, 1) + index * 60_000),
          soldCount: (index * 7) % 40,
        })),
      )
      .returning({ id: products.id });
    const copies = batch.map(({ index, template }, position) => ({ index, template, id: rows[position]!.id }));
    const textsOf = (goodsId: number) => texts.filter((text) => text.goodsId === goodsId);
    await db
      .insert(productTexts)
      .values(
        copies.flatMap(({ index, template, id }) =>
          textsOf(template.id).map((text) => ({ ...text, goodsId: id, name: `${text.name} ${index + 1}` })),
        ),
      );
    await db
      .insert(productPictures)
      .values(
        copies.flatMap(({ template, id }) =>
          pictures
            .filter((picture) => picture.goodsId === template.id)
            .map(({ id: _id, ...picture }) => ({ ...picture, goodsId: id })),
        ),
      );
    const copiedReviews = copies.flatMap(({ template, id }) =>
      reviews
        .filter((review) => review.goodsId === template.id)
        .map(({ id: _id, ...review }) => ({ ...review, goodsId: id })),
    );
    if (copiedReviews.length) await db.insert(comments).values(copiedReviews);
    const specCopies = copies.flatMap(({ index, template, id }) =>
      specs
        .filter((spec) => spec.goodsId === template.id)
        .map((spec) => ({
          from: spec.id,
          row: {
            goodsId: id,
            sku: `${spec.sku}-${stamp}-${index}`,
            position: spec.position,
            stock: spec.stock,
            pointsPrice: spec.pointsPrice,
          },
        })),
    );
    const newSpecs = await db
      .insert(productSizes)
      .values(specCopies.map((copy) => copy.row))
      .returning({ id: productSizes.id });
    const pairs = specCopies.map((copy, position) => ({ from: copy.from, to: newSpecs[position]!.id }));
    await db
      .insert(productSizeTexts)
      .values(
        pairs.flatMap(({ from, to }) =>
          specNames.filter((name) => name.specificationId === from).map((name) => ({ ...name, specificationId: to })),
        ),
      );
    const copiedPrices = pairs.flatMap(({ from, to }) =>
      prices.filter((price) => price.specificationId === from).map((price) => ({ ...price, specificationId: to })),
    );
    if (copiedPrices.length) await db.insert(productSizePrices).values(copiedPrices);
  }
  return total;
}
