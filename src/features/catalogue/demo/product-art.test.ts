import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-catalogue';
import { renderProductArt } from './product-art';

/* A demo option's picture shows the colour the option is named after ("Midnight" is navy, not pink). */

/** The hue (0–360) and lightness (0–1) of the middle of a picture, where the product stands. */
async function middleColour(png: Buffer) {
  const { data } = await sharp(png)
    .extract({ left: 370, top: 400, width: 60, height: 60 })
    .resize(1, 1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r, g, b] = [data[0]! / 255, data[1]! / 255, data[2]! / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  if (max === min) return { hue: 0, lightness, grey: true };
  const d = max - min;
  const hue = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: hue * 60, lightness, grey: d < 0.04 };
}

const product = (slug: string) => demoCatalogue.products!.find((candidate) => candidate.slug === slug)!;
const pictureOf = (slug: string, english: string) =>
  product(slug).specifications.find((spec) => spec.name.EN.includes(english))!.picture!;
const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('demo pictures of options', () => {
  it("name one of their product's pictures", () => {
    for (const item of demoCatalogue.products!) {
      const srcs = item.pictures.map((picture) => (typeof picture === 'string' ? picture : picture.src));
      for (const spec of item.specifications) if (spec.picture) expect(srcs).toContain(spec.picture);
    }
  });

  it.each([
    ['mulberry-silk-robe', 'Midnight', { hue: 224, dark: true }],
    ['mulberry-silk-robe', 'Champagne', { hue: 40, dark: false }],
    ['pebble-personal-massager', 'Blush', { hue: 350, dark: false }],
    ['pebble-personal-massager', 'Sage', { hue: 110, dark: false }],
    ['pebble-personal-massager', 'Lavender', { hue: 266, dark: false }],
  ])('%s in %s is drawn in that colour', async (slug, english, expected) => {
    const colour = await middleColour(await renderProductArt(pictureOf(slug, english)));
    expect(colour.grey).toBe(false);
    expect(hueDistance(colour.hue, expected.hue)).toBeLessThan(30);
    expect(colour.lightness < 0.45).toBe(expected.dark);
  });
});
