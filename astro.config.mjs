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

/** The API the pages are built from; its pictures go through Astro's image pipeline. */
const apiOrigin = new URL(process.env.SHOP_API_ORIGIN ?? 'http://127.0.0.1:4321');

export default defineConfig({
  output: 'static',
  site: process.env.PUBLIC_ORIGIN ?? 'http://localhost:4321',
  image: {
    remotePatterns: [{ protocol: apiOrigin.protocol.replace(':', ''), hostname: apiOrigin.hostname, ...(apiOrigin.port ? { port: apiOrigin.port } : {}) }],
  },
  integrations: [react(), apiProxy()],
  build: { format: 'directory', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
});
