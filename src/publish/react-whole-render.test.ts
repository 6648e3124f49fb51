import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { prefixedWholeRender } from './react-whole-render';

const installed = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('@astrojs/react/package.json')), 'dist/server.js'),
  'utf8',
);

it("renders the installed React renderer's islands whole with the prefix the browser hydrates them with", () => {
  const source = prefixedWholeRender(installed);
  expect(source).toContain('ReactDOM.renderToString(vnode, renderOptions)');
  expect(source).not.toContain('ReactDOM.renderToString(vnode)');
  // The options are the streamed call's: the island's prefix among them.
  expect(source).toMatch(/const renderOptions = \{\s*identifierPrefix: prefix/);
});

it('fails the build when the renderer no longer reads as expected', () => {
  expect(() => prefixedWholeRender(installed.replace('ReactDOM.renderToString(vnode)', 'renderWhole(vnode)'))).toThrow(
    /react-whole-render/,
  );
});
