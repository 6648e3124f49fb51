import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serializeProps } from 'astro/runtime/server/serialize.js';
import { describe, expect, it } from 'vitest';
import { propsInOnePass, serializePlainProps } from './island-props';

const astros = (props: Record<string, unknown>) =>
  serializeProps(props, { displayName: 'Island', hydrate: 'load', astroStaticSlot: true });
const ours = (props: Record<string, unknown>) => serializePlainProps(props, () => astros(props));

describe('island props written in one pass', () => {
  it('writes plain props character for character as Astro does', () => {
    const cases: Record<string, unknown>[] = [
      {},
      { a: 1, b: 'two', c: true, d: false, e: null, f: undefined },
      { price: 6499, rating: 4.5, negativeZero: -0, notANumber: NaN, up: Infinity, down: -Infinity },
      { 2: 'two', 1: 'one', name: 'keys in the order JavaScript keeps them' },
      { text: 'quote " backslash \\ newline \n tab \t </script><!-- 中文 Bahasa 💜 \u2028' },
      { list: [1, 'a', null, undefined, [2, [3]], { nested: { deeper: ['x'] } }], empty: [], blank: {} },
      { messages: { 'cart.title': 'Shopping cart', '@languageTag': 'en-US' }, 'key with spaces': 'ok' },
      Object.assign(Object.create(null) as Record<string, unknown>, { bare: 'object' }),
    ];
    for (const props of cases) expect(ours(props)).toBe(astros(props));
  });

  it('writes what is frozen all the way down once, and what may change every time', () => {
    const messages = Object.freeze({ 'cart.title': 'Shopping cart', '@languageTag': 'en-US' });
    const sizes = Object.freeze([{ name: 'S' }]); // frozen, but its sizes are not
    expect(ours({ messages, sizes, page: 1 })).toBe(astros({ messages, sizes, page: 1 }));
    sizes[0]!.name = 'M';
    const next = { messages, sizes, page: 2 };
    expect(ours(next)).toBe(astros(next));
    expect(ours(next)).toContain('"M"');
  });

  it("leaves what is not plain data to Astro's serializer", () => {
    const props = { when: new Date('2026-11-28T10:00:00Z'), sizes: new Map([['S', 1]]), tags: new Set(['a']) };
    expect(ours(props)).toBe(astros(props));
    expect(ours(props)).toContain('[3,"2026-11-28T10:00:00.000Z"]');
    const list = [1, 2, 3];
    delete list[1]; // a hole
    const holes = { list };
    expect(ours(holes)).toBe(astros(holes));
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(() => ours(cyclic)).toThrow(/Cyclic reference/);
  });

  const installed = readFileSync(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('astro/package.json')),
      'dist/runtime/server/serialize.js',
    ),
    'utf8',
  );

  it("replaces the installed Astro's serializeProps, and fails the build when it reads otherwise", () => {
    const source = propsInOnePass(installed, '/shop/src/publish/island-props.ts');
    expect(source).toMatch(/^import \{ serializePlainProps \} from "\/shop\/src\/publish\/island-props\.ts";/);
    expect(source).toContain(
      'return serializePlainProps(props, () => JSON.stringify(serializeObject(props, metadata)));',
    );
    expect(() =>
      propsInOnePass(installed.replace('JSON.stringify(serializeObject(props, metadata))', 'stringify(props)')),
    ).toThrow(/island-props/);
  });
});
