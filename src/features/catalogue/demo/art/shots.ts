import type { Category } from '@/lib/categories';
import { capsuleScatter, gummy, healthHero, supplementBottle } from './health';
import { foldedSilk, hangerWithSlip, silkDrape } from './lingerie';
import { jar, privateCareHero, pumpBottle, tube } from './private-care';
import {
  backdrop,
  bokeh,
  candle,
  drop,
  foldedTowel,
  glow,
  heart,
  leaf,
  scatteredPetals,
  sprig,
  surface,
} from './props';
import { groundShadow, place, PRODUCT_SIZE, Scene } from './scene';
import { pebble, toysHero } from './toys';

/*
 * A product's three shots: n = 0 the product on a gradient backdrop, 1 a close-up, 2 a styled scene
 * with props (each shot number modulo 3). The gift box stands in for an advert without a category.
 */

export type Motif = Category | 'gift';

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
export const heroScale: Record<Motif, number> = {
  lingerie: 0.92,
  toys: 1.35,
  'private-care': 1.35,
  health: 1.3,
  gift: 1.2,
};

/** The product on its own, resting at (0, 0). */
export function hero(scene: Scene, motif: Motif): string {
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
          ? [140, 250, 540, 640]
              .map((x, index) =>
                place(gummy(index % 2 === 0 ? palette.accent : palette.mainLight, 70), x, 700 + (index % 2) * 40),
              )
              .join('')
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

export function productScene(scene: Scene, category: Category, shot: number): string {
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
