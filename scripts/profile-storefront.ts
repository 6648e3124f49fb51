/**
 * Where the storefront's main thread goes after the first paint: Lighthouse's main-thread breakdown,
 * script boot-up time and long tasks (mobile, simulated fourfold CPU slowdown), and the JavaScript
 * each page loads. Usage: tsx scripts/profile-storefront.ts [siteDir] (builds into a temporary folder without one).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { ageConfirmedCookie } from '@/features/site/age-gate';
import { loadConfig } from '@/server/config';
import { startShop } from '@/app/main';
import { findChromium } from '../tests/e2e/support/chromium';

const root = await mkdtemp(path.join(os.tmpdir(), 'shop-profile-'));
const siteDir = process.argv[2] ?? path.join(root, 'site');
const out = process.env.PROFILE_OUT ?? root;
const chromePath = await findChromium();
const shop = await startShop(loadConfig({ DATA_DIR: path.join(root, 'data'), PORT: '0', LOG_LEVEL: 'warn' }), {
  build: process.argv[2] ? 'never' : 'always',
  siteDir,
  quietBuild: true,
});
const pages = { home: '/', list: '/productsList', details: '/productsList/details?id=3' };
const flags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
try {
  const browser = await chromium.launch({ executablePath: chromePath, args: flags.slice(1) });
  for (const [name, url] of Object.entries(pages)) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await context.addCookies([ageConfirmedCookie(shop.url)]);
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script')
        scripts.set(new URL(response.url()).pathname, gzipSync(await response.body()).length);
    });
    await page.goto(shop.url + url, { waitUntil: 'networkidle' });
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
    console.log(`\n${name}: ${total.toFixed(1)} KB gzipped JavaScript in ${scripts.size} files`);
    for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1]))
      console.log(`  ${(size / 1024).toFixed(2).padStart(6)} KB  ${file}`);
    await context.close();
  }
  await browser.close();

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
  try {
    const driven = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    await driven.contexts()[0]!.addCookies([ageConfirmedCookie(shop.url)]);
    await driven.close();
    for (const [name, url] of Object.entries(pages)) {
      const result = await lighthouse(shop.url + url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result!.lhr;
      await writeFile(path.join(out, `${name}.lhr.json`), JSON.stringify(lhr));
      const audit = (id: string) => lhr.audits[id]!;
      console.log(
        `\n== ${name}: performance ${Math.round(lhr.categories.performance!.score! * 100)}, LCP ${audit('largest-contentful-paint').displayValue}, TBT ${audit('total-blocking-time').displayValue}, load ${os.loadavg()[0]!.toFixed(2)}`,
      );
      const items = (id: string) =>
        (audit(id).details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
      console.log(
        'main thread:',
        items('mainthread-work-breakdown')
          .map((item) => `${item.groupLabel} ${Math.round(item.duration as number)}`)
          .join(', '),
      );
      console.log(
        'bootup:',
        items('bootup-time')
          .map(
            (item) =>
              `${String(item.url).replace(shop.url, '')} total ${Math.round(item.total as number)} script ${Math.round(item.scripting as number)} parse ${Math.round(item.scriptParseCompile as number)}`,
          )
          .join('\n  '),
      );
      console.log(
        'long tasks:',
        items('long-tasks')
          .map(
            (item) =>
              `${String(item.url).replace(shop.url, '')} @${Math.round(item.startTime as number)} ${Math.round(item.duration as number)} ms`,
          )
          .join('\n  '),
      );
      const lcp = items('largest-contentful-paint-element');
      console.log('LCP element:', JSON.stringify(lcp).slice(0, 800));
    }
  } finally {
    chrome.kill();
  }
} finally {
  await shop.close();
}
