// @ts-check
import { writeFile } from 'node:fs/promises';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

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

export default defineConfig({
  output: 'static',
  integrations: [react(), apiProxy()],
  build: { format: 'directory' },
  trailingSlash: 'ignore',
});
