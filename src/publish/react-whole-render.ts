import react from '@astrojs/react';
import type { AstroIntegration } from 'astro';

/*
 * React's islands rendered the quick way (docs/decisions/094, 095).
 *
 * Whole: rendered to a string in one call rather than through a web stream. Streamed, each island's
 * HTML is encoded to bytes by React and decoded again by `@astrojs/react`: at 90,000 pages that
 * stream was about a fifth of a render worker's time, and much of its garbage. `@astrojs/react`'s
 * `experimentalDisableStreaming` calls `renderToString`, but without the island's
 * `identifierPrefix`, so the ids `useId` makes on the server would not be the ones the browser makes
 * when it hydrates (the browser reads the island's `prefix`): the renderer is given the same options
 * as its streamed call.
 *
 * Without a trial render: before rendering a function component, `@astrojs/react` asks whether it is
 * React's by rendering it once inside a test component (`Tester`), to tell it from another
 * framework's. React is this shop's only framework, so every function Astro asks about is React's;
 * the trial doubled the renders of every island and card (2.3 % of a render worker's time).
 *
 * The build fails if the renderer no longer reads as expected, rather than building islands whose
 * ids do not match.
 */

const RENDERER = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
const UNPREFIXED = 'ReactDOM.renderToString(vnode)';
const TRIAL = 'await renderToStaticMarkup.call(this, Tester, props, children);\n  return isReactComponent;';

/** The renderer's source with the streamed call's options passed to `renderToString`, and no trial render. */
export function quickReactRenderer(source: string): string {
  if (!source.includes(UNPREFIXED) || !source.includes('const renderOptions = {') || !source.includes(TRIAL))
    throw new Error('@astrojs/react renders differently than expected: check src/publish/react-whole-render.ts');
  return source
    .replace(UNPREFIXED, 'ReactDOM.renderToString(vnode, renderOptions)')
    .replace(TRIAL, '// React is the only framework (src/publish/react-whole-render.ts).\n  return true;');
}

export function reactWholeRender(): AstroIntegration[] {
  return [
    react({ experimentalDisableStreaming: true }),
    {
      name: 'shop-react-whole-render',
      hooks: {
        'astro:config:setup': ({ updateConfig }) => {
          updateConfig({
            vite: {
              plugins: [
                {
                  name: 'shop-react-whole-render',
                  enforce: 'pre',
                  transform: (source: string, id: string) =>
                    RENDERER.test(id) ? { code: quickReactRenderer(source), map: null } : undefined,
                },
              ],
            },
          });
        },
      },
    },
  ];
}
