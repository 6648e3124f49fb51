import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright';
import { afterAll, expect, inject } from 'vitest';
import { ageConfirmedCookie } from '@/features/site/age-gate';
import { loadConfig } from '@/server/config';
import { createLogger } from '@/server/logger';
import { createMailer } from '@/server/mail/mailer';
import { startShop } from '@/app/main';

export const viewports = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;
export type Device = keyof typeof viewports;

/** A fresh profile on a phone (390 px) or the common 1366 px laptop screen (768 px high). */
export async function onCommonScreen(shop: Pick<TestShop, 'newPage'>, device: Device): Promise<Page> {
  const page = await shop.newPage(device);
  if (device === 'desktop') await page.setViewportSize({ width: 1366, height: 768 });
  return page;
}

/**
 * A whole shop for one test file: its own copy of the demo data, the prebuilt pages, its own browser
 * profiles in the run's Chromium. `ownSite`: a copy of the pages too, for a file that publishes (the others share one folder).
 */
export async function startTestShop(env: Record<string, string> = {}, { ownSite = false } = {}) {
  const { dataDir, siteDir: sharedSite } = inject('e2e');
  const ownData = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-data-'));
  await cp(dataDir, ownData, { recursive: true });
  const siteDir = ownSite ? path.join(ownData, 'site-copy') : sharedSite;
  if (ownSite) await cp(sharedSite, siteDir, { recursive: true, verbatimSymlinks: true });
  // The default configuration, as `npm start` has it, on a passing port: the shop settles its public
  // origin (payment returns, mail links) to the URL it prints, and the browser starts from that URL.
  const shop = await startShop(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: ownData, PORT: '0', LOG_LEVEL: 'warn', ...env }),
    { build: 'never', siteDir },
  );
  const { config } = shop;
  const browser = await openBrowser(shop.url);

  return {
    url: shop.url,
    db: shop.database.db,
    config,
    /** What the operator's commands need, to act on this shop as the CLI would. */
    operator: { db: shop.database.db, config, mailer: createMailer(config, createLogger('silent')) },
    pageErrors: browser.pageErrors,
    newPage: browser.newPage,
    /** The mails the shop wrote to its outbox, newest last. */
    mails: () => readMails(config.mail.outboxDir),
    /**
     * The newest mail written to the outbox folder that contains every one of `texts` (quoted-printable
     * line breaks joined), once there is one: mail leaves through the database's outbox a moment after
     * the commit that owes it.
     */
    async mailWith(...texts: string[]): Promise<string> {
      let found: string | undefined;
      await expect
        .poll(
          async () =>
            (found = (await readMails(config.mail.outboxDir)).findLast((mail) =>
              texts.every((text) => mail.replace(/=\r?\n/g, '').includes(text)),
            )),
        )
        .toBeDefined();
      return found!;
    },
    async close() {
      await browser.close();
      await shop.close();
      await rm(ownData, { recursive: true, force: true });
    },
  };
}

export type TestShop = Awaited<ReturnType<typeof startTestShop>>;

/** A copy of the demo shop's data folder, and the prebuilt pages, for a shop started as its own process. */
export async function copyOfDemoShop() {
  const { dataDir, siteDir } = inject('e2e');
  const ownData = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-data-'));
  await cp(dataDir, ownData, { recursive: true });
  return { dataDir: ownData, siteDir, remove: () => rm(ownData, { recursive: true, force: true }) };
}

/**
 * Fresh browser profiles whose relative addresses start at `url`, in the Chromium the run started
 * (tests/e2e/support/global-setup.ts): a file opens its own and closes them, never that Chromium.
 */
