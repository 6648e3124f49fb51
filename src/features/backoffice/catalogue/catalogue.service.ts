import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import { recordAudit, type Actor } from '@/features/audit/audit';
import { pictureAltSchema, productImportSchema, type PictureImport, type ProductImport } from '@/features/catalog/catalog-import.schema';
import { importCatalog, isStoredPicture, STORED_PICTURE, storePicture } from '@/features/catalog/catalog-import.service';
import * as ErrorCode from '@/lib/error-codes';
import { currencies, languages, type Currency, type Language } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import { goods, goodsPictures, goodsPictureTexts, goodsTexts, specificationPrices, specifications, specificationTexts } from '@/server/db/schema';
import type { ShopDeps } from '@/server/deps';
import { invalidInput, ShopError } from '@/server/http/errors';
import type { CatalogueQuery } from './catalogue.schema';

/*
 * The back office's catalogue: products are read out in the catalogue import format and saved back
 * through the same import the CLI runs, so one set of rules decides what a valid product is.
 * Every save is audited with the product before and after. See docs/decisions/043-back-office-catalogue.md.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** One page of products, matching the search, category and on-sale filters. */
export async function findProducts(db: Executor, query: CatalogueQuery) {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(goods.category, query.category));
  if (query.onSale) filters.push(eq(goods.onSale, query.onSale === 'yes'));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const named = db.select({ id: goodsTexts.goodsId }).from(goodsTexts).where(ilike(goodsTexts.name, pattern));
    filters.push(or(ilike(goods.slug, pattern), inArray(goods.id, named))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(goods).where(where);
  const rows = await db
    .select({ id: goods.id, slug: goods.slug, category: goods.category, onSale: goods.onSale })
    .from(goods)
    .where(where)
    .orderBy(asc(goods.slug))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const ids = rows.map((row) => row.id);
  const texts = ids.length ? await db.select().from(goodsTexts).where(inArray(goodsTexts.goodsId, ids)) : [];
  const sizes = ids.length
    ? await db
        .select({ goodsId: specifications.goodsId, sizes: count(), stock: sql<number>`coalesce(sum(${specifications.stock}), 0)::int` })
        .from(specifications)
        .where(inArray(specifications.goodsId, ids))
        .groupBy(specifications.goodsId)
    : [];
  return {
    list: rows.map((row) => {
      const own = texts.filter((text) => text.goodsId === row.id);
      const size = sizes.find((entry) => entry.goodsId === row.id);
      return {
        slug: row.slug,
        category: row.category,
        onSale: row.onSale,
        name: own.find((text) => text.language === 'EN')?.name ?? row.slug,
        sizes: size?.sizes ?? 0,
        stock: Number(size?.stock ?? 0),
        missingLanguages: languages.filter((language) => {
          const text = own.find((entry) => entry.language === language);
          return !text || !text.name.trim() || !text.summary.trim() || !text.description.trim();
        }),
      };
    }),
    total: total?.n ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** One text of each language from per-language rows; '' for a language without a row. */
export const localized = <T extends { language: Language }>(rows: T[], pick: (row: T) => string) =>
  Object.fromEntries(languages.map((language) => [language, rows.find((row) => row.language === language) ? pick(rows.find((row) => row.language === language)!) : ''])) as Record<Language, string>;

/** Products in the import format (pictures as `stored:` references), by slug; all of them without slugs. */
export async function exportProducts(db: Executor, slugs?: string[], now = Date.now()): Promise<ProductImport[]> {
  const rows = await db
    .select()
    .from(goods)
    .where(slugs ? inArray(goods.slug, slugs.length ? slugs : ['']) : undefined)
    .orderBy(asc(goods.id));
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [texts, pictures, specs] = await Promise.all([
    db.select().from(goodsTexts).where(inArray(goodsTexts.goodsId, ids)),
    db.select().from(goodsPictures).where(inArray(goodsPictures.goodsId, ids)).orderBy(asc(goodsPictures.position)),
    db.select().from(specifications).where(inArray(specifications.goodsId, ids)).orderBy(asc(specifications.position), asc(specifications.id)),
  ]);
  const specIds = specs.map((spec) => spec.id);
  const pictureIds = pictures.map((picture) => picture.id);
  const [specTexts, prices, altTexts] = await Promise.all([
    specIds.length ? db.select().from(specificationTexts).where(inArray(specificationTexts.specificationId, specIds)) : [],
    specIds.length ? db.select().from(specificationPrices).where(inArray(specificationPrices.specificationId, specIds)) : [],
    pictureIds.length ? db.select().from(goodsPictureTexts).where(inArray(goodsPictureTexts.pictureId, pictureIds)) : [],
  ]);
  return rows.map((row) => {
    const own = texts.filter((text) => text.goodsId === row.id);
    return {
      slug: row.slug,
      category: row.category,
      onSale: row.onSale,
      arrivedDaysAgo: Math.max(0, Math.floor((now - row.arrivedAt.getTime()) / DAY_MS)),
      soldCount: row.soldCount,
      name: localized(own, (text) => text.name),
      summary: localized(own, (text) => text.summary),
      description: localized(own, (text) => text.description),
      pictures: pictures
        .filter((picture) => picture.goodsId === row.id)
        .map((picture): PictureImport => {
          const src = `${STORED_PICTURE}${picture.storageKey}`;
          const own = altTexts.filter((text) => text.pictureId === picture.id);
          return own.length ? { src, alt: localized(own, (text) => text.alt) } : src;
        }),
      specifications: specs
        .filter((spec) => spec.goodsId === row.id)
        .map((spec) => ({
          sku: spec.sku,
          name: localized(
            specTexts.filter((text) => text.specificationId === spec.id),
            (text) => text.name,
          ),
          stock: spec.stock,
          ...(spec.pointsPrice === null ? {} : { pointsPrice: spec.pointsPrice }),
          prices: Object.fromEntries(
            prices
              .filter((price) => price.specificationId === spec.id)
              .sort((a, b) => currencies.indexOf(a.currency) - currencies.indexOf(b.currency))
              .map((price) => [price.currency, price.originalPrice === null ? { unitPrice: price.unitPrice } : { unitPrice: price.unitPrice, originalPrice: price.originalPrice }]),
          ) as Partial<Record<Currency, { unitPrice: number; originalPrice?: number }>>,
        })),
    };
  });
}

export async function productForEditing(deps: Pick<ShopDeps, 'db' | 'storage'>, slug: string) {
  const [product] = await exportProducts(deps.db, [slug]);
  if (!product) throw new ShopError(ErrorCode.IllegalRequest, { field: 'slug', status: 404 });
  return { product, pictureUrls: product.pictures.map((picture) => pictureUrl(deps, typeof picture === 'string' ? picture : picture.src)) };
}

/** Where a picture reference is served: a `stored:` one from storage, any other as it is. */
export const pictureUrl = (deps: Pick<ShopDeps, 'storage'>, reference: string) =>
  isStoredPicture(reference) ? deps.storage.url(reference.slice(STORED_PICTURE.length)) : reference;

/**
 * The import format's complaints, each with the path of the field, for the form to show beside it;
 * a `reason` the page words itself is passed on. `whole` names the field when no path does.
 */
export function invalidFields(issues: { path: PropertyKey[]; message: string; reason?: string }[], whole: string) {
  return new ShopError(ErrorCode.IllegalRequest, {
    field: issues[0]?.path.join('.') || whole,
    data: { issues: issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message, ...(issue.reason ? { reason: issue.reason } : {}) })) },
  });
}
export const invalidProduct = (issues: Parameters<typeof invalidFields>[0]) => invalidFields(issues, 'product');

