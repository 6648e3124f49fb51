import type { Storage } from '@/server/storage/storage';

/*
 * The sizes the pages show a catalogue picture at, made once when the picture is stored (an upload in
 * the back office, the catalogue import, the demo seed) and kept beside it in the picture store; the
 * pages refer to them and a publish encodes nothing (docs/decisions/067).
 *
 * A variant is the picture cropped to its box from the centre and encoded as WebP at quality 80, as
 * Astro's picture service made them before. Its key is the original's with the box before the
 * extension (`goods/robe-0-3fa2b1c4d5.480x480.webp`): the original's key carries its content hash, so
 * a variant never changes under its name either, and is served with the original's year-long caching.
 * A new box is made for every stored picture by the next start (`makeMissingPictureVariants`); to
 * change how an existing box is encoded, give the size other dimensions or a new scheme.
 */

/** How a page shows a picture: the box of its `src`, and the widths its `srcset` offers (same aspect). */
export type PictureSize = { width: number; height: number; widths: readonly number[] };

export const pictureSizes = {
  /** Product cards (lists, new arrivals, recommendations). */
  card: { width: 480, height: 480, widths: [240, 480] },
  /** The product details page's gallery. */
  gallery: { width: 720, height: 720, widths: [360, 720] },
  /** The gallery's thumbnails (one size, no `srcset`). */
  thumbnail: { width: 72, height: 72, widths: [72] },
  /** The home page's banners. */
  banner: { width: 800, height: 300, widths: [400, 800, 1200] },
  /** The home page's go-to-buy advert. */
  advert: { width: 800, height: 300, widths: [400, 800] },
} as const satisfies Record<string, PictureSize>;

export type PictureSizeName = keyof typeof pictureSizes;

/** The sizes each folder of the store is shown at: products' pictures, adverts' pictures. */
const sizesOf: Record<'goods' | 'adverts', PictureSizeName[]> = {
  goods: ['card', 'gallery', 'thumbnail'],
  adverts: ['banner', 'advert'],
};

type Box = { width: number; height: number };

/** Every box a size's `srcset` names, its `src` among them. */
const boxesOf = (size: PictureSize): Box[] =>
  size.widths.map((width) => ({ width, height: Math.round((width * size.height) / size.width) }));

/** The boxes a stored picture is made in, by its folder (none for other folders: avatars). */
export function variantBoxes(storageKey: string): Box[] {
  const folder = storageKey.split('/')[0];
  const names = folder === 'goods' || folder === 'adverts' ? sizesOf[folder] : [];
  const boxes = new Map(
    names.flatMap((name) => boxesOf(pictureSizes[name])).map((box) => [`${box.width}x${box.height}`, box]),
  );
  return [...boxes.values()];
}

/** Every folder's boxes, as a text: a store migrated for another set of boxes is migrated again. */
export const variantScheme = () =>
  JSON.stringify(
    Object.keys(sizesOf).map((folder) => [
      folder,
      variantBoxes(`${folder}/`).map((box) => `${box.width}x${box.height}`),
    ]),
  );

/** The key (or URL) of a picture's variant in a box: the original's, the box before the extension. */
export const variantKey = (original: string, box: Box) =>
  `${original.replace(/\.[a-z0-9]+$/i, '')}.${box.width}x${box.height}.webp`;

/** A picture ready for <img>: its variant at the size's box, and the others as its `srcset`. */
export type SizedPicture = { src: string; srcSet?: string; width: number; height: number };

/** What a page puts in <img> for a stored picture's URL (as the API answers it) shown at `size`. */
export function sizedPicture(url: string, sizeName: PictureSizeName): SizedPicture {
  const size: PictureSize = pictureSizes[sizeName];
  const { width, height } = size;
  const boxes = boxesOf(size);
  return {
    src: variantKey(url, { width, height }),
    ...(boxes.length > 1 ? { srcSet: boxes.map((box) => `${variantKey(url, box)} ${box.width}w`).join(', ') } : {}),
    width,
    height,
  };
}

export const cardPicture = (picture: { url: string } | null) => (picture ? sizedPicture(picture.url, 'card') : null);

/** A variant could not be made from a picture (not an image sharp can read). */
export class PictureVariantError extends Error {
  constructor(storageKey: string, options?: ErrorOptions) {
    super(`the variants of picture ${storageKey} could not be made`, options);
    this.name = 'PictureVariantError';
  }
}

/**
 * Encodes a picture's variants, in memory: all of them or an error, so a caller stores all or nothing.
 * `only` limits it to the variants missing from the store.
 */
export async function encodePictureVariants(
  storageKey: string,
  original: Buffer,
  only?: (key: string) => boolean,
): Promise<{ key: string; body: Buffer }[]> {
  // Loaded here, not with the module: the pages import the sizes, and their render workers need no libvips.
  const { default: sharp } = await import('sharp');
  const wanted = variantBoxes(storageKey)
    .map((box) => ({ box, key: variantKey(storageKey, box) }))
    .filter(({ key }) => only?.(key) ?? true);
  try {
    return await Promise.all(
      wanted.map(async ({ box, key }) => ({
        key,
        body: await sharp(original, { failOn: 'error' })
          .rotate()
          .resize({ width: box.width, height: box.height, fit: 'cover', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch (error) {
    throw new PictureVariantError(storageKey, { cause: error });
  }
}

/**
 * Stores a picture with its variants: the variants first, the original last, so whoever finds the
 * original finds its variants. Each object is written whole (a folder writes a temporary file and
 * renames it; an S3 object appears whole), and only those not stored yet (the same picture stored
 * again keeps its files). A picture that cannot be encoded stores nothing; what this call wrote is
 * removed again when a later write fails.
 */
export async function storePictureWithVariants(storage: Storage, storageKey: string, original: Buffer) {
  const absent = new Set<string>();
  for (const key of [...variantBoxes(storageKey).map((box) => variantKey(storageKey, box)), storageKey])
    if (!(await storage.has(key))) absent.add(key);
  const variants = await encodePictureVariants(storageKey, original, (key) => absent.has(key));
  const written: string[] = [];
  try {
    for (const { key, body } of [
      ...variants,
      ...(absent.has(storageKey) ? [{ key: storageKey, body: original }] : []),
    ]) {
      await storage.put(key, body);
      written.push(key);
    }
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}
