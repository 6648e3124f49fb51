/**
 * Lighthouse mobile on built sites in turn, under the same conditions (each run of A is followed by a
 * run of B, and so on; the order turns every round), for a before/after comparison on a shared machine.
 * Usage: ROUNDS=5 tsx scripts/compare-storefront.ts <dataDirA> <siteDirA> <dataDirB> <siteDirB> [<dataDirC> <siteDirC> …]
 */
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { ageConfirmedCookie } from '@/features/site/age-gate';
import { loadConfig } from '@/server/config';
import { startShop } from '@/app/main';
import { findChromium } from '../tests/e2e/support/chromium';

const dirs = process.argv.slice(2);
const rounds = Number(process.env.ROUNDS ?? 5);
const start = (dataDir: string, siteDir: string) =>
  startShop(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' }), { build: 'never', siteDir });
const shops: Record<string, Awaited<ReturnType<typeof start>>> = {};
for (let index = 0; index + 1 < dirs.length; index += 2)
  shops[String.fromCharCode(65 + index / 2)] = await start(dirs[index]!, dirs[index + 1]!);
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
const chrome = await chromeLauncher.launch({ chromePath: await findChromium(), chromeFlags: flags });
type Figures = { performance: number; lcp: number; tbt: number; fcp: number; load: number };
const results: Record<string, Figures[]> = {};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  const driven = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  for (const shop of Object.values(shops)) await driven.contexts()[0]!.addCookies([ageConfirmedCookie(shop.url)]);
  await driven.close();
  for (let round = 1; round <= rounds; round++) {
    for (const [name, url] of Object.entries(pages)) {
      for (const [label, shop] of round % 2 ? Object.entries(shops) : Object.entries(shops).reverse()) {
        const load = os.loadavg()[0]!;
        const lhr = (await lighthouse(shop.url + url, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        }))!.lhr;
        const figures = {
          performance: Math.round(lhr.categories.performance!.score! * 100),
          lcp: lhr.audits['largest-contentful-paint']!.numericValue! / 1000,
          fcp: lhr.audits['first-contentful-paint']!.numericValue! / 1000,
          tbt: Math.round(lhr.audits['total-blocking-time']!.numericValue!),
          load,
        };
        // A run Lighthouse could not finish (no paint seen) has no figures: it is printed, not counted.
        if (Number.isFinite(figures.lcp)) (results[`${name} ${label}`] ??= []).push(figures);
        console.log(
          `round ${round} ${name.padEnd(8)} ${label}: performance ${figures.performance}, FCP ${figures.fcp.toFixed(2)} s, LCP ${figures.lcp.toFixed(2)} s, TBT ${figures.tbt} ms; load ${load.toFixed(2)}`,
        );
      }
    }
  }
  console.log('\nmedians:');
  for (const [key, list] of Object.entries(results)) {
    console.log(
      `${key.padEnd(10)} performance ${median(list.map((f) => f.performance))}, FCP ${median(list.map((f) => f.fcp)).toFixed(2)} s, LCP ${median(list.map((f) => f.lcp)).toFixed(2)} s, TBT ${median(list.map((f) => f.tbt))} ms; load ${Math.min(...list.map((f) => f.load)).toFixed(2)}–${Math.max(...list.map((f) => f.load)).toFixed(2)}`,
    );
  }
} finally {
  chrome.kill();
  for (const shop of Object.values(shops)) await shop.close();
}
