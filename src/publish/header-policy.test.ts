import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashesOf } from './header-policy';

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const page = (...scripts: string[]) =>
  Buffer.from(
    `<!DOCTYPE html><html><head><title>Bügel</title></head><body>${scripts.join('<p>中文</p>')}</body></html>`,
  );

describe('the hashes of a page’s inline scripts (the header policy lets them run)', () => {
  it('hashes each inline script and leaves out scripts loaded by address and data blocks', () => {
    const hashes = inlineScriptHashesOf(
      page(
        '<script>window.a = "￥";</script>',
        '<script type="module">import("/x.js")</script>',
        '<script src="/_astro/page.js"></script>',
        '<script type="application/ld+json">{"@type":"Product"}</script>',
        '<scripts>not a script</scripts>',
      ),
    );
    expect(hashes).toEqual([sha256('window.a = "￥";'), sha256('import("/x.js")')]);
  });

  it('gives each page its own scripts’ hashes, also when a script of the same length was met before', () => {
    const first = inlineScriptHashesOf(page('<script>let n = 1;</script>'));
    const again = inlineScriptHashesOf(page('<script>let n = 1;</script>'));
    const sameLength = inlineScriptHashesOf(page('<script>let n = 2;</script>'));
    expect(first).toEqual([sha256('let n = 1;')]);
    expect(again).toEqual(first);
    expect(sameLength).toEqual([sha256('let n = 2;')]);
  });

  it('hashes every new script correctly after many different ones', () => {
    for (let index = 0; index < 40; index++)
      expect(inlineScriptHashesOf(page(`<script>go(${index})</script>`))).toEqual([sha256(`go(${index})`)]);
  });
});
