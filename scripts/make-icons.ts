/**
 * Makes the shop's app icons from its one SVG (public/favicon.svg) with sharp: the manifest's 192 and
 * 512 px icons, a maskable 512 px icon (the mark inside the safe zone on a full-bleed background),
 * the 180 px apple-touch-icon (full-bleed: iOS rounds the corners) and favicon.ico (16, 32, 48 px).
 * The PNGs are committed; run again after changing the SVG: `npx tsx scripts/make-icons.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const publicDir = new URL('../public/', import.meta.url);
const svg = await readFile(new URL('favicon.svg', publicDir));
/** The SVG's background colour, behind full-bleed icons. */
const background = /fill="(#[0-9a-f]{6})"/i.exec(svg.toString())?.[1] ?? '#6b2745';

const render = (size: number) =>
  sharp(svg, { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** The mark at `scale` of the side, centred on a full square of the background colour. */
async function fullBleed(size: number, scale: number) {
  const inner = Math.round(size * scale);
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: await render(inner), gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An .ico holding PNG images (supported by every browser that asks for /favicon.ico). */
function ico(images: { size: number; png: Buffer }[]) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const outputs: [string, Buffer][] = [
  ['icons/icon-192.png', await render(192)],
  ['icons/icon-512.png', await render(512)],
  // Maskable: the safe zone is the centre circle of 80 % of the side; the mark's square fits in 56 %.
  ['icons/icon-maskable-512.png', await fullBleed(512, 0.56)],
  ['apple-touch-icon.png', await fullBleed(180, 0.72)],
  ['favicon.ico', ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await render(size) }))))],
];
for (const [file, bytes] of outputs) {
  await writeFile(new URL(file, publicDir), bytes);
  console.log(`public/${file}  ${bytes.length} bytes`);
}
