import { categories } from '@/lib/categories';
import { demoCatalogue } from '../demo-catalogue';

/* The colours a picture is drawn in: a product's own muted swatch, or the named colour of one of its options. */

function hsl(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/**
 * Hue and saturation of the colours the pictures are drawn in: muted boutique tones. Yellow-greens
 * are left out because at these lightnesses they turn muddy.
 */
const swatches: [hue: number, saturation: number][] = [
  [350, 42], // blush
  [36, 34], // champagne
  [282, 26], // plum
  [205, 34], // sky
  [8, 40], // rose
  [150, 24], // sage
  [232, 30], // periwinkle
  [20, 34], // terracotta
  [182, 28], // teal
  [322, 28], // mauve
  [262, 30], // lavender
  [165, 26], // mint
];

export type Palette = {
  backdrop: [string, string];
  surface: string;
  main: string;
  mainLight: string;
  mainDark: string;
  accent: string;
  accentLight: string;
  green: string;
  shadow: string;
  cream: string;
  creamDark: string;
  metal: [string, string];
};

/**
 * Demo products take their swatch from their place in the catalogue, so the products of one
 * category never share a colour; anything else picks one by hash.
 */
export function paletteFor(slug: string, seed: number): Palette {
  const products = demoCatalogue.products ?? [];
  const product = products.find((candidate) => candidate.slug === slug);
  const siblings = product ? products.filter((candidate) => candidate.category === product.category) : [];
  const offset = product ? categories.indexOf(product.category) * 3 : 0;
  const index = product ? (offset + siblings.indexOf(product) * 5) % swatches.length : seed % swatches.length;
  const [hue, saturation] = swatches[index]!;
  const [accentHue, accentSaturation] = swatches[(index + 3 + ((seed >>> 8) % 3)) % swatches.length]!;
  const jitter = ((seed >>> 16) % 13) - 6;
  return {
    backdrop: [hsl(hue + jitter, saturation, 95), hsl(hue + jitter + 12, saturation - 4, 86)],
    surface: hsl(hue, 18, 90),
    main: hsl(hue + jitter, saturation + 4, 66),
    mainLight: hsl(hue + jitter, saturation + 10, 84),
    mainDark: hsl(hue + jitter, saturation - 4, 46),
    accent: hsl(accentHue, accentSaturation, 72),
    accentLight: hsl(accentHue, accentSaturation + 6, 87),
    green: hsl(128 + jitter * 2, 22, 58),
    shadow: hsl(hue, 30, 28),
    cream: '#fbf7f1',
    creamDark: '#e9e0d3',
    metal: ['#f4efe6', '#c8b79c'],
  };
}

/** A product drawn in a named colour: the product itself in that colour, on a pale backdrop of its hue; the accents stay the product's own. */
export function paletteInColour(
  [hue, saturation, lightness]: [number, number, number],
  slug: string,
  seed: number,
): Palette {
  const own = paletteFor(slug, seed);
  const soft = Math.min(saturation, 30);
  return {
    ...own,
    backdrop: [hsl(hue, soft, 95), hsl(hue + 10, soft - 4, 87)],
    surface: hsl(hue, Math.min(saturation, 18), 90),
    main: hsl(hue, saturation, lightness),
    mainLight: hsl(hue, saturation, Math.min(lightness + 14, 96)),
    mainDark: hsl(hue, saturation, Math.max(lightness - 18, 6)),
    shadow: hsl(hue, 30, Math.min(lightness, 28)),
  };
}
