import sharp from 'sharp';
import { ShopError, invalidInput } from '@/server/http/errors';

/*
 * Avatars are recognised by their bytes, never by name or declared type, decoded only within size
 * limits, and re-encoded: what is stored is a fresh 256 × 256 WebP without metadata.
 */

export const AVATAR_SIZE = 256;
/** Refuses decompression bombs before any pixel is decoded. */
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 10_000;

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const isPng = (bytes: Buffer) =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/** The stored avatar for an upload; -218 (field `file`) for anything but a sane JPEG or PNG. */
export async function prepareAvatar(upload: Buffer): Promise<Buffer> {
  // Checking the magic bytes first keeps every other decoder (SVG, HTML, …) away from the upload.
  if (!isJpeg(upload) && !isPng(upload)) throw invalidInput('file');
  const image = sharp(upload, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  try {
    const { format, width, height } = await image.metadata();
    const sane =
      (format === 'jpeg' || format === 'png') &&
      width &&
      height &&
      Math.max(width, height) <= MAX_SIDE &&
      width * height <= MAX_PIXELS;
    if (!sane) throw invalidInput('file');
    return await image
      .rotate() // EXIF orientation, before the metadata is dropped
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw error instanceof ShopError ? error : invalidInput('file');
  }
}
