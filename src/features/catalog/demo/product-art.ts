import sharp from 'sharp';
import { categories, type Category } from '@/features/catalog/catalog-import.schema';
import { demoCatalog } from './demo-catalog';
import { optionColours, type OptionColour } from './option-colours';

/*
 * Draws the demo catalogue's pictures: a reference `art:<slug>:<n>` (or `art:advert-<key>:<n>`)
 * becomes a soft, abstract still life; `art:<slug>:<n>:<colour>` draws the product in one of the
 * named `optionColours`, so a picture of the "Midnight" option is navy, not the product's swatch. Everything follows from the reference, so the same reference
 * always gives the same picture. The SVG holds no text: the server has no reliable fonts.
 *
 * Shot n = 0 is the product on a gradient backdrop, 1 a close-up, 2 a styled scene with props.
 * Motifs are drawn in their own coordinates: centred on x = 0 and resting on y = 0.
 */

export type ArtCategory = Category | 'advert';
export type ProductArtOptions = { width?: number; height?: number; category?: ArtCategory };

const PRODUCT_SIZE = { width: 800, height: 800 };
const ADVERT_SIZE = { width: 1600, height: 600 };

export function productArtSvg(ref: string, options: ProductArtOptions = {}): string {
  const { slug, shot, colour } = parseRef(ref);
  const category = options.category ?? categoryOf(slug);
  const size = category === 'advert' ? ADVERT_SIZE : PRODUCT_SIZE;
  const seed = hash(slug);
  const scene = new Scene(colour ? paletteInColour(optionColours[colour], slug, seed) : paletteFor(slug, seed), formFor(seed), random(hash(`${slug}:${shot}`)));
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
  if (!match || (match[3] !== undefined && !(match[3] in optionColours))) throw new Error(`not an art reference: ${ref}`);
  return { slug: match[1]!, shot: Number(match[2]), colour: match[3] as OptionColour | undefined };
}


function categoryOf(slug: string): ArtCategory {
  if (slug.startsWith('advert-')) return 'advert';
  const product = demoCatalog.products?.find((candidate) => candidate.slug === slug);
  // An imported catalogue may use art for products the demo does not know; any motif will do there.
  return product?.category ?? categories[hash(slug) % categories.length]!;
}

type Motif = Category | 'gift';

function motifForAdvert(slug: string): Motif {
  return categories.find((category) => slug.includes(category)) ?? 'gift';
}

// --- randomness, colour and form ----------------------------------------------------------------

