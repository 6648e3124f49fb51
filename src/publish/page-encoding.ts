import { transcode } from 'node:buffer';
import { fileURLToPath } from 'node:url';

/*
 * A page's text encoded to UTF-8 the quick way (docs/decisions/097). Astro encodes each page it
 * renders with a `TextEncoder`. Every page of this shop is a two-byte string (the currency picker's
 * ￥, the language picker's 中文, reviews in Chinese), which V8 encodes slowly: 8 % of a render
 * worker's time at 90,000 pages. Copied out as UTF-16 and transcoded, a page takes 73 µs rather
 * than 178 µs (59,000 characters), and its bytes are the same. A string that is not well-formed
 * UTF-16 (a lone surrogate) is left to the `TextEncoder`, which writes U+FFFD for it, as before.
 */

const textEncoder = new TextEncoder();
/** Shorter texts (the chunks Astro streams) are encoded as they were: copying them out would cost more than it saves. */
const WHOLE_PAGE = 4096;

export const pageEncoder = {
  encode(text = ''): Uint8Array {
    if (text.length < WHOLE_PAGE) return textEncoder.encode(text);
    try {
      return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8');
    } catch {
      return textEncoder.encode(text);
    }
  },
};

const ASTRO_COMMON = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]common\.js$/;
const ASTROS = 'const encoder = new TextEncoder();';

/** Astro's `render/common.js` with `pageEncoder` as its encoder; fails when Astro's no longer reads as expected. */
export function quickPageEncoding(source: string, self = fileURLToPath(import.meta.url)): string {
  if (!source.includes(ASTROS))
    throw new Error("Astro's page encoder reads differently than expected: check src/publish/page-encoding.ts");
  return `import { pageEncoder } from ${JSON.stringify(self)};\n${source.replace(ASTROS, 'const encoder = pageEncoder;')}`;
}

/** The Vite plugin that gives the page renderer `quickPageEncoding`. */
export const pagesEncodedQuickly = () => ({
  name: 'shop-page-encoding',
  enforce: 'pre' as const,
  transform: (source: string, id: string) =>
    ASTRO_COMMON.test(id) ? { code: quickPageEncoding(source), map: null } : undefined,
});
