import react from '@astrojs/react';
import type { AstroIntegration } from 'astro';

/*
 * React's islands rendered to a string in one call rather than through a web stream
 * (docs/decisions/094). Streamed, each island's HTML is encoded to bytes by React and decoded again
 * by `@astrojs/react`: at 90,000 pages that stream was about a fifth of a render worker's time, and
 * much of its garbage. `@astrojs/react`'s `experimentalDisableStreaming` calls `renderToString`, but
 * without the island's `identifierPrefix`, so the ids `useId` makes on the server would not be the
 * ones the browser makes when it hydrates (the browser reads the island's `prefix`): the renderer is
 * given the same options as its streamed call. The build fails if the renderer no longer reads as
 * expected, rather than building islands whose ids do not match.
 */

const RENDERER = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
const UNPREFIXED = 'ReactDOM.renderToString(vnode)';

/** The renderer's source with the streamed call's options passed to `renderToString`. */
export function prefixedWholeRender(source: string): string {
  if (!source.includes(UNPREFIXED) || !source.includes('const renderOptions = {'))
    throw new Error(
      '@astrojs/react renders without streaming differently than expected: check src/publish/react-whole-render.ts',
    );
  return source.replace(UNPREFIXED, 'ReactDOM.renderToString(vnode, renderOptions)');
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
                    RENDERER.test(id) ? { code: prefixedWholeRender(source), map: null } : undefined,
                },
              ],
            },
          });
        },
      },
    },
  ];
}
