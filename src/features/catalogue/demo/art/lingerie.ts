import { fixed, groundShadow, place, Scene } from './scene';

/* Lingerie: a silk slip on a hanger, silk folds with lace, folded silk with a bow. */

export function silk(scene: Scene, angle = 0): string {
  const { main, mainLight, mainDark } = scene.palette;
  return scene.linear([mainDark, main, mainLight, main, mainLight, main, mainDark], angle);
}

/** Scalloped lace hanging below a horizontal edge from x0 to x1 at y. */
function laceEdge(x0: number, x1: number, y: number, colour: string, radius = 11): string {
  const count = Math.max(1, Math.round((x1 - x0) / (radius * 2)));
  const step = (x1 - x0) / count;
  const scallops = Array.from(
    { length: count },
    (_, index) => `A ${fixed(step / 2)} ${radius} 0 0 0 ${fixed(x0 + (index + 1) * step)} ${y}`,
  );
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
export function hangerWithSlip(scene: Scene): string {
  const { metal, mainDark, cream } = scene.palette;
  const { variant, stretch } = scene.form;
  const hem = 430 + stretch * 140;
  const flare = 118 + stretch * 36;
  const waist = 188 + (hem - 188) * 0.4;
  const body = `M -92 188 Q 0 232 92 188 C 86 ${waist - 70} 80 ${waist - 40} 86 ${waist} C 96 ${waist + 80} ${flare - 20} ${hem - 60} ${flare} ${hem} L ${-flare} ${hem} C ${20 - flare} ${hem - 60} -96 ${waist + 80} -86 ${waist} C -80 ${waist - 40} -86 ${waist - 70} -92 188 Z`;
  const folds = [-0.55, 0.05, 0.6]
    .map(
      (k) =>
        `M ${fixed(k * 50)} 262 C ${fixed(k * 70)} ${fixed(waist + 20)} ${fixed(k * flare * 0.8)} ${fixed(hem - 90)} ${fixed(k * flare)} ${fixed(hem - 4)}`,
    )
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
export function silkDrape(scene: Scene, width: number, height: number): string {
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
export function foldedSilk(scene: Scene): string {
  const { cream, mainDark } = scene.palette;
  return `<rect x="-130" y="-50" width="260" height="50" rx="18" fill="${silk(scene, 0)}"/>
<rect x="-120" y="-96" width="240" height="52" rx="18" fill="${silk(scene, 0)}"/>
<path d="M -96 -88 C -56 -70 -16 -96 24 -76 C 64 -58 92 -88 112 -74" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.35"/>
${laceEdge(-112, 112, -46, cream, 8)}
${place(bow(cream, mainDark), 0, -96, 0.6)}`;
}
