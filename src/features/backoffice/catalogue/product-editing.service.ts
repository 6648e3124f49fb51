import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit, type Actor } from '@/features/audit/audit';
import { productImportSchema } from '@/features/catalogue/catalogue-import.schema';
import { importCatalogue, isStoredPicture } from '@/features/catalogue/catalogue-import.service';
import * as ErrorCode from '@/lib/error-codes';
import { products, productSizes } from '@/server/db/schema';
import type { ShopDeps } from '@/server/deps';
import { ShopError } from '@/server/http/errors';
import { pictureUrl } from './catalogue-pictures.service';
import { invalidProduct } from './invalid-fields';
import { exportProducts } from './product-export.service';

/*
 * The back office's product editor: a product is read out in the catalogue import format and saved back
 * through the same import the CLI runs, so one set of rules decides what a valid product is.
 * Every save is audited with the product before and after. See docs/decisions/043-back-office-catalogue.md.
 */

export async function productForEditing(deps: Pick<ShopDeps, 'db' | 'storage'>, slug: string) {
  const [product] = await exportProducts(deps.db, [slug]);
  if (!product) throw new ShopError(ErrorCode.IllegalRequest, { field: 'slug', status: 404 });
  return {
    product,
    pictureUrls: product.pictures.map((picture) =>
      pictureUrl(deps, typeof picture === 'string' ? picture : picture.src),
    ),
  };
}

/**
 * Creates (`mode` create: the slug must be new) or updates (the slug must exist) one product through
 * the catalogue import, and audits it with before and after. Pictures must already be stored
 * (uploaded through the back office, or kept from the product).
 */
export async function saveProduct(
  deps: Pick<ShopDeps, 'db' | 'storage'>,
  actor: Actor,
  input: unknown,
  mode: 'create' | 'update',
) {
  const parsed = productImportSchema.safeParse(input);
  if (!parsed.success) throw invalidProduct(parsed.error.issues);
  const product = parsed.data;
  const issues: { path: PropertyKey[]; message: string }[] = [];
  product.pictures.forEach(({ src }, index) => {
    if (!isStoredPicture(src)) issues.push({ path: ['pictures', index], message: 'Upload the picture first' });
  });
  const skus = product.specifications.map((spec) => spec.sku);
  skus.forEach((sku, index) => {
    if (skus.indexOf(sku) !== index)
      issues.push({ path: ['specifications', index, 'sku'], message: 'Each size needs its own SKU' });
  });
  const [before] = await exportProducts(deps.db, [product.slug]);
  if (mode === 'create' && before) issues.push({ path: ['slug'], message: 'A product with this slug exists already' });
  if (mode === 'update' && !before) issues.push({ path: ['slug'], message: 'No product with this slug' });
  const taken = await deps.db
    .select({ sku: productSizes.sku, slug: products.slug })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.goodsId))
    .where(inArray(productSizes.sku, skus));
  for (const { sku, slug } of taken) {
    if (slug !== product.slug)
      issues.push({ path: ['specifications', skus.indexOf(sku), 'sku'], message: `This SKU belongs to ${slug}` });
  }
  if (issues.length) throw invalidProduct(issues);

  try {
    await importCatalogue(deps.db, deps.storage, { products: [{ ...product, comments: [] }] }, () =>
      Promise.reject(new Error('only stored pictures')),
    );
  } catch (error) {
    if (error instanceof z.ZodError) throw invalidProduct(error.issues);
    if (error instanceof Error && error.message.startsWith('No stored picture'))
      throw invalidProduct([{ path: ['pictures'], message: error.message }]);
    throw error;
  }
  const saved = await productForEditing(deps, product.slug);
  await recordAudit(deps.db, actor, {
    action: `catalogue.product.${mode}`,
    subject: product.slug,
    before: before ?? null,
    after: saved.product,
  });
  return saved;
}
