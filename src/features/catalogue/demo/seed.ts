import { count } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { products } from '@/server/db/schema';
import type { Storage } from '@/server/storage/storage';
import { importCatalogue, type PictureLoader } from '../catalogue-import.service';
import { demoCatalogue } from './demo-catalogue';
import { renderProductArt } from './product-art';

/** Product and advert art drawn by the project itself, for `art:<slug>:<n>` references. */
export const demoArtLoader: PictureLoader = (reference) => {
  const slug = reference.split(':')[1] ?? '';
  const product = demoCatalogue.products?.find((candidate) => candidate.slug === slug);
  return renderProductArt(reference, product?.category ?? 'advert');
};

/**
 * Seeds the demo catalogue into an empty shop; a shop that has products is left alone, so running it
 * at every start is safe.
 */
export async function seedDemoCatalogue(db: Database, storage: Storage, loadPicture: PictureLoader = demoArtLoader) {
  if (await hasProducts(db)) return { seeded: false as const };
  return { seeded: true as const, ...(await importCatalogue(db, storage, demoCatalogue, loadPicture)) };
}

/** Whether the shop has any product (an empty one gets the demo catalogue). */
export async function hasProducts(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(products);
  return (existing?.n ?? 0) > 0;
}
