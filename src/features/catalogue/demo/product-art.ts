import sharp from 'sharp';
import { categories, type Category } from '@/lib/categories';
import { advertScene, motifForAdvert } from './art/advert';
import { paletteFor, paletteInColour } from './art/palette';
import { hash, random } from './art/random';
import { ADVERT_SIZE, formFor, PRODUCT_SIZE, Scene } from './art/scene';
import { productScene } from './art/shots';
import { demoCatalogue } from './demo-catalogue';
import { type OptionColour, optionColours } from './option-colours';

/*
 * Draws the demo catalogue's pictures: a reference `art:<slug>:<n>` (or `art:advert-<key>:<n>`)
 * becomes a soft, abstract still life; `art:<slug>:<n>:<colour>` draws the product in one of the
 * named `optionColours`, so a picture of the "Midnight" option is navy, not the product's swatch. Everything follows from the reference, so the same reference
 * always gives the same picture. The SVG holds no text: the server has no reliable fonts.
 *
 * Shot n = 0 is the product on a gradient backdrop, 1 a close-up, 2 a styled scene with props
 * (art/shots.ts); an advert is a wide banner (art/advert.ts). The colours come from art/palette.ts,
 * the SVG building blocks from art/scene.ts, the things drawn from a file per category and art/props.ts.
 */

export type ArtCategory = Category | 'advert';
export type ProductArtOptions = { width?: number; height?: number; category?: ArtCategory };

export function productArtSvg(ref: string, options: ProductArtOptions = {}): string {
  const { slug, shot, colour } = parseRef(ref);
  const category = options.category ?? categoryOf(slug);
  const size = category === 'advert' ? ADVERT_SIZE : PRODUCT_SIZE;
  const seed = hash(slug);
  const scene = new Scene(
    colour ? paletteInColour(optionColours[colour], slug, seed) : paletteFor(slug, seed),
    formFor(seed),
    random(hash(`${slug}:${shot}`)),
  );
  const body = category === 'advert' ? advertScene(scene, motifForAdvert(slug)) : productScene(scene, category, shot);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${options.width ?? size.width}" height="${options.height ?? size.height}"` +
    ` viewBox="0 0 ${size.width} ${size.height}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${scene.defs.join('')}</defs>${body}</svg>`
  );
}

export function renderProductArt(ref: string, category?: ArtCategory): Promise<Buffer> {
  const svg = productArtSvg(ref, category ? { category } : {});
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function parseRef(ref: string): { slug: string; shot: number; colour: OptionColour | undefined } {
  const match = /^art:([a-z0-9][a-z0-9-]*):(\d+)(?::([a-z-]+))?$/.exec(ref);
  if (!match || (match[3] !== undefined && !(match[3] in optionColours)))
    throw new Error(`not an art reference: ${ref}`);
  return { slug: match[1]!, shot: Number(match[2]), colour: match[3] as OptionColour | undefined };
}

function categoryOf(slug: string): ArtCategory {
  if (slug.startsWith('advert-')) return 'advert';
  const product = demoCatalogue.products?.find((candidate) => candidate.slug === slug);
  // An imported catalogue may use art for products the demo does not know; any motif will do there.
  return product?.category ?? categories[hash(slug) % categories.length]!;
}
