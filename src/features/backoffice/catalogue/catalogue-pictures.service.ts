import sharp from 'sharp';
import { isStoredPicture, STORED_PICTURE, storePicture } from '@/features/catalogue/catalogue-import.service';
import type { ShopDeps } from '@/server/deps';
import { invalidInput } from '@/server/http/errors';

/* Pictures the back office uploads and shows: stored through the import's picture pipeline, served from storage. */

/** Where a picture reference is served: a `stored:` one from storage, any other as it is. */
export const pictureUrl = (deps: Pick<ShopDeps, 'storage'>, reference: string) =>
  isStoredPicture(reference) ? deps.storage.url(reference.slice(STORED_PICTURE.length)) : reference;

export const PICTURE_BYTES_MAX = 8 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const isPng = (bytes: Buffer) =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/**
 * Stores an uploaded picture as WebP through the import's picture pipeline (a product's unless told
 * where and how large), with the sizes the pages show it at; answers its reference. Recognised by its
 * bytes (JPEG, PNG, WebP) so no other decoder sees the upload; -218 `file` otherwise, and for a picture
 * that cannot be encoded, which then leaves nothing stored.
 */
export async function uploadPicture(
  deps: Pick<ShopDeps, 'storage'>,
  bytes: Buffer,
  { keyPrefix, maxPx }: { keyPrefix: string; maxPx?: number } = { keyPrefix: 'goods/upload' },
) {
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