/**
 * Creates (`mode` create: the slug must be new) or updates (the slug must exist) one product through
 * the catalogue import, and audits it with before and after. Pictures must already be stored
 * (uploaded through the back office, or kept from the product).
 */
export async function saveProduct(deps: Pick<ShopDeps, 'db' | 'storage'>, actor: Actor, input: unknown, mode: 'create' | 'update') {
  const parsed = productImportSchema.safeParse(input);
  if (!parsed.success) throw invalidProduct(parsed.error.issues);
  const product = parsed.data;
  const issues: { path: PropertyKey[]; message: string }[] = [];
  product.pictures.forEach(({ src }, index) => {
    if (!isStoredPicture(src)) issues.push({ path: ['pictures', index], message: 'Upload the picture first' });
  });
  const skus = product.specifications.map((spec) => spec.sku);
  skus.forEach((sku, index) => {
    if (skus.indexOf(sku) !== index) issues.push({ path: ['specifications', index, 'sku'], message: 'Each size needs its own SKU' });
  });
  const [before] = await exportProducts(deps.db, [product.slug]);
  if (mode === 'create' && before) issues.push({ path: ['slug'], message: 'A product with this slug exists already' });
  if (mode === 'update' && !before) issues.push({ path: ['slug'], message: 'No product with this slug' });
  const taken = await deps.db
    .select({ sku: specifications.sku, slug: goods.slug })
    .from(specifications)
    .innerJoin(goods, eq(goods.id, specifications.goodsId))
    .where(inArray(specifications.sku, skus));
  for (const { sku, slug } of taken) {
    if (slug !== product.slug) issues.push({ path: ['specifications', skus.indexOf(sku), 'sku'], message: `This SKU belongs to ${slug}` });
  }
  if (issues.length) throw invalidProduct(issues);

  try {
    await importCatalog(deps.db, deps.storage, { products: [{ ...product, comments: [] }] }, () => Promise.reject(new Error('only stored pictures')));
  } catch (error) {
    if (error instanceof z.ZodError) throw invalidProduct(error.issues);
    if (error instanceof Error && error.message.startsWith('No stored picture')) throw invalidProduct([{ path: ['pictures'], message: error.message }]);
    throw error;
  }
  const saved = await productForEditing(deps, product.slug);
  await recordAudit(deps.db, actor, { action: `catalogue.product.${mode}`, subject: product.slug, before: before ?? null, after: saved.product });
  return saved;
}

