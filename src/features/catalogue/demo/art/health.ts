import { jar, label } from './private-care';
import { heart, leaf, sprig } from './props';
import { fixed, groundShadow, place, rounded, Scene } from './scene';

/* Health: supplement bottles, capsules, gummies, hearts and leaves. */

function capsule(left: string, right: string, length = 120): string {
  const r = length / 5;
  const half = length / 2 - r;
  return `<path d="M 0 ${-r} H ${-half} A ${r} ${r} 0 0 0 ${-half} ${r} H 0 Z" fill="${left}"/>
<path d="M 0 ${-r} H ${half} A ${r} ${r} 0 0 1 ${half} ${r} H 0 Z" fill="${right}"/>
<path d="M ${-half} ${fixed(-r * 0.45)} H ${half}" stroke="#ffffff" stroke-width="${fixed(r * 0.3)}" stroke-linecap="round" opacity="0.45"/>`;
}

/** A round gummy, seen from above at a slant. */
export function gummy(fill: string, size = 44): string {
  const r = size / 2;
  return `<ellipse cx="0" cy="${fixed(-r * 0.8)}" rx="${r}" ry="${fixed(r * 0.8)}" fill="${fill}"/>
<ellipse cx="${fixed(-r * 0.3)}" cy="${fixed(-r * 1.1)}" rx="${fixed(r * 0.35)}" ry="${fixed(r * 0.2)}" fill="#ffffff" opacity="0.55"/>`;
}

export function supplementBottle(scene: Scene): string {
  const { main, mainLight, mainDark, cream, creamDark } = scene.palette;
  const ridges = Array.from(
    { length: 9 },
    (_, index) => `<path d="M ${-54 + index * 13.5} -268 V -222" stroke="${creamDark}" stroke-width="2"/>`,
  );
  return `${groundShadow(scene, 180)}
<rect x="-80" y="-228" width="160" height="228" rx="34" fill="${rounded(scene, mainDark, main, mainLight)}"/>
<rect x="-60" y="-210" width="14" height="180" rx="7" fill="#ffffff" opacity="0.3"/>
${label(scene, 124, 104, -170)}
<rect x="-62" y="-272" width="124" height="54" rx="12" fill="${scene.linear([creamDark, cream, creamDark], 0)}"/>${ridges.join('')}`;
}

export function capsuleScatter(scene: Scene, count: number, xs: [number, number], ys: [number, number]): string {
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

export function healthHero(scene: Scene): string {
  const { palette, random, form } = scene;
  const pill = (x: number, y: number) =>
    place(capsule(palette.accent, palette.cream, 64), x, y, 1, random.between(-50, 50));
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
