import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { quickReactRenderer } from './react-whole-render';

const installed = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('@astrojs/react/package.json')), 'dist/server.js'),
  'utf8',
);

it("renders the installed React renderer's islands whole with the prefix the browser hydrates them with", () => {
  const source = quickReactRenderer(installed);
  expect(source).toContain('ReactDOM.renderToString(vnode, renderOptions)');
  expect(source).not.toContain('ReactDOM.renderToString(vnode)');
  // The options are the streamed call's: the island's prefix among them.
  expect(source).toMatch(/const renderOptions = \{\s*identifierPrefix: prefix/);
});

it('takes every function component for React without rendering it on trial first', () => {
  const source = quickReactRenderer(installed);
  expect(source).not.toContain('renderToStaticMarkup.call(this, Tester');
  expect(
    source.slice(source.indexOf('async function check('), source.indexOf('async function getNodeWritable')),
  ).toMatch(/return true;\s*\}\s*$/);
});

it('fails the build when the renderer no longer reads as expected', () => {
  expect(() => quickReactRenderer(installed.replace('ReactDOM.renderToString(vnode)', 'renderWhole(vnode)'))).toThrow(
    /react-whole-render/,
  );
  expect(() => quickReactRenderer(installed.replace('return isReactComponent;', 'return isReact;'))).toThrow(
    /react-whole-render/,
  );
});