export const PICTURE_BYTES_MAX = 8 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isWebp = (bytes: Buffer) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/**
 * Stores an uploaded picture as WebP through the import's picture pipeline (a product's unless told
 * where and how large), with the sizes the pages show it at; answers its reference. Recognised by its
 * bytes (JPEG, PNG, WebP) so no other decoder sees the upload; -218 `file` otherwise, and for a picture
 * that cannot be encoded, which then leaves nothing stored.
 */
export async function uploadPicture(deps: Pick<ShopDeps, 'storage'>, bytes: Buffer, { keyPrefix, maxPx }: { keyPrefix: string; maxPx?: number } = { keyPrefix: 'goods/upload' }) {
  if (!isJpeg(bytes) && !isPng(bytes) && !isWebp(bytes)) throw invalidInput('file');
  let stored;
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata();
    if (!width || !height || width * height > MAX_PIXELS) throw invalidInput('file');
    stored = await storePicture(deps.storage, keyPrefix, Promise.resolve(bytes), maxPx);
  } catch {
    throw invalidInput('file');
  }
  const reference = `${STORED_PICTURE}${stored.storageKey}`;
  return { reference, url: pictureUrl(deps, reference) };
}

/* ── Import and export of the whole catalogue ──────────────────────────────────────────────── */

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
  if (JSON.stringify(withAltTexts(before.pictures)) !== JSON.stringify(withAltTexts(after.pictures, before.pictures))) fields.push('pictures');
  const sizes = new Map(before.specifications.map((size) => [size.sku, size]));
  for (const size of after.specifications) {
    const old = sizes.get(size.sku);
    if (!old) fields.push(`new size ${size.sku}`);
    else if (JSON.stringify({ ...old, prices: sortedPrices(old.prices) }) !== JSON.stringify({ ...size, prices: sortedPrices(size.prices) })) fields.push(`size ${size.sku}`);
  }
  return fields;
}
const noAltTexts = pictureAltSchema.parse({});
/** Pictures with their alt texts spelled out: those given, else those the same picture has in `kept` (as the import keeps them). */
const withAltTexts = (pictures: ProductOutput['pictures'], kept: ProductOutput['pictures'] = []) =>
  pictures.map(({ src, alt }) => ({ src, alt: alt ?? kept.find((picture) => picture.src === src)?.alt ?? noAltTexts }));
