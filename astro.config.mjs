// @ts-check
import { writeFile } from 'node:fs/promises';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { writeHeaderPolicy } from './src/build/header-policy.ts';
import { checkoutSdkUrl } from './src/lib/security-headers.ts';

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
 * Astro hashes the inline scripts it writes (security.csp); the build moves those hashes from each
 * page's <meta> into the one header policy (src/lib/security-headers.ts), which also needs settings
 * only the server knows at run time (PayPal's SDK origin), and writes Netlify's `_headers` from it.
 */
const headerPolicy = () => ({
  name: 'shop-header-policy',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      await writeHeaderPolicy(dir, {
        publicOrigin: process.env.PUBLIC_ORIGIN ?? 'http://127.0.0.1:4321',
        paypalSdkUrl: checkoutSdkUrl(process.env.PAYMENT_PROVIDER, process.env.PAYPAL_SDK_URL),
      });
    },
  },
});

/** The API the pages are built from; its pictures go through Astro's image pipeline. */
const apiOrigin = new URL(process.env.SHOP_API_ORIGIN ?? 'http://127.0.0.1:4321');

export default defineConfig({
  output: 'static',
  // Pages whose key (a hash of what they show) and code are unchanged are copied from this cache, not rendered again.
  experimental: { incrementalBuild: true },
  ...(process.env.SHOP_BUILD_CACHE_DIR ? { cacheDir: process.env.SHOP_BUILD_CACHE_DIR } : {}),
  site: process.env.PUBLIC_ORIGIN ?? 'http://127.0.0.1:4321',
  image: {
    // No port: a local publish reads pictures from a shop started on any free port, and the image
    // settings are part of every page's code hash (a different port would re-render every page).
    remotePatterns: [{ protocol: apiOrigin.protocol.replace(':', ''), hostname: apiOrigin.hostname }],
  },
  integrations: [react(), apiProxy(), headerPolicy()],
  security: { csp: { algorithm: 'SHA-256' } },
  build: { format: 'directory', inlineStylesheets: 'always' },
  trailingSlash: 'ignore',
});
