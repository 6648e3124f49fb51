import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageEncoder, quickPageEncoding } from './page-encoding';

const textEncoder = new TextEncoder();
const same = (text: string) =>
  expect(Buffer.from(pageEncoder.encode(text))).toEqual(Buffer.from(textEncoder.encode(text)));

describe('pages encoded to UTF-8 the quick way', () => {
  it('writes a page byte for byte as the TextEncoder does', () => {
    const page = `<!DOCTYPE html><html lang="zh-CN"><body>${'<p class="price">￥459.00 · 质感不错 💜 Bahasa é</p>'.repeat(200)}</body></html>`;
    expect(page.length).toBeGreaterThan(4096);
    same(page);
    same('<p>short, as Astro streams it: 中文</p>');
    same('');
    same('a'.repeat(10_000));
    let everyCharacter = '';
    for (let code = 0; code < 0x110000; code += 13)
      if (code < 0xd800 || code > 0xdfff) everyCharacter += String.fromCodePoint(code);
    same(everyCharacter);
  });

  it('writes U+FFFD for a lone surrogate, as the TextEncoder does', () => {
    const broken = `${'<p>x</p>'.repeat(1000)}\ud83d<p>review cut in half</p>\udc9c`;
    same(broken);
    expect(Buffer.from(pageEncoder.encode(broken)).toString('utf8')).toContain('\ufffd<p>review cut in half</p>\ufffd');
  });

  it('gives the installed Astro its encoder, and refuses an Astro that reads differently', () => {
    const common = path.join(
      path.dirname(createRequire(import.meta.url).resolve('astro/package.json')),
      'dist/runtime/server/render/common.js',
    );
    const changed = quickPageEncoding(readFileSync(common, 'utf8'), '/page-encoding.ts');
    expect(changed).toContain('import { pageEncoder } from "/page-encoding.ts";');
    expect(changed).toContain('const encoder = pageEncoder;');
    expect(changed).not.toContain('new TextEncoder()');
    expect(() => quickPageEncoding('const encoder = new Encoder();')).toThrow(/check src\/publish\/page-encoding\.ts/);
  });
});
