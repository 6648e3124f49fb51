import { drop, leaf } from './props';
import { fixed, groundShadow, place, rounded, Scene } from './scene';

/* Private care: pump bottles, tubes and jars with a blank label. */

/** A blank label with a small leaf mark: a brand without words. */
export function label(scene: Scene, width: number, height: number, y: number): string {
  const { accent, accentLight } = scene.palette;
  return `<rect x="${fixed(-width / 2)}" y="${fixed(y)}" width="${fixed(width)}" height="${fixed(height)}" rx="10" fill="#ffffff" opacity="0.78"/>
<circle cx="0" cy="${fixed(y + height * 0.38)}" r="${fixed(height * 0.2)}" fill="${accentLight}"/>
${place(leaf(accent, '#ffffff', height * 0.3), -height * 0.12, y + height * 0.45, 1, -40)}
<rect x="${fixed(-width * 0.3)}" y="${fixed(y + height * 0.72)}" width="${fixed(width * 0.6)}" height="5" rx="2.5" fill="${accent}" opacity="0.6"/>`;
}

export function pumpBottle(scene: Scene, height = 300): string {
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
export function tube(scene: Scene): string {
  const { main, mainLight, mainDark, cream, creamDark } = scene.palette;
  const crimp = Array.from(
    { length: 10 },
    (_, index) =>
      `<path d="M ${-58 + index * 12.8} -312 V -290" stroke="${mainDark}" stroke-width="1.5" opacity="0.4"/>`,
  );
  return `${groundShadow(scene, 120)}
<rect x="-36" y="-46" width="72" height="46" rx="10" fill="${rounded(scene, creamDark, cream, '#ffffff')}"/>
<path d="M -38 -44 L -64 -292 H 64 L 38 -44 Z" fill="${rounded(scene, mainDark, main, mainLight)}"/>
<rect x="-68" y="-314" width="136" height="26" rx="4" fill="${scene.linear([mainDark, main, mainDark], 0)}"/>${crimp.join('')}
${label(scene, 80, 84, -210)}`;
}

export function jar(scene: Scene, width = 180): string {
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

export function privateCareHero(scene: Scene): string {
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