const sortedPrices = (prices: Record<string, unknown>) => Object.fromEntries(Object.entries(prices).filter(([, price]) => price !== undefined).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Reads a catalogue file's products (the JSON import format, or CSV), checks them, and answers what
 * importing it would create, change and take down; with `apply`, imports them and audits the change
 * set. A product the file leaves out stays as it is. The file's pictures must be `stored:` references
 * (as exports write them); for a product that exists, other picture references keep its pictures.
 */
export async function importCatalogueFile(deps: Pick<ShopDeps, 'db' | 'storage'>, actor: Actor, input: unknown, apply: boolean) {
  const raw = (input && typeof input === 'object' && Array.isArray((input as { products?: unknown }).products) ? (input as { products: unknown[] }).products : null) ?? null;
  if (!raw) throw invalidProduct([{ path: ['products'], message: 'The file has no products list' }]);
  const parsed = z.array(productImportSchema).max(2000).safeParse(raw);
  if (!parsed.success) throw invalidProduct(parsed.error.issues.map((issue) => ({ ...issue, path: ['products', ...issue.path] })));

  const slugs = parsed.data.map((product) => product.slug);
  const existing = new Map((await exportProducts(deps.db, slugs)).map((product) => [product.slug, productImportSchema.parse(product)]));
  const issues: { path: PropertyKey[]; message: string }[] = [];
  const products = parsed.data.map((product, index) => {
    const before = existing.get(product.slug);
    const given = raw[index] as Record<string, unknown>;
    const storedOnly = product.pictures.every((picture) => isStoredPicture(picture.src));
    if (!before && !storedOnly) issues.push({ path: ['products', index, 'pictures'], message: 'A new product needs stored pictures: create it in the editor, or import an export' });
    if (slugs.indexOf(product.slug) !== index) issues.push({ path: ['products', index, 'slug'], message: 'This slug is in the file twice' });
    return {
      ...product,
      comments: [],
      pictures: storedOnly ? product.pictures : (before?.pictures ?? product.pictures),
      // A file without sales figures (a CSV) keeps the counts the shop has.
      soldCount: 'soldCount' in given ? product.soldCount : (before?.soldCount ?? 0),
    };
  });
  const skus = products.flatMap((product) => product.specifications.map((size) => ({ sku: size.sku, slug: product.slug })));
  const owners = skus.length
    ? await deps.db
        .select({ sku: specifications.sku, slug: goods.slug })
        .from(specifications)
        .innerJoin(goods, eq(goods.id, specifications.goodsId))
        .where(inArray(specifications.sku, skus.map((entry) => entry.sku)))
    : [];
  for (const { sku, slug } of skus) {
    const owner = owners.find((row) => row.sku === sku);
    if (owner && owner.slug !== slug) issues.push({ path: ['products', slugs.indexOf(slug), 'specifications'], message: `SKU ${sku} belongs to ${owner.slug}` });
    if (skus.filter((entry) => entry.sku === sku).length > 1) issues.push({ path: ['products', slugs.indexOf(slug), 'specifications'], message: `SKU ${sku} is in the file twice` });
  }
  if (issues.length) throw invalidProduct(issues);

  const plan: ImportPlan = { created: [], changed: [], takenDown: [], unchanged: 0 };
  for (const product of products) {
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
  const importing = products.filter((product) => touched.has(product.slug));
  try {
    await importCatalog(deps.db, deps.storage, { products: importing }, () => Promise.reject(new Error('only stored pictures')));
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('No stored picture')) throw invalidProduct([{ path: ['products'], message: error.message }]);
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
