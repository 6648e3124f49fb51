import { fixed, groundShadow, place, Scene } from './scene';

/* Backdrops and props shared by every category: the light, the table top, towels, candles, petals, leaves, drops and hearts. */

export function backdrop(scene: Scene, width: number, height: number, angle: number): string {
  const [from, to] = scene.palette.backdrop;
  return `<rect width="${width}" height="${height}" fill="${scene.linear([from, to], angle)}"/>`;
}

export function glow(scene: Scene, x: number, y: number, radius: number, opacity = 0.7): string {
  return `<circle cx="${fixed(x)}" cy="${fixed(y)}" r="${fixed(radius)}" fill="${scene.radial([
    ['#ffffff', opacity],
    ['#ffffff', 0],
  ])}"/>`;
}

export function bokeh(scene: Scene, width: number, height: number, count: number): string {
  const { random } = scene;
  const soft = scene.blur(6);
  return Array.from(
    { length: count },
    () =>
      `<circle cx="${fixed(random.between(0, width))}" cy="${fixed(random.between(0, height))}" r="${fixed(random.between(24, 110))}" fill="#ffffff" opacity="${fixed(random.between(0.12, 0.35))}" filter="${soft}"/>`,
  ).join('');
}

/** A table top across the lower part of the picture. */
export function surface(scene: Scene, width: number, height: number, top: number): string {
  const { surface: colour, cream } = scene.palette;
  return `<rect x="0" y="${top}" width="${width}" height="${height - top}" fill="${scene.linear([cream, colour], 90)}"/>
<rect x="0" y="${top}" width="${width}" height="3" fill="#ffffff" opacity="0.6"/>`;
}

/** Two folded towels, stacked, with a woven stripe near one end. */
export function foldedTowel(scene: Scene): string {
  const { cream, creamDark, accentLight } = scene.palette;
  const cloth = scene.linear([cream, creamDark], 90);
  const layer = (y: number, width: number) =>
    `<rect x="${-width / 2}" y="${y}" width="${width}" height="56" rx="24" fill="${cloth}"/>
<rect x="${width / 2 - 70}" y="${y}" width="18" height="56" fill="${accentLight}" opacity="0.85"/>
<path d="M ${-width / 2 + 24} ${y + 8} H ${width / 2 - 24}" stroke="#ffffff" stroke-width="3" opacity="0.7"/>`;
  return `${groundShadow(scene, 320, 0.22)}${layer(-56, 320)}${layer(-110, 300)}`;
}

/** A lit candle in a glass. */
export function candle(scene: Scene): string {
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

export function scatteredPetals(scene: Scene, xs: [number, number], ys: [number, number], count: number): string {
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

export function leaf(fill: string, vein: string, length = 130): string {
  return `<g transform="scale(${fixed(length / 130)})"><path d="M 0 0 C 30 -42 90 -52 130 -18 C 92 22 34 30 0 0 Z" fill="${fill}"/>
<path d="M 6 -2 C 50 -16 90 -20 124 -18" stroke="${vein}" stroke-width="2.5" fill="none" opacity="0.55" stroke-linecap="round"/></g>`;
}

/** A stem with leaves growing up from (0, 0). */
export function sprig(scene: Scene, leaves = 5): string {
  const { accent, green, mainDark } = scene.palette;
  const items = Array.from({ length: leaves }, (_, index) =>
    place(leaf(index % 3 === 2 ? accent : green, mainDark, 90), 0, -40 - index * 42, 1, index % 2 === 0 ? -25 : 205),
  );
  return `<path d="M 0 0 C -6 -80 6 -160 -4 ${-60 - leaves * 42}" stroke="${mainDark}" stroke-width="4" fill="none" opacity="0.6" stroke-linecap="round"/>${items.join('')}`;
}

export function drop(fill: string, size = 60): string {
  return `<g transform="scale(${fixed(size / 60)})"><path d="M 0 -60 C 18 -32 36 -8 36 14 A 36 36 0 0 1 -36 14 C -36 -8 -18 -32 0 -60 Z" fill="${fill}"/>
<ellipse cx="-12" cy="10" rx="7" ry="12" fill="#ffffff" opacity="0.55"/></g>`;
}

/** A heart standing on its tip at (0, 0). */
export function heart(scene: Scene, [light, base]: [string, string], size = 150): string {
  const fill = scene.radial([light, base], 0.35, 0.3, 0.75);
  return `<g transform="scale(${fixed(size / 150)}) translate(0 -60)"><path d="M 0 60 C -120 -20 -140 -120 -70 -150 C -30 -166 0 -140 0 -110 C 0 -140 30 -166 70 -150 C 140 -120 120 -20 0 60 Z" fill="${fill}"/>
<ellipse cx="-60" cy="-100" rx="22" ry="14" transform="rotate(-35 -60 -100)" fill="#ffffff" opacity="0.45"/></g>`;
}