/** FNV-1a: a stable 32-bit hash. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

type Random = {
  next: () => number;
  between: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
};

/** mulberry32: a small seeded generator. */
function random(seed: number): Random {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

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

type Palette = {
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
function paletteFor(slug: string, seed: number): Palette {
  const products = demoCatalog.products ?? [];
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
function paletteInColour([hue, saturation, lightness]: [number, number, number], slug: string, seed: number): Palette {
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

/** What a product looks like, the same in each of its shots: which variant of the motif, its proportions. */
type Form = { variant: 0 | 1 | 2; stretch: number; side: 1 | -1 };

function formFor(seed: number): Form {
  const generator = random(seed ^ 0x5bd1e995);
  return {
    variant: Math.floor(generator.next() * 3) as Form['variant'],
    stretch: generator.next(),
    side: generator.next() < 0.5 ? 1 : -1,
  };
}

// --- SVG building blocks ------------------------------------------------------------------------

type Stop = string | [colour: string, opacity: number];

class Scene {
  readonly defs: string[] = [];
  private ids = 0;

  readonly palette: Palette;
  readonly form: Form;
  readonly random: Random;

  constructor(palette: Palette, form: Form, random: Random) {
    this.palette = palette;
    this.form = form;
    this.random = random;
  }

  /** A linear gradient along `angle` degrees (0 = left to right, 90 = top to bottom). */
  linear(stops: Stop[], angle = 90): string {
    const radians = (angle * Math.PI) / 180;
    const [dx, dy] = [Math.cos(radians) / 2, Math.sin(radians) / 2];
    return this.define(
      'l',
      (id) =>
        `<linearGradient id="${id}" x1="${fixed(0.5 - dx)}" y1="${fixed(0.5 - dy)}" x2="${fixed(0.5 + dx)}" y2="${fixed(0.5 + dy)}">${stopTags(stops)}</linearGradient>`,
    );
  }

  /** A radial gradient; (cx, cy) and r are fractions of the shape's bounding box. */
  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    return this.define('r', (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopTags(stops)}</radialGradient>`);
  }

  blur(deviation: number): string {
    return this.define(
      'b',
      (id) => `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${fixed(deviation)}"/></filter>`,
    );
  }

  private define(prefix: string, tag: (id: string) => string): string {
    const id = `${prefix}${this.ids++}`;
    this.defs.push(tag(id));
    return `url(#${id})`;
  }
}

function stopTags(stops: Stop[]): string {
  return stops
    .map((stop, index) => {
      const [colour, opacity] = typeof stop === 'string' ? [stop, 1] : stop;
      const offset = stops.length === 1 ? 0 : index / (stops.length - 1);
      return `<stop offset="${fixed(offset)}" stop-color="${colour}" stop-opacity="${opacity}"/>`;
    })
    .join('');
}

function fixed(value: number): string {
  return Number(value.toFixed(2)).toString();
}

function place(content: string, x: number, y: number, scale = 1, rotate = 0): string {
  return `<g transform="translate(${fixed(x)} ${fixed(y)}) rotate(${fixed(rotate)}) scale(${fixed(scale)})">${content}</g>`;
}

/** A soft contact shadow under an object standing at (0, 0). */
function groundShadow(scene: Scene, width: number, strength = 0.28): string {
  return `<ellipse cx="0" cy="4" rx="${fixed(width / 2)}" ry="${fixed(width / 11)}" fill="${scene.palette.shadow}" opacity="${strength}" filter="${scene.blur(width / 16)}"/>`;
}

/** A cylinder's shading, left to right. */
function rounded(scene: Scene, dark: string, base: string, light: string): string {
  return scene.linear([dark, base, light, base, dark], 0);
}

// --- backdrops and props ------------------------------------------------------------------------

function backdrop(scene: Scene, width: number, height: number, angle: number): string {
  const [from, to] = scene.palette.backdrop;
  return `<rect width="${width}" height="${height}" fill="${scene.linear([from, to], angle)}"/>`;
}

function glow(scene: Scene, x: number, y: number, radius: number, opacity = 0.7): string {
  return `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="${fixed(radius)}" fill="${scene.radial([['#ffffff', opacity], ['#ffffff', 0]])}"/>`;
}

function bokeh(scene: Scene, width: number, height: number, count: number): string {
  const { random } = scene;
  const soft = scene.blur(6);
  return Array.from(
    { length: count },
    () =>
      `<circle cx="${fixed(random.between(0, width))}" cy="${fixed(random.between(0, height))}" r="${fixed(random.between(24, 110))}" fill="#ffffff" opacity="${fixed(random.between(0.12, 0.35))}" filter="${soft}"/>`,
  ).join('');
}

/** A table top across the lower part of the picture. */
function surface(scene: Scene, width: number, height: number, top: number): string {
  const { surface: colour, cream } = scene.palette;
  return `<rect x="0" y="${top}" width="${width}" height="${height - top}" fill="${scene.linear([cream, colour], 90)}"/>
<rect x="0" y="${top}" width="${width}" height="3" fill="#ffffff" opacity="0.6"/>`;
}

/** Two folded towels, stacked, with a woven stripe near one end. */
function foldedTowel(scene: Scene): string {
  const { cream, creamDark, accentLight } = scene.palette;
  const cloth = scene.linear([cream, creamDark], 90);
  const layer = (y: number, width: number) =>
    `<rect x="${-width / 2}" y="${y}" width="${width}" height="56" rx="24" fill="${cloth}"/>
<rect x="${width / 2 - 70}" y="${y}" width="18" height="56" fill="${accentLight}" opacity="0.85"/>
<path d="M ${-width / 2 + 24} ${y + 8} H ${width / 2 - 24}" stroke="#ffffff" stroke-width="3" opacity="0.7"/>`;
  return `${groundShadow(scene, 320, 0.22)}${layer(-56, 320)}${layer(-110, 300)}`;
}

/** A lit candle in a glass. */
function candle(scene: Scene): string {
  const { accentLight, cream } = scene.palette;
  const flame = scene.radial(['#fff6d6', '#ffd27a', ['#f29b4b', 0.9]], 0.5, 0.7, 0.6);
  return `${groundShadow(scene, 120, 0.2)}
${glow(scene, 0, -150, 90, 0.55)}
<rect x="-48" y="-112" width="96" height="112" rx="14" fill="${scene.linear([accentLight, '#ffffff', accentLight], 0)}" opacity="0.9"/>
<ellipse cx="0" cy="-100" rx="40" ry="9" fill="${cream}"/>
<path d="M 0 -100 V -116" stroke="#5b4a3e" stroke-width="3" stroke-linecap="round"/>
<path d="M 0 -150 C 8 -136 12 -126 12 -120 A 12 12 0 0 1 -12 -120 C -12 -126 -8 -136 0 -150 Z" fill="${flame}"/>`;
}

function petal(fill: string): string {
  return `<path d="M 0 0 C 10 -16 30 -16 38 0 C 30 13 10 13 0 0 Z" fill="${fill}"/>`;
}

function scatteredPetals(scene: Scene, xs: [number, number], ys: [number, number], count: number): string {
  const { random, palette } = scene;
  return Array.from({ length: count }, () =>
    place(
      petal(random.pick([palette.mainLight, palette.accent, palette.main])),
      random.between(...xs),
      random.between(...ys),
      random.between(0.8, 1.3),
      random.between(0, 360),
    ),
  ).join('');
}

function leaf(fill: string, vein: string, length = 130): string {
  return `<g transform="scale(${fixed(length / 130)})"><path d="M 0 0 C 30 -42 90 -52 130 -18 C 92 22 34 30 0 0 Z" fill="${fill}"/>
<path d="M 6 -2 C 50 -16 90 -20 124 -18" stroke="${vein}" stroke-width="2.5" fill="none" opacity="0.55" stroke-linecap="round"/></g>`;
}

/** A stem with leaves growing up from (0, 0). */
function sprig(scene: Scene, leaves = 5): string {
  const { accent, green, mainDark } = scene.palette;
  const items = Array.from({ length: leaves }, (_, index) =>
    place(leaf(index % 3 === 2 ? accent : green, mainDark, 90), 0, -40 - index * 42, 1, index % 2 === 0 ? -25 : 205),
  );
  return `<path d="M 0 0 C -6 -80 6 -160 -4 ${-60 - leaves * 42}" stroke="${mainDark}" stroke-width="4" fill="none" opacity="0.6" stroke-linecap="round"/>${items.join('')}`;
}

function drop(fill: string, size = 60): string {
  return `<g transform="scale(${fixed(size / 60)})"><path d="M 0 -60 C 18 -32 36 -8 36 14 A 36 36 0 0 1 -36 14 C -36 -8 -18 -32 0 -60 Z" fill="${fill}"/>
<ellipse cx="-12" cy="10" rx="7" ry="12" fill="#ffffff" opacity="0.55"/></g>`;
}

/** A heart standing on its tip at (0, 0). */
function heart(scene: Scene, [light, base]: [string, string], size = 150): string {
  const fill = scene.radial([light, base], 0.35, 0.3, 0.75);
  return `<g transform="scale(${fixed(size / 150)}) translate(0 -60)"><path d="M 0 60 C -120 -20 -140 -120 -70 -150 C -30 -166 0 -140 0 -110 C 0 -140 30 -166 70 -150 C 140 -120 120 -20 0 60 Z" fill="${fill}"/>
<ellipse cx="-60" cy="-100" rx="22" ry="14" transform="rotate(-35 -60 -100)" fill="#ffffff" opacity="0.45"/></g>`;
}

// --- lingerie -----------------------------------------------------------------------------------

function silk(scene: Scene, angle = 0): string {
  const { main, mainLight, mainDark } = scene.palette;
  return scene.linear([mainDark, main, mainLight, main, mainLight, main, mainDark], angle);
}

/** Scalloped lace hanging below a horizontal edge from x0 to x1 at y. */
function laceEdge(x0: number, x1: number, y: number, colour: string, radius = 11): string {
  const count = Math.max(1, Math.round((x1 - x0) / (radius * 2)));
  const step = (x1 - x0) / count;
  const scallops = Array.from({ length: count }, (_, index) => `A ${fixed(step / 2)} ${radius} 0 0 0 ${fixed(x0 + (index + 1) * step)} ${y}`);
  const eyelets = Array.from(
    { length: count },
    (_, index) =>
      `<circle cx="${fixed(x0 + (index + 0.5) * step)}" cy="${fixed(y + radius * 0.45)}" r="${fixed(radius * 0.28)}" fill="none" stroke="${colour}" stroke-width="1.5"/>`,
  );
  return `<path d="M ${x0} ${y} ${scallops.join(' ')} Z" fill="${colour}" opacity="0.85"/>${eyelets.join('')}`;
}

function bow(fill: string, edge: string): string {
  const loops = 'M 0 0 C -18 -22 -40 -14 -34 0 C -40 14 -18 22 0 0 Z M 0 0 C 18 -22 40 -14 34 0 C 40 14 18 22 0 0 Z';
  return `<path d="${loops}" fill="${fill}" stroke="${edge}" stroke-width="1.5" stroke-opacity="0.35"/>
<path d="M -4 4 L -14 26 M 4 4 L 14 26" stroke="${fill}" stroke-width="5" stroke-linecap="round"/>
<circle r="6" fill="${fill}" stroke="${edge}" stroke-width="1.5" stroke-opacity="0.35"/>`;
}

/** A slip on a wooden hanger. Its length and flare, and where the lace sits, vary by product. */
function hangerWithSlip(scene: Scene): string {
  const { metal, mainDark, cream } = scene.palette;
  const { variant, stretch } = scene.form;
  const hem = 430 + stretch * 140;
  const flare = 118 + stretch * 36;
  const waist = 188 + (hem - 188) * 0.4;
  const body = `M -92 188 Q 0 232 92 188 C 86 ${waist - 70} 80 ${waist - 40} 86 ${waist} C 96 ${waist + 80} ${flare - 20} ${hem - 60} ${flare} ${hem} L ${-flare} ${hem} C ${20 - flare} ${hem - 60} -96 ${waist + 80} -86 ${waist} C -80 ${waist - 40} -86 ${waist - 70} -92 188 Z`;
  const folds = [-0.55, 0.05, 0.6]
    .map((k) => `M ${fixed(k * 50)} 262 C ${fixed(k * 70)} ${fixed(waist + 20)} ${fixed(k * flare * 0.8)} ${fixed(hem - 90)} ${fixed(k * flare)} ${fixed(hem - 4)}`)
    .join(' ');
  const trim = {
    0: laceEdge(-flare, flare, hem - 2, cream, 12),
    1: `${laceEdge(-flare, flare, hem - 2, cream, 12)}${place(bow(cream, mainDark), 0, 222, 0.8)}`,
    2: `<rect x="-88" y="${fixed(waist - 44)}" width="176" height="10" fill="${cream}" opacity="0.9"/>${laceEdge(-88, 88, waist - 34, cream, 8)}`,
  }[variant];
  return `${groundShadow(scene, 260, 0.14)}
<g transform="translate(0 ${fixed(-hem - 40)})">
<path d="M 0 40 V 16 C 0 -6 28 -8 28 10" stroke="${scene.linear(metal, 0)}" stroke-width="7" fill="none" stroke-linecap="round"/>
<path d="M -70 80 L -86 192 M 70 80 L 86 192" stroke="${mainDark}" stroke-width="4" stroke-linecap="round"/>
<path d="M -170 118 Q 0 20 170 118" stroke="${scene.linear(['#d9b994', '#b58b62'], 90)}" stroke-width="16" fill="none" stroke-linecap="round"/>
<path d="${body}" fill="${silk(scene)}"/>
<path d="${folds}" stroke="${mainDark}" stroke-width="3" fill="none" opacity="0.2"/>
<path d="M -92 190 Q 0 234 92 190" stroke="${cream}" stroke-width="7" fill="none" stroke-linecap="round"/>
<path d="M -88 194 Q 0 238 88 194" stroke="${mainDark}" stroke-width="2" stroke-dasharray="2 7" fill="none" opacity="0.4"/>
${trim}
</g>`;
}

/** A close crop of silk folds with a lace border. */
function silkDrape(scene: Scene, width: number, height: number): string {
  const { random, palette } = scene;
  const bands = Array.from({ length: 4 }, (_, index) => {
    const y = height * (0.15 + index * 0.22) + random.between(-30, 30);
    const swing = random.between(90, 170);
    const edge = `M -60 ${fixed(y)} C ${width * 0.3} ${fixed(y - swing)} ${width * 0.6} ${fixed(y + swing)} ${width + 60} ${fixed(y - 40)}`;
    return `<path d="${edge} L ${width + 60} ${height + 60} L -60 ${height + 60} Z" fill="${silk(scene, 80 + index * 10)}"/>
<path d="${edge}" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.35" filter="${scene.blur(4)}"/>`;
  });
  const laceY = height * (0.74 + scene.form.stretch * 0.08);
  return `${bands.join('')}
<rect x="-20" y="${fixed(laceY)}" width="${width + 40}" height="${fixed(height - laceY + 20)}" fill="${palette.mainDark}" opacity="0.25"/>
${place(laceEdge(-40, width + 40, 0, palette.cream, 16), 0, laceY)}`;
}

/** Two folds of silk, the upper one trimmed with lace, tied with a small bow. */
function foldedSilk(scene: Scene): string {
  const { cream, mainDark } = scene.palette;
  return `<rect x="-130" y="-50" width="260" height="50" rx="18" fill="${silk(scene, 0)}"/>
<rect x="-120" y="-96" width="240" height="52" rx="18" fill="${silk(scene, 0)}"/>
<path d="M -96 -88 C -56 -70 -16 -96 24 -76 C 64 -58 92 -88 112 -74" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.35"/>
${laceEdge(-112, 112, -46, cream, 8)}
${place(bow(cream, mainDark), 0, -96, 0.6)}`;
}

// --- toys ---------------------------------------------------------------------------------------

/** A smooth river-stone shape resting on y = 0. No button or seam: any mark on it reads as a face. */
function pebble(scene: Scene, fill: string, width = 300, tilt = 0): string {
  const w = width / 2;
  const h = width * (0.32 + scene.form.stretch * 0.08);
  const shape = `M ${-w} ${fixed(-h)} C ${-w} ${fixed(-h * 2.05)} ${fixed(-w * 0.35)} ${fixed(-h * 2.2)} ${fixed(w * 0.1)} ${fixed(-h * 2.15)} C ${fixed(w * 0.7)} ${fixed(-h * 2.1)} ${fixed(w * 1.04)} ${fixed(-h * 1.7)} ${w} ${fixed(-h * 0.95)} C ${fixed(w * 0.98)} ${fixed(-h * 0.2)} ${fixed(w * 0.5)} 0 0 0 C ${fixed(-w * 0.55)} 0 ${-w} ${fixed(-h * 0.25)} ${-w} ${fixed(-h)} Z`;
  const sheen = scene.radial([['#ffffff', 0.75], ['#ffffff', 0]], 0.32, 0.28, 0.5);
  const shade = scene.linear([['#000000', 0], ['#000000', 0.22]], 90);
  return `${groundShadow(scene, width * 0.95)}
<g transform="rotate(${fixed(tilt)} 0 ${fixed(-h)})">
<path d="${shape}" fill="${fill}"/>
<path d="${shape}" fill="${shade}"/>
<path d="${shape}" fill="${sheen}"/>
</g>`;
}

/** A flat round charging dock. */
function dock(scene: Scene, width = 240): string {
  const { creamDark, cream, mainDark } = scene.palette;
  const w = width / 2;
  return `${groundShadow(scene, width, 0.2)}
<ellipse cx="0" cy="-14" rx="${w}" ry="${fixed(w * 0.24)}" fill="${creamDark}"/>
<ellipse cx="0" cy="-22" rx="${w}" ry="${fixed(w * 0.24)}" fill="${scene.linear([cream, creamDark], 90)}"/>
<circle cx="${fixed(w * 0.7)}" cy="-18" r="4" fill="${mainDark}" opacity="0.5"/>`;
}

function toysHero(scene: Scene): string {
  const { palette, random, form } = scene;
  const tilt = () => random.between(-8, 8);
  switch (form.variant) {
    case 0:
      return `${place(pebble(scene, palette.accent, 190, tilt()), form.side * 130, -6)}${place(pebble(scene, palette.main, 320, tilt()), -form.side * 45, 0)}`;
    case 1:
      return `${dock(scene, 300)}${place(pebble(scene, palette.main, 280, tilt()), 0, -30)}`;
    case 2:
      return `${place(pebble(scene, palette.mainLight, 130, tilt()), form.side * 170, -4)}
${place(pebble(scene, palette.accent, 180, tilt()), form.side * 20, -2)}
${place(pebble(scene, palette.main, 240, tilt()), -form.side * 130, 0)}`;
  }
}

// --- private care -------------------------------------------------------------------------------

/** A blank label with a small leaf mark: a brand without words. */
function label(scene: Scene, width: number, height: number, y: number): string {
  const { accent, accentLight } = scene.palette;
  return `<rect x="${fixed(-width / 2)}" y="${fixed(y)}" width="${fixed(width)}" height="${fixed(height)}" rx="10" fill="#ffffff" opacity="0.78"/>
<circle cx="0" cy="${fixed(y + height * 0.38)}" r="${fixed(height * 0.2)}" fill="${accentLight}"/>
${place(leaf(accent, '#ffffff', height * 0.3), -height * 0.12, y + height * 0.45, 1, -40)}
<rect x="${fixed(-width * 0.3)}" y="${fixed(y + height * 0.72)}" width="${fixed(width * 0.6)}" height="5" rx="2.5" fill="${accent}" opacity="0.6"/>`;
}

function pumpBottle(scene: Scene, height = 300): string {
  const { main, mainLight, mainDark, metal } = scene.palette;
  const h = height - 70;
  const chrome = scene.linear(metal, 0);
  return `${groundShadow(scene, 170)}
<rect x="-72" y="${-h}" width="144" height="${h}" rx="30" fill="${rounded(scene, mainDark, main, mainLight)}"/>
<rect x="-50" y="${-h + 18}" width="14" height="${h - 50}" rx="7" fill="#ffffff" opacity="0.3"/>
${label(scene, 112, 96, -h * 0.62)}
<rect x="-24" y="${-h - 28}" width="48" height="34" rx="6" fill="${chrome}"/>
<rect x="-7" y="${-h - 48}" width="14" height="24" fill="${chrome}"/>
<rect x="-32" y="${-h - 72}" width="64" height="28" rx="9" fill="${chrome}"/>
<rect x="20" y="${-h - 68}" width="62" height="14" rx="7" fill="${metal[1]}"/>`;
}

/** A squeeze tube standing on its cap. */
function tube(scene: Scene): string {
  const { main, mainLight, mainDark, cream, creamDark } = scene.palette;
  const crimp = Array.from({ length: 10 }, (_, index) => `<path d="M ${-58 + index * 12.8} -312 V -290" stroke="${mainDark}" stroke-width="1.5" opacity="0.4"/>`);
  return `${groundShadow(scene, 120)}
<rect x="-36" y="-46" width="72" height="46" rx="10" fill="${rounded(scene, creamDark, cream, '#ffffff')}"/>
<path d="M -38 -44 L -64 -292 H 64 L 38 -44 Z" fill="${rounded(scene, mainDark, main, mainLight)}"/>
<rect x="-68" y="-314" width="136" height="26" rx="4" fill="${scene.linear([mainDark, main, mainDark], 0)}"/>${crimp.join('')}
${label(scene, 80, 84, -210)}`;
}

function jar(scene: Scene, width = 180): string {
  const { accent, accentLight, mainLight, cream } = scene.palette;
  const w = width / 2;
  const ridges = Array.from({ length: 7 }, (_, index) => {
    const x = -w + 14 + (index * (width - 28)) / 6;
    return `<path d="M ${fixed(x)} -140 V -110" stroke="#ffffff" stroke-width="2" opacity="0.35"/>`;
  });
  return `${groundShadow(scene, width * 1.05)}
<rect x="${-w}" y="-112" width="${width}" height="112" rx="24" fill="${scene.linear([cream, mainLight, cream], 0)}"/>
<rect x="${-w + 16}" y="-98" width="12" height="78" rx="6" fill="#ffffff" opacity="0.5"/>
<rect x="${-w - 6}" y="-150" width="${width + 12}" height="46" rx="14" fill="${scene.linear([accent, accentLight, accent], 0)}"/>${ridges.join('')}`;
}

function privateCareHero(scene: Scene): string {
  const { palette, form } = scene;
  switch (form.variant) {
    case 0:
      return `${place(jar(scene, 170), form.side * 110, 0)}${place(pumpBottle(scene), -form.side * 60, 0)}`;
    case 1:
      return `${place(pumpBottle(scene), form.side * 80, 0)}${place(tube(scene), -form.side * 90, 10, 0.85)}`;
    case 2:
      return `${place(tube(scene), -form.side * 40, 0)}${place(jar(scene, 150), form.side * 120, 8)}
${place(drop(palette.mainLight, 40), form.side * 150, -230)}${place(drop(palette.accentLight, 28), form.side * 200, -290)}`;
  }
}

// --- health -------------------------------------------------------------------------------------

function capsule(left: string, right: string, length = 120): string {
  const r = length / 5;
  const half = length / 2 - r;
  return `<path d="M 0 ${-r} H ${-half} A ${r} ${r} 0 0 0 ${-half} ${r} H 0 Z" fill="${left}"/>
<path d="M 0 ${-r} H ${half} A ${r} ${r} 0 0 1 ${half} ${r} H 0 Z" fill="${right}"/>
<path d="M ${-half} ${fixed(-r * 0.45)} H ${half}" stroke="#ffffff" stroke-width="${fixed(r * 0.3)}" stroke-linecap="round" opacity="0.45"/>`;
}

/** A round gummy, seen from above at a slant. */
function gummy(fill: string, size = 44): string {
  const r = size / 2;
  return `<ellipse cx="0" cy="${fixed(-r * 0.8)}" rx="${r}" ry="${fixed(r * 0.8)}" fill="${fill}"/>
<ellipse cx="${fixed(-r * 0.3)}" cy="${fixed(-r * 1.1)}" rx="${fixed(r * 0.35)}" ry="${fixed(r * 0.2)}" fill="#ffffff" opacity="0.55"/>`;
}

function supplementBottle(scene: Scene): string {
  const { main, mainLight, mainDark, cream, creamDark } = scene.palette;
  const ridges = Array.from({ length: 9 }, (_, index) => `<path d="M ${-54 + index * 13.5} -268 V -222" stroke="${creamDark}" stroke-width="2"/>`);
  return `${groundShadow(scene, 180)}
<rect x="-80" y="-228" width="160" height="228" rx="34" fill="${rounded(scene, mainDark, main, mainLight)}"/>
<rect x="-60" y="-210" width="14" height="180" rx="7" fill="#ffffff" opacity="0.3"/>
${label(scene, 124, 104, -170)}
<rect x="-62" y="-272" width="124" height="54" rx="12" fill="${scene.linear([creamDark, cream, creamDark], 0)}"/>${ridges.join('')}`;
}

function capsuleScatter(scene: Scene, count: number, xs: [number, number], ys: [number, number]): string {
  const { random, palette } = scene;
  return Array.from({ length: count }, () =>
    place(
      capsule(random.pick([palette.accent, palette.mainDark]), palette.cream, random.between(70, 90)),
      random.between(...xs),
      random.between(...ys),
      1,
      random.between(-60, 60),
    ),
  ).join('');
}

function healthHero(scene: Scene): string {
  const { palette, random, form } = scene;
  const pill = (x: number, y: number) => place(capsule(palette.accent, palette.cream, 64), x, y, 1, random.between(-50, 50));
  const side = form.side;
  switch (form.variant) {
    case 0:
      return `${place(sprig(scene, 4), side * 100, -10, 0.8, side * 20)}${place(supplementBottle(scene), -side * 30, 0)}
${place(leaf(palette.accent, palette.mainDark, 110), -side * 230, 6, 1, side === 1 ? random.between(-25, -5) : random.between(185, 205))}
${pill(-side * 150, 18)}${pill(side * 110, 22)}${pill(side * 180, 8)}`;
    case 1: {
      const gummies = [-190, -130, 80, 140].map((x, index) =>
        place(gummy(index % 2 === 0 ? palette.main : palette.accent), side * x, 14 + (index % 2) * 12),
      );
      return `${place(heart(scene, [palette.accentLight, palette.accent], 220), side * 110, -6)}${place(jar(scene, 200), -side * 40, 0)}${gummies.join('')}`;
    }
    case 2:
      return `${place(sprig(scene, 5), -side * 150, -6, 0.8, -side * 18)}
${place(supplementBottle(scene), -side * 50, 0)}${place(heart(scene, [palette.accentLight, palette.accent], 130), side * 120, 0)}
${pill(-side * 200, 14)}${pill(side * 220, 18)}`;
  }
}

// --- compositions -------------------------------------------------------------------------------

function giftBox(scene: Scene): string {
  const { main, mainDark, mainLight, accent, accentLight } = scene.palette;
  return `${groundShadow(scene, 300)}
<rect x="-140" y="-200" width="280" height="200" rx="10" fill="${scene.linear([mainLight, main], 90)}"/>
<rect x="-154" y="-250" width="308" height="60" rx="10" fill="${scene.linear([mainLight, main, mainDark], 90)}"/>
<rect x="-20" y="-250" width="40" height="250" fill="${scene.linear([accentLight, accent], 0)}"/>
<path d="M 0 -250 C -40 -330 -130 -320 -100 -270 C -80 -244 -30 -248 0 -250 Z" fill="${accent}"/>
<path d="M 0 -250 C 40 -330 130 -320 100 -270 C 80 -244 30 -248 0 -250 Z" fill="${accent}"/>
<ellipse cx="0" cy="-252" rx="20" ry="16" fill="${accentLight}"/>`;
}

/** How much each hero is enlarged so that they fill a picture alike. */
const heroScale: Record<Motif, number> = { lingerie: 0.92, toys: 1.35, 'private-care': 1.35, health: 1.3, gift: 1.2 };

/** The product on its own, resting at (0, 0). */
function hero(scene: Scene, motif: Motif): string {
  switch (motif) {
    case 'lingerie':
      return hangerWithSlip(scene);
    case 'toys':
      return toysHero(scene);
    case 'private-care':
      return privateCareHero(scene);
    case 'health':
      return healthHero(scene);
    case 'gift':
      return giftBox(scene);
  }
}

/** The product seen closer, overflowing the 800 × 800 frame. */
function closeUp(scene: Scene, category: Category): string {
  const { palette, random, form } = scene;
  switch (category) {
    case 'lingerie':
      return silkDrape(scene, 800, 800);
    case 'toys':
      return `${place(pebble(scene, palette.accent, 300, random.between(-12, 12)), 400 + form.side * random.between(160, 240), 300)}
${place(pebble(scene, palette.main, 620, random.between(-8, 8)), 400 - form.side * random.between(0, 60), 720)}`;
    case 'private-care': {
      const product = form.variant === 0 ? pumpBottle(scene, 420) : tube(scene);
      const [scale, y] = form.variant === 0 ? [2.1, 960] : [2.3, 1000];
      return `${place(product, 400 - form.side * random.between(0, 50), y, scale, form.side * random.between(2, 8))}
${place(drop(palette.mainLight, 70), 400 + form.side * 250, 540)}${place(drop(palette.accentLight, 46), 400 - form.side * 250, 600)}${place(drop(palette.mainLight, 34), 400 + form.side * 300, 660)}`;
    }
    case 'health': {
      const small =
        form.variant === 1
          ? [140, 250, 540, 640].map((x, index) => place(gummy(index % 2 === 0 ? palette.accent : palette.mainLight, 70), x, 700 + (index % 2) * 40)).join('')
          : capsuleScatter(scene, 5, [140, 600], [620, 730]);
      return `${place(leaf(palette.green, palette.mainDark, 220), 170, 130, 1, 200)}
${place(leaf(palette.accent, palette.mainDark, 180), 690, 700, 1, -20)}
${place(`${groundShadow(scene, 300, 0.18)}${heart(scene, [palette.mainLight, palette.main], 280)}`, 400 + random.between(-30, 30), 590)}
${place(drop(palette.accentLight, 50), 640, 230)}
${small}`;
    }
  }
}

/** The product on folded towels beside a candle and a sprig: a bathroom shelf or bedside table. */
function lifestyle(scene: Scene, category: Category): string {
  const { random, palette, form } = scene;
  const { width, height } = PRODUCT_SIZE;
  const flip = random.next() < 0.5 ? 1 : -1;
  const focus = {
    lingerie: () => place(foldedSilk(scene), 0, -110, 1.05),
    toys: () => place(pebble(scene, palette.main, 220, random.between(-8, 8)), 0, -110),
    'private-care': () =>
      form.variant === 0
        ? `${place(pumpBottle(scene, 260), -60, -110, 0.9)}${place(jar(scene, 120), 80, -110)}`
        : `${place(tube(scene), -50, -110, 0.75)}${place(jar(scene, 120), 80, -110)}`,
    health: () =>
      form.variant === 1
        ? `${place(jar(scene, 160), -30, -110)}${place(heart(scene, [palette.accentLight, palette.accent], 80), 100, -110)}`
        : `${place(supplementBottle(scene), -40, -110, 0.8)}${place(heart(scene, [palette.accentLight, palette.accent], 100), 90, -110)}`,
  }[category]();
  return `${backdrop(scene, width, height, 90)}
${glow(scene, width / 2 + flip * 160, 200, 260, 0.6)}
${surface(scene, width, height, 540)}
${place(candle(scene), width / 2 + flip * 270, 670, 1.3)}
${place(`${foldedTowel(scene)}${focus}`, width / 2 - flip * 80, 700, 1.45)}
${place(sprig(scene, 5), width / 2 + flip * 360, 728, 0.65, -flip * 84)}
${scatteredPetals(scene, [60, 740], [720, 790], 6)}`;
}

function productScene(scene: Scene, category: Category, shot: number): string {
  const { random } = scene;
  const { width, height } = PRODUCT_SIZE;
  switch (shot % 3) {
    case 0: {
      const x = width / 2 + random.between(-25, 25);
      return `${backdrop(scene, width, height, random.between(45, 135))}
${glow(scene, x, 380, 340, 0.75)}
${place(hero(scene, category), x, 660, heroScale[category] * random.between(0.96, 1.04), random.between(-2, 2))}`;
    }
    case 1:
      return `${backdrop(scene, width, height, random.between(-30, 30))}
${bokeh(scene, width, height, 7)}
${closeUp(scene, category)}`;
    default:
      return lifestyle(scene, category);
  }
}

/** A wide banner: calm on the left, where the page sets the advert's text, the motif on the right. */
function advertScene(scene: Scene, motif: Motif): string {
  const { random, palette } = scene;
  const { width, height } = ADVERT_SIZE;
  const swing = random.between(60, 120);
  const wave = (y: number, opacity: number) =>
    `<path d="M 0 ${y} C 400 ${fixed(y - swing)} 900 ${fixed(y + swing)} ${width} ${y - 30} V ${height} H 0 Z" fill="${silk(scene, 10)}" opacity="${opacity}"/>`;
  return `${backdrop(scene, width, height, 0)}
${bokeh(scene, width, height, 6)}
${wave(470, 0.45)}${wave(530, 0.7)}
${glow(scene, 1150, 280, 320, 0.7)}
${place(hero(scene, motif), 1150, 550, heroScale[motif] * 0.8)}
${scatteredPetals(scene, [860, 1540], [566, 594], 5)}
${motif === 'lingerie' ? '' : place(leaf(palette.accent, palette.mainDark, 130), 1420, 560, 1, -14)}`;
}
