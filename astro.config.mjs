// @ts-check
import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'astro/config';
import { completeRelease } from './src/publish/plain-build.ts';
import { islandPropsInOnePass } from './src/publish/island-props.ts';
import { pagesEncodedQuickly } from './src/publish/page-encoding.ts';
import { reactWholeRender } from './src/publish/react-whole-render.ts';
import { rendererBundle } from './src/publish/renderer-bundle.ts';
import { readBuildSettings } from './src/publish/settings.ts';

/** The build's settings, read once: from the environment, or as the publisher handed them to its renderer build (src/publish/settings.ts). */
const settings = readBuildSettings(process.env);

/** On Netlify the browser's /api/v1 calls (and, with SHOP_PAGES_ORIGIN, the pages) are proxied to the shop (src/publish/netlify-redirects.ts). */
const netlifyProxy = () => ({
  name: 'shop-netlify-proxy',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      if (settings.netlifyRedirects) await writeFile(new URL('_redirects', dir), settings.netlifyRedirects);
    },
  },
});

/**
 * The last step of a plain `astro build` (a CDN's): the inline scripts' hashes go into the one header
 * policy (src/lib/security-headers.ts), which also needs settings only the server knows at run time
 * (PayPal's SDK origin), and Netlify's `_headers`. The shop's publisher renders with a kept bundle
 * and completes its releases itself (src/publish/publish.ts, docs/decisions/065).
 */
const shopRelease = () => ({
  name: 'shop-release',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      // A renderer build renders no page: the publisher completes each release (src/publish/publish.ts).
      if (settings.rendererDir) return;
      completeRelease(dir, settings.headers);
    },
  },
});

/**
 * The code storefront pages share goes into a few chunks rather than a few dozen small modules (each
 * cost a request, discovered one import level at a time, and gzip compressed them apart): React's
 * (react, react-dom and Astro's renderer); the shop's (ky, the stores and the start-up every page runs
 * after its first paint, without React: src/features/shell/start-up.ts); and the islands' shared parts
 * (the stores' React hook, the header's parts and the overlays), loaded with React when the islands
 * wake (docs/decisions/064, 098). What the purchase form, the product list and the cart share is a
 * fourth. Islands, dialogs and page-specific code keep their own chunks.
 */
const reactModules = /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;
const shellModules = new RegExp(
  [
    String.raw`node_modules[\\/](nanostores|@nanostores[\\/]persistent|ky)[\\/]`,
    String.raw`src[\\/]lib[\\/](api-client|site\.store|shell\.store|toast\.store|locale|error-codes|browser-storage|wake|validation|i18n[\\/]ui)\.ts$`,
    String.raw`src[\\/]features[\\/](shell[\\/]boot|auth[\\/](user\.store|auth|welcome)|cart[\\/](cart\.store|cart-ids)|referral[\\/](share\.store|referral-entry)|site[\\/]site-options|catalogue[\\/](live-stock|catalogue)|delivery[\\/]destination\.store)\.ts$`,
    String.raw`rolldown[\\/]runtime|vite[\\/]preload-helper`,
  ].join('|'),
);
/** What the islands share beyond React: loaded when they wake, never by start-up. */
const islandModules = new RegExp(
  [
    String.raw`node_modules[\\/]@nanostores[\\/]react[\\/]`,
    String.raw`src[\\/]lib[\\/](use-client-store|early-taps)\.ts$`,
    String.raw`src[\\/]features[\\/](shell[\\/]Overlays|privacy[\\/]QuickExit|catalogue[\\/]SearchForm)\.tsx$`,
    String.raw`src[\\/]components[\\/]Icon\.tsx$`,
  ].join('|'),
);
/** What the purchase form, the product list and the cart share: one chunk rather than six of a few hundred bytes each. */
const purchaseModules = new RegExp(
  String.raw`src[\\/](lib[\\/]money|features[\\/](cart[\\/]QuantityStepper|delivery[\\/](DeliverTo|delivery-countries)))\.tsx?$`,
);
const shellChunks = {
  codeSplitting: {
    groups: [
      { name: 'react', test: (/** @type {string} */ id) => reactModules.test(id) },
      { name: 'shell', test: (/** @type {string} */ id) => shellModules.test(id) },
      { name: 'islands', test: (/** @type {string} */ id) => islandModules.test(id) },
      { name: 'purchase', test: (/** @type {string} */ id) => purchaseModules.test(id) },
    ],
  },
};

/** `client:paint`: islands that wait for the page's first paint (src/build/client-paint.ts, docs/decisions/070). */
const paintDirective = () => ({
  name: 'shop-client-paint',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'paint', entrypoint: './src/build/client-paint.ts' });
    },
  },
});

/** Module islands: a plain module run by its island's directive, rendering nothing (src/build/module-island/server.ts). */
const moduleIslands = () => ({
  name: 'shop-module-islands',
  hooks: {
    /**
     * No client entrypoint: the island then hydrates with Astro's own no-op, and the page requests no
     * renderer before the module (docs/decisions/099).
     * @param {{ addRenderer: (renderer: { name: string; serverEntrypoint: string }) => void }} options
     */
    'astro:config:setup': ({ addRenderer }) => {
      addRenderer({ name: 'shop-module-island', serverEntrypoint: './src/build/module-island/server.ts' });
    },
  },
});

export default defineConfig({
  output: 'static',
  site: settings.pages.publicOrigin,
  integrations: [
    ...reactWholeRender(),
    paintDirective(),
    moduleIslands(),
    netlifyProxy(),
    shopRelease(),
    rendererBundle(settings.rendererDir),
  ],
  vite: {
    plugins: [islandPropsInOnePass(), pagesEncodedQuickly()],
    environments: { client: { build: { rolldownOptions: { output: shellChunks } } } },
  },
  // A page is a file of its own (`en-usd/productsList/details/12.html`), as the shop's publishes write
  // them (src/edge/rewrite.ts, `pageFileOf`): no folder per page (docs/decisions/097).
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
});
