import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { createMailer } from '@/server/mail/mailer';
import { startShop } from '@/server/main';

/** Chromium flags for a machine with no network but loopback (see README). */
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const viewports = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;
export type Device = keyof typeof viewports;

/** A whole shop for one test file: its own copy of the demo data, the prebuilt pages, a browser. */
export async function startTestShop(env: Record<string, string> = {}) {
  const { dataDir, siteDir, chromium: executablePath } = inject('e2e');
  const ownData = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-data-'));
  await cp(dataDir, ownData, { recursive: true });
  // Links the shop builds (payment returns, mails) use its public origin, so it must know its port.
  const port = await freePort();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ownData, PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', ...env });
  const shop = await startShop(config, { build: 'never', siteDir });
  const browser: Browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const contexts: BrowserContext[] = [];
  /** Uncaught errors in any page: a test ends by expecting none. */
  const pageErrors: Error[] = [];

  return {
    url: shop.url,
    db: shop.database.db,
    config,
    /** What the operator's commands need, to act on this shop as the CLI would. */
    operator: { db: shop.database.db, config, mailer: createMailer(config, createLogger('silent')) },
    pageErrors,
    /** A fresh browser profile on a desktop or phone screen. */
    async newPage(device: Device = 'desktop'): Promise<Page> {
      const context = await browser.newContext({ ...viewports[device], baseURL: shop.url, acceptDownloads: true });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(new Error(`${page.url()}: ${error.message.slice(0, 300)}`)));
      return page;
    },
    /** The mails the shop wrote to its outbox, newest last. */
    async mails(): Promise<string[]> {
      const files = (await readdir(config.mail.outboxDir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
      return Promise.all(files.map((file) => readFile(path.join(config.mail.outboxDir, file), 'utf8')));
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close()));
      await browser.close();
      await shop.close();
      await rm(ownData, { recursive: true, force: true });
    },
  };
}

export type TestShop = Awaited<ReturnType<typeof startTestShop>>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A translation key showing instead of its text means an island was not handed that string. */
export async function untranslatedKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const labels = await page.locator('[aria-label]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
  return [text, ...labels].join('\n').match(/\b(?:nav|cart|sign|share|product|list|page|footer|home|menu|updatePwd|category|code|account|address|verify|card|checkout|payResult|orders|orderStatus|energy|recharge|gift|coupon|receive|friends)\.[A-Za-z_-]+\b/g) ?? [];
}
