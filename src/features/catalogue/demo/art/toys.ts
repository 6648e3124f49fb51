import { fixed, groundShadow, place, Scene } from './scene';

/* Toys: smooth pebble shapes, alone, in pairs or on a charging dock. */

/** A smooth river-stone shape resting on y = 0. No button or seam: any mark on it reads as a face. */
export function pebble(scene: Scene, fill: string, width = 300, tilt = 0): string {
  const w = width / 2;
  const h = width * (0.32 + scene.form.stretch * 0.08);
  const shape = `M ${-w} ${fixed(-h)} C ${-w} ${fixed(-h * 2.05)} ${fixed(-w * 0.35)} ${fixed(-h * 2.2)} ${fixed(w * 0.1)} ${fixed(-h * 2.15)} C ${fixed(w * 0.7)} ${fixed(-h * 2.1)} ${fixed(w * 1.04)} ${fixed(-h * 1.7)} ${w} ${fixed(-h * 0.95)} C ${fixed(w * 0.98)} ${fixed(-h * 0.2)} ${fixed(w * 0.5)} 0 0 0 C ${fixed(-w * 0.55)} 0 ${-w} ${fixed(-h * 0.25)} ${-w} ${fixed(-h)} Z`;
  const sheen = scene.radial(
    [
      ['#ffffff', 0.75],
      ['#ffffff', 0],
    ],
    0.32,
    0.28,
    0.5,
  );
  const shade = scene.linear(
    [
      ['#000000', 0],
      ['#000000', 0.22],
    ],
    90,
  );
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

export function toysHero(scene: Scene): string {
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
