import { isNotNull } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { adverts, productPictures } from '@/server/db/schema';
import type { Storage } from '@/server/storage/storage';
import { encodePictureVariants, variantBoxes, variantKey, variantScheme } from './picture-variants';

/*
 * Pictures stored before their sizes were made at upload get them here (docs/decisions/067): at
 * start-up, before the first publish (src/app/main.ts, in the preparing child process), and from
 * `npm run shop -- picture-variants`.
 */

type Deps = { db: Database; storage: Storage };

/** Written into the store once every catalogue picture in it has the variants of the current sizes. */
const MIGRATED_KEY = 'picture-variants.json';

/** Whether the store's catalogue pictures all have the variants of the current sizes (then a start has nothing to make). */
export async function pictureVariantsMigrated(storage: Storage) {
  return (await storage.get(MIGRATED_KEY))?.toString() === variantScheme();
}

/**
 * Makes the missing variants of every stored catalogue picture (products' and adverts'), then marks
 * the store as migrated. Idempotent: a second run finds them all and makes nothing. Answers how many
 * pictures it looked at, how many variants it made, and the pictures the database names but the
 * store lacks (nothing can be made of those; the operator command names them).
 */
export async function makeMissingPictureVariants({ db, storage }: Deps) {
  const keys = new Set([
    ...(await db.selectDistinct({ key: productPictures.storageKey }).from(productPictures)).map((row) => row.key),
    ...(
      await db.selectDistinct({ key: adverts.pictureKey }).from(adverts).where(isNotNull(adverts.pictureKey))
    ).flatMap((row) => (row.key ? [row.key] : [])),
  ]);
  let made = 0;
  const lost: string[] = [];
  for (const storageKey of [...keys].sort()) {
    const absent = new Set<string>();
    for (const box of variantBoxes(storageKey)) {
      const key = variantKey(storageKey, box);
      if (!(await storage.has(key))) absent.add(key);
    }
    if (!absent.size) continue;
    const original = await storage.get(storageKey);
    if (!original) {
      lost.push(storageKey);
      continue;
    }
    for (const { key, body } of await encodePictureVariants(storageKey, original, (key) => absent.has(key))) {
      await storage.put(key, body);
      made++;
    }
  }
  await storage.put(MIGRATED_KEY, Buffer.from(variantScheme()));
  return { pictures: keys.size, made, lost };
}

/** The migration once per store and set of sizes: null when the store says it was done. */
export async function ensurePictureVariants(deps: Deps) {
  if (await pictureVariantsMigrated(deps.storage)) return null;
  return makeMissingPictureVariants(deps);
}
