import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '@/server/config';
import { startShop } from '@/app/main';
import { launchChromiumServer } from './chromium';

export const BUILD_CANARY_SECRET = 'canary-secret-7f3a9c1e5b';

/**
 * Builds the pages once against a freshly seeded demo shop, and starts the one Chromium of the run.
 * Each test file then starts its own shop on a copy of that shop's data folder, serving the same
 * pages, and connects to that Chromium for browser profiles (contexts) of its own.
 */
export async function setup(project: TestProject) {
  const browser = await launchChromiumServer();
  const root = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-'));
  const dataDir = path.join(root, 'data');
  const siteDir = path.join(root, 'site');
  // A secret in the build's environment: tests/e2e/build-output.test.ts proves it reaches no built file.
  process.env.PAYPAL_CLIENT_SECRET ??= BUILD_CANARY_SECRET;
  const shop = await startShop(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' }), {
    build: 'always',
    siteDir,
    quietBuild: true,
  });
  await shop.close();
  project.provide('e2e', { dataDir, siteDir, browserEndpoint: browser.wsEndpoint() });
  return async () => {
    await browser.close();
    await rm(root, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** `browserEndpoint`: where to connect to the run's Chromium (playwright's `chromium.connect`). */
    e2e: { dataDir: string; siteDir: string; browserEndpoint: string };
  }
}
