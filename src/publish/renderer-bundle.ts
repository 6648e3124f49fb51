import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';

/*
 * Bundling once per code version (docs/decisions/065). When the publisher builds a renderer (its
 * build settings' `rendererDir` set), `astro build` bundles the pages and the browser's scripts as
 * usual but renders no page: Astro's prerender bundle, which it would delete after rendering, is kept
 * in `<rendererDir>/server`, with what its pages' `<head>` needs from the build (each route's
 * styles, the scripts the integrations add) in `renderer.json`. Publishes then load that bundle in
 * worker threads and render the pages from a catalogue snapshot without Vite or Astro's build
 * (render-pages.ts). Without it (`astro build` on a CDN) the build renders every
 * page as Astro always does.
 */

export const RENDERER_META = 'renderer.json';

/** What a kept bundle needs besides its code: read by render-worker.ts. */
export type RendererMeta = {
  entry: string;
  /** Astro's page data by key (route and component): only the styles are read. */
  pages: [string, { styles: unknown[] }][];
  /** Scripts the integrations add to every page (`injectScript`), as Astro's settings hold them. */
  scripts: { stage: string; content: string }[];
};

/** Astro's default prerenderer holds its app once set up (astro/dist/core/build/default-prerenderer.js). */
type BuildSettings = {
  config: { outDir: URL };
  scripts: RendererMeta['scripts'];
};
type PageData = { styles: unknown[] };

/** Where Astro writes its prerender bundle for a static build (astro/dist/prerender/utils.js). */
function prerenderDir(outDir: URL): string {
  const out = fileURLToPath(outDir);
  const within = out.startsWith(process.cwd());
  return path.join(within ? out : path.join(process.cwd(), '.astro'), '.prerender');
}

export function rendererBundle(keepIn: string | null): AstroIntegration {
  let pages: Map<string, PageData> | undefined;
  return {
    name: 'shop-renderer-bundle',
    hooks: {
      'astro:build:setup': ({ pages: built }) => {
        pages = built as unknown as Map<string, PageData>;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        if (!keepIn) return;
        setPrerenderer((fallback: AstroPrerenderer) => ({
          name: 'shop:bundle-only',
          async setup() {
            await fallback.setup?.();
            const settings = (
              fallback as AstroPrerenderer & { app: { getSettings(): BuildSettings } }
            ).app.getSettings();
            const from = prerenderDir(settings.config.outDir);
            const entry = readdirSync(from).find((name) => name.startsWith('prerender-entry'));
            if (!entry || !existsSync(path.join(from, entry))) throw new Error(`no prerender entry in ${from}`);
            cpSync(from, path.join(keepIn, 'server'), { recursive: true });
            const meta: RendererMeta = {
              entry,
              pages: [...(pages ?? new Map<string, PageData>())].map(([key, data]) => [key, { styles: data.styles }]),
              scripts: settings.scripts.map(({ stage, content }) => ({ stage, content })),
            };
            if (meta.scripts.some((script) => script.stage === 'page'))
              throw new Error('page-stage scripts are not supported by the kept renderer');
            writeFileSync(path.join(keepIn, RENDERER_META), JSON.stringify(meta));
          },
          // The pages are rendered by the publisher's workers, not here.
          getStaticPaths: async () => [],
          render: (request, options) => fallback.render(request, options),
          teardown: async () => fallback.teardown?.(),
        }));
      },
    },
  };
}