export async function openBrowser(url: string) {
  const browser: Browser = await chromium.connect(inject('e2e').browserEndpoint);
  const contexts: BrowserContext[] = [];
  /** Uncaught errors in any page: a test ends by expecting none. */
  const pageErrors: Error[] = [];
  return {
    pageErrors,
    /**
     * A fresh browser profile on a desktop or phone screen, of a visitor who confirmed their age
     * before (the age gate's cookie), unless `confirmAge` is false; without JavaScript when `scripts` is false.
     */
    async newPage(device: Device = 'desktop', { confirmAge = true, scripts = true } = {}): Promise<Page> {
      const context = await browser.newContext({
        ...viewports[device],
        baseURL: url,
        acceptDownloads: true,
        javaScriptEnabled: scripts,
      });
      if (confirmAge) await context.addCookies([ageConfirmedCookie(url)]);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(new Error(`${page.url()}: ${error.message.slice(0, 300)}`)));
      // The islands a click must not miss (the header, the purchase form) load after the first paint
      // (`client:paint`, docs/decisions/070), so after the page's load event: a visitor's first click
      // comes after that, and a test's first step waits for it too.
      for (const method of ['goto', 'reload'] as const) {
        const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
        (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
          const response = await navigate(...args);
          // A test that asks for the page as soon as it is committed gets it then.
          const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null);
          if (options?.waitUntil !== 'commit') await islandsAnswering(page);
          return response;
        };
      }
      return page;
    },
    /** Closes this file's profiles and its connection; the run's Chromium goes on for the other files. */
    async close() {
      await Promise.all(contexts.map((context) => context.close()));
      await browser.close();
    },
  };
}

/** What a download saved, read over the connection to the run's Chromium (a remote browser has no local path). */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The mails written to an outbox folder, oldest first. */
export async function readMails(outboxDir: string): Promise<string[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(files.map((file) => readFile(path.join(outboxDir, file), 'utf8')));
}

/** A translation key showing instead of its text means an island was not handed that string. */
export async function untranslatedKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const labels = await page
    .locator('[aria-label]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
  return (
    [text, ...labels]
      .join('\n')
      .match(
        /\b(?:admin|nav|cart|sign|share|product|list|page|footer|home|menu|updatePwd|category|code|account|address|verify|card|checkout|payResult|orders|orderStatus|energy|recharge|gift|coupon|receive|friends|grid|review)\.[A-Za-z_-]+\b/g,
      ) ?? []
  );
}

/**
 * The shop a test file drives, awaited at the top of the file: started at once, closed when the
 * file's tests are done, which must have left no uncaught error in any page.
 */
export async function aStorefront(
  env: Record<string, string> = {},
  options: { ownSite?: boolean } = {},
): Promise<TestShop> {
  const shop = await startTestShop(env, options);
  afterAll(async () => {
    try {
      expect(shop.pageErrors.map((error) => error.message)).toEqual([]);
    } finally {
      await shop.close();
    }
  });
  return shop;
}

/**
 * Waits until the page's islands that hydrate at once (`client:paint`) or on sight (`client:paint="visible"`,
 * on screen) have hydrated: Astro removes their `ssr` attribute then. Islands that wait for a person
 * (`client:paint="tap"`) are not waited for: the test's first input wakes them. Best effort: a page that
 * navigated away meanwhile (start-up's route guard) or whose scripts a test holds back is not waited
 * for further.
 */
export async function islandsAnswering(page: Page) {
  await page
    .waitForFunction(
      () =>
        // Behind the age confirmation the islands wait for its answer (src/build/client-paint.ts).
        Boolean(document.querySelector('dialog.age-gate')) ||
        ![...document.querySelectorAll('astro-island[ssr][client="paint"]')].some((island) => {
          const opts = island.getAttribute('opts') ?? '';
          if (opts.includes('"value":"idle"') || opts.includes('"value":"tap"')) return false;
          if (!opts.includes('"value":"visible"')) return true;
          return [...island.children].some((child) => {
            const box = child.getBoundingClientRect();
            return box.width > 0 && box.bottom > 0 && box.top < innerHeight;
          });
        }),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}
