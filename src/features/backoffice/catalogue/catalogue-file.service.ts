import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit, type Actor } from '@/features/audit/audit';
import { pictureAltSchema, productImportSchema } from '@/features/catalogue/catalogue-import.schema';
import { importCatalogue, isStoredPicture } from '@/features/catalogue/catalogue-import.service';
import type { Executor } from '@/server/db/client';
import { products, productSizes } from '@/server/db/schema';
import type { ShopDeps } from '@/server/deps';
import { invalidProduct } from './invalid-fields';
import { exportProducts } from './product-export.service';

/*
 * Import and export of the whole catalogue, in the format the CLI imports: the export re-imports
 * unchanged, and an import first answers what it would create, change and take down, then applies
 * only the products that differ, audited as one change set. See docs/decisions/043-back-office-catalogue.md.
 */

/** The catalogue's products in the import format, pictures as `stored:` references: importing it back changes nothing. */
export async function exportCatalogue(db: Executor) {
  return { products: await exportProducts(db) };
}

type ProductOutput = z.output<typeof productImportSchema>;
export type ImportPlan = {
  created: string[];
  changed: { slug: string; fields: string[] }[];
  takenDown: string[];
  unchanged: number;
};

/** The top-level fields (and size SKUs) in which two products differ. */
function differences(before: ProductOutput, after: ProductOutput) {
  const fields: string[] = [];
  for (const key of ['category', 'onSale', 'name', 'summary', 'description'] as const) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) fields.push(key);
  }
  if (JSON.stringify(withAltTexts(before.pictures)) !== JSON.stringify(withAltTexts(after.pictures, before.pictures)))
    fields.push('pictures');
  const sizes = new Map(before.specifications.map((size) => [size.sku, size]));
  for (const size of after.specifications) {
    const old = sizes.get(size.sku);
    if (!old) fields.push(`new size ${size.sku}`);
    else if (
      JSON.stringify({ ...old, prices: sortedPrices(old.prices) }) !==
      JSON.stringify({ ...size, prices: sortedPrices(size.prices) })
    )
      fields.push(`size ${size.sku}`);
  }
  return fields;
}
const noAltTexts = pictureAltSchema.parse({});
/** Pictures with their alt texts spelled out: those given, else those the same picture has in `kept` (as the import keeps them). */
const withAltTexts = (pictures: ProductOutput['pictures'], kept: ProductOutput['pictures'] = []) =>
  pictures.map(({ src, alt }) => ({ src, alt: alt ?? kept.find((picture) => picture.src === src)?.alt ?? noAltTexts }));
const sortedPrices = (prices: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(prices)
      .filter(([, price]) => price !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * Reads a catalogue file's products (the JSON import format, or CSV), checks them, and answers what
 * importing it would create, change and take down; with `apply`, imports them and audits the change
 * set. A product the file leaves out stays as it is. The file's pictures must be `stored:` references
 * (as exports write them); for a product that exists, other picture references keep its pictures.
 */
export async function importCatalogueFile(
  deps: Pick<ShopDeps, 'db' | 'storage'>,
  actor: Actor,
  input: unknown,
  apply: boolean,
) {
  const raw =
    (input && typeof input === 'object' && Array.isArray((input as { products?: unknown }).products)
      ? (input as { products: unknown[] }).products
      : null) ?? null;
  if (!raw) throw invalidProduct([{ path: ['products'], message: 'The file has no products list' }]);
  const parsed = z.array(productImportSchema).max(2000).safeParse(raw);
  if (!parsed.success)
    throw invalidProduct(parsed.error.issues.map((issue) => ({ ...issue, path: ['products', ...issue.path] })));

  const slugs = parsed.data.map((product) => product.slug);
  const existing = new Map(
    (await exportProducts(deps.db, slugs)).map((product) => [product.slug, productImportSchema.parse(product)]),
  );
  const issues: { path: PropertyKey[]; message: string }[] = [];
  const fileProducts = parsed.data.map((product, index) => {
    const before = existing.get(product.slug);
    const given = raw[index] as Record<string, unknown>;
    const storedOnly = product.pictures.every((picture) => isStoredPicture(picture.src));
    if (!before && !storedOnly)
      issues.push({
        path: ['products', index, 'pictures'],
        message: 'A new product needs stored pictures: create it in the editor, or import an export',
      });
    if (slugs.indexOf(product.slug) !== index)
      issues.push({ path: ['products', index, 'slug'], message: 'This slug is in the file twice' });
    return {
      ...product,
      comments: [],
      pictures: storedOnly ? product.pictures : (before?.pictures ?? product.pictures),
      // A file without sales figures (a CSV) keeps the counts the shop has.
      soldCount: 'soldCount' in given ? product.soldCount : (before?.soldCount ?? 0),
    };
  });
  const skus = fileProducts.flatMap((product) =>
    product.specifications.map((size) => ({ sku: size.sku, slug: product.slug })),
  );
  const owners = skus.length
    ? await deps.db
        .select({ sku: productSizes.sku, slug: products.slug })
        .from(productSizes)
        .innerJoin(products, eq(products.id, productSizes.goodsId))
        .where(
          inArray(
            productSizes.sku,
            skus.map((entry) => entry.sku),
          ),
        )
    : [];
  for (const { sku, slug } of skus) {
    const owner = owners.find((row) => row.sku === sku);
    if (owner && owner.slug !== slug)
      issues.push({
        path: ['products', slugs.indexOf(slug), 'specifications'],
        message: `SKU ${sku} belongs to ${owner.slug}`,
      });
    if (skus.filter((entry) => entry.sku === sku).length > 1)
      issues.push({
        path: ['products', slugs.indexOf(slug), 'specifications'],
        message: `SKU ${sku} is in the file twice`,
      });
  }
  if (issues.length) throw invalidProduct(issues);

  const plan: ImportPlan = { created: [], changed: [], takenDown: [], unchanged: 0 };
  for (const product of fileProducts) {
    const before = existing.get(product.slug);
    if (!before) {
      plan.created.push(product.slug);
      continue;
    }
    const fields = differences(before, product);
    if (!fields.length) plan.unchanged += 1;
    else plan.changed.push({ slug: product.slug, fields });
    if (before.onSale && !product.onSale) plan.takenDown.push(product.slug);
  }
  if (!apply) return { plan, applied: false };

  const touched = new Set([...plan.created, ...plan.changed.map((entry) => entry.slug)]);
  const importing = fileProducts.filter((product) => touched.has(product.slug));
  try {
    await importCatalogue(deps.db, deps.storage, { products: importing }, () =>
      Promise.reject(new Error('only stored pictures')),
    );
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('No stored picture'))
      throw invalidProduct([{ path: ['products'], message: error.message }]);
    throw error;
  }
  if (touched.size) {
    await recordAudit(deps.db, actor, {
      action: 'catalogue.import',
      subject: `${plan.created.length} created, ${plan.changed.length} changed, ${plan.takenDown.length} taken down`,
      before: [...touched].flatMap((slug) => (existing.has(slug) ? [existing.get(slug)] : [])),
      after: await exportProducts(deps.db, [...touched]),
    });
  }
  return { plan, applied: true };
}
