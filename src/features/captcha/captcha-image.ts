import { randomInt } from 'node:crypto';
import sharp from 'sharp';

/*
 * Draws a sum such as "7 + 3 = ?" as a PNG. Glyphs are strokes on a 10 × 16 grid (a seven-segment
 * style with jitter), so the picture needs no fonts on the server.
 */

type Stroke = [number, number][];
const segment: Record<string, Stroke> = {
  a: [[0, 0], [10, 0]],
  b: [[10, 0], [10, 8]],
  c: [[10, 8], [10, 16]],
  d: [[0, 16], [10, 16]],
  e: [[0, 8], [0, 16]],
  f: [[0, 0], [0, 8]],
  g: [[0, 8], [10, 8]],
};
const digitSegments = ['abcdef', 'bc', 'abged', 'abgcd', 'fgbc', 'afgcd', 'afgedc', 'abc', 'abcdefg', 'abcdfg'];

const glyphs: Record<string, Stroke[]> = {
  ...Object.fromEntries(digitSegments.map((segments, digit) => [String(digit), [...segments].map((name) => segment[name]!)])),
  '+': [[[5, 3], [5, 13]], [[0, 8], [10, 8]]],
  '=': [[[0, 5], [10, 5]], [[0, 11], [10, 11]]],
  '?': [[[0, 3], [2, 0], [8, 0], [10, 3], [10, 6], [5, 9], [5, 12]], [[5, 15.5], [5, 16]]],
};

const WIDTH = 160;
const HEIGHT = 48;

export function newMathChallenge() {
  const left = randomInt(1, 10);
  const right = randomInt(1, 10);
  return { text: `${left}+${right}=?`, answer: left + right };
}

export function captchaSvg(text: string): string {
  const jitter = (range: number) => (randomInt(0, 2001) / 1000 - 1) * range;
  const step = (WIDTH - 16) / text.length;
  const glyphPaths = [...text].map((character, index) => {
    const strokes = glyphs[character] ?? [];
    const x = 10 + index * step + jitter(2);
    const y = 10 + jitter(3);
    const rotate = jitter(12);
    const d = strokes.map((stroke) => `M${stroke.map(([px, py]) => `${(px * 1.6).toFixed(1)} ${(py * 1.75).toFixed(1)}`).join(' L')}`).join(' ');
    return `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rotate.toFixed(1)} 8 14)" d="${d}"/>`;
  });
  const noise = Array.from({ length: 5 }, () => {
    const [x1, y1, cx, cy, x2, y2] = [randomInt(0, 40), randomInt(0, HEIGHT), randomInt(0, WIDTH), randomInt(0, HEIGHT), randomInt(120, WIDTH), randomInt(0, HEIGHT)];
    return `<path d="M${x1} ${y1} Q${cx} ${cy} ${x2} ${y2}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="100%" height="100%" fill="#fbf6f8"/>
<g fill="none" stroke="#d8b9c6" stroke-width="1.2">${noise.join('')}</g>
<g fill="none" stroke="#6b2745" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round">${glyphPaths.join('')}</g>
</svg>`;
}

export function renderCaptchaPng(text: string): Promise<Buffer> {
  return sharp(Buffer.from(captchaSvg(text))).png().toBuffer();
}
