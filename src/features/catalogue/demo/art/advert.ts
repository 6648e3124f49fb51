import { categories } from '@/lib/categories';
import { silk } from './lingerie';
import { backdrop, bokeh, glow, leaf, scatteredPetals } from './props';
import { ADVERT_SIZE, fixed, place, Scene } from './scene';
import { hero, heroScale, type Motif } from './shots';

/* An advert's wide banner, drawing the motif of the category its key names, or a gift. */

export function motifForAdvert(slug: string): Motif {
  return categories.find((category) => slug.includes(category)) ?? 'gift';
}

/** A wide banner: calm on the left, where the page sets the advert's text, the motif on the right. */
export function advertScene(scene: Scene, motif: Motif): string {
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
