import type { Palette } from './palette';
import { random, type Random } from './random';

/*
 * SVG building blocks: a Scene collects the gradients and filters a picture defines, with the palette,
 * the product's form and the shot's randomness. Motifs are drawn in their own coordinates: centred on
 * x = 0 and resting on y = 0.
 */

/** The frames a picture is drawn in: a product's square, an advert's wide banner. */
export const PRODUCT_SIZE = { width: 800, height: 800 };
export const ADVERT_SIZE = { width: 1600, height: 600 };

/** What a product looks like, the same in each of its shots: which variant of the motif, its proportions. */
type Form = { variant: 0 | 1 | 2; stretch: number; side: 1 | -1 };

export function formFor(seed: number): Form {
  const generator = random(seed ^ 0x5bd1e995);
  return {
    variant: Math.floor(generator.next() * 3) as Form['variant'],
    stretch: generator.next(),
    side: generator.next() < 0.5 ? 1 : -1,
  };
}

type Stop = string | [colour: string, opacity: number];

export class Scene {
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
    return this.define(
      'r',
      (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopTags(stops)}</radialGradient>`,
    );
  }

  blur(deviation: number): string {
    return this.define(
      'b',
      (id) =>
        `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${fixed(deviation)}"/></filter>`,
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

export function fixed(value: number): string {
  return Number(value.toFixed(2)).toString();
}

export function place(content: string, x: number, y: number, scale = 1, rotate = 0): string {
  return `<g transform="translate(${fixed(x)} ${fixed(y)}) rotate(${fixed(rotate)}) scale(${fixed(scale)})">${content}</g>`;
}

/** A soft contact shadow under an object standing at (0, 0). */
export function groundShadow(scene: Scene, width: number, strength = 0.28): string {
  return `<ellipse cx="0" cy="4" rx="${fixed(width / 2)}" ry="${fixed(width / 11)}" fill="${scene.palette.shadow}" opacity="${strength}" filter="${scene.blur(width / 16)}"/>`;
}

/** A cylinder's shading, left to right. */
export function rounded(scene: Scene, dark: string, base: string, light: string): string {
  return scene.linear([dark, base, light, base, dark], 0);
}
