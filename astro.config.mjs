// @ts-check
import { writeFile } from 'node:fs/promises';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { completeRelease } from './src/build/release.ts';
import { rendererBundle } from './src/build/renderer-bundle.ts';
import { pageHeaderSettings } from './src/lib/security-headers.ts';

/** On Netlify the browser's /api/v1 calls are proxied to the API origin the pages were built from. */
const apiProxy = () => ({
  name: 'shop-api-proxy',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      const origin = process.env.SHOP_API_ORIGIN;
      if (!origin) return;
      await writeFile(new URL('_redirects', dir), `/api/v1/*  ${origin.replace(/\/$/, '')}/api/v1/:splat  200!\n`);
    },
  },
});

/**
 * The last step of a plain `astro build` (a CDN's): the inline scripts' hashes go into the one header
 * policy (src/lib/security-headers.ts), which also needs settings only the server knows at run time
 * (PayPal's SDK origin), and Netlify's `_headers`. The shop's publisher renders with a kept bundle
 * and completes its releases itself (src/server/site-build.ts, docs/decisions/065).
 */
const shopRelease = () => ({
  name: 'shop-release',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      // A renderer build renders no page: the publisher completes each release (src/server/site-build.ts).
      if (process.env.SHOP_RENDERER_DIR) return;
      completeRelease(dir, pageHeaderSettings(process.env));
    },
  },
});

/** The API the pages are built from; its pictures go through Astro's image pipeline. */
const apiOrigin = new URL(process.env.SHOP_API_ORIGIN ?? 'http://127.0.0.1:4321');

export default defineConfig({
  output: 'static',
  site: process.env.PUBLIC_ORIGIN ?? 'http://127.0.0.1:4321',
  image: {
    // No port: a local publish reads pictures from a shop started on any free port; the publisher
    // compares only their protocol and host with the served release's (src/server/site-build.ts).
    remotePatterns: [{ protocol: apiOrigin.protocol.replace(':', ''), hostname: apiOrigin.hostname }],
  },
  integrations: [react(), apiProxy(), shopRelease(), rendererBundle()],
  build: { format: 'directory', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
});
