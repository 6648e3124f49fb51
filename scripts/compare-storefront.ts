/**
 * Lighthouse mobile on two built sites in turn, under the same conditions (each run of A is followed
 * by a run of B), for a before/after comparison on a shared machine.
 * Usage: tsx scripts/compare-storefront.ts <dataDirA> <siteDirA> <dataDirB> <siteDirB> [rounds]
 */
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { ageConfirmedCookie } from '@/features/site/age-gate';
import { loadConfig } from '@/server/config';
import { startShop } from '@/server/main';
import { findChromium } from '../tests/e2e/support/chromium';

const [dataA, siteA, dataB, siteB, roundsText = '5'] = process.argv.slice(2);
const rounds = Number(roundsText);
const start = (dataDir: string, siteDir: string) =>
  startShop(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' }), { build: 'never', siteDir });
const shops = { A: await start(dataA!, siteA!), B: await start(dataB!, siteB!) };
const pages = { home: '/', list: '/productsList', details: '/productsList/details?id=3' };
const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
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
        const lhr = (await lighthouse(shop.url + url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' }))!.lhr;
        const figures = {
          performance: Math.round(lhr.categories.performance!.score! * 100),
          lcp: lhr.audits['largest-contentful-paint']!.numericValue! / 1000,
          fcp: lhr.audits['first-contentful-paint']!.numericValue! / 1000,
          tbt: Math.round(lhr.audits['total-blocking-time']!.numericValue!),
          load,
        };
        (results[`${name} ${label}`] ??= []).push(figures);
        console.log(`round ${round} ${name.padEnd(8)} ${label}: performance ${figures.performance}, FCP ${figures.fcp.toFixed(2)} s, LCP ${figures.lcp.toFixed(2)} s, TBT ${figures.tbt} ms; load ${load.toFixed(2)}`);
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
  await shops.A.close();
  await shops.B.close();
}
