/**
 * Why a storefront page's LCP is what Lighthouse says: for each run, the element Lighthouse takes as
 * LCP, every LCP candidate the browser recorded (time, size, what it was), the observed and simulated
 * FCP and LCP, and every request with its priority and when it started and ended beside the observed
 * FCP and LCP. Lighthouse's simulation (Lantern) builds its LCP from the requests that ended before the
 * observed LCP (every one for the pessimistic estimate, all but low-priority pictures for the
 * optimistic one) and its FCP from the high-priority ones that ended before the observed first paint,
 * so a late candidate or an early request shows up here as a slower figure.
 * Usage: RUNS=3 tsx scripts/lcp-storefront.ts <dataDir> <siteDir> [path …]
 *   (builds the site into siteDir when it holds none; LCP_OUT=<folder> keeps each run's JSON)
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { ageConfirmedCookie } from '@/features/site/age-gate';
import { loadConfig } from '@/server/config';
import { startShop } from '@/app/main';
import { findChromium } from '../tests/e2e/support/chromium';

const [dataDir, siteDir, ...paths] = process.argv.slice(2);
if (!dataDir || !siteDir) throw new Error('Usage: tsx scripts/lcp-storefront.ts <dataDir> <siteDir> [path …]');
const runs = Number(process.env.RUNS ?? 3);
const out = process.env.LCP_OUT;
const shop = await startShop(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' }), {
  build: 'if-missing',
  siteDir,
  quietBuild: true,
});
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
type Item = Record<string, unknown>;
type TraceEvent = { name: string; ts: number; args?: { frame?: string; data?: Record<string, unknown> } };
try {
  const driven = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  await driven.contexts()[0]!.addCookies([ageConfirmedCookie(shop.url)]);
  await driven.close();
  for (const url of paths.length ? paths : ['/', '/productsList', '/productsList/details?id=3']) {
    for (let run = 1; run <= runs; run++) {
      const load = os.loadavg()[0]!;
      const result = (await lighthouse(shop.url + url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      }))!;
      const { lhr } = result;
      if (out)
        await writeFile(path.join(out, `${url.replace(/\W+/g, '_') || 'home'}-${run}.lhr.json`), JSON.stringify(lhr));
      const audit = (id: string) => lhr.audits[id]!;
      const items = (id: string) => (audit(id).details as { items?: Item[] } | undefined)?.items ?? [];
      const metrics = items('metrics')[0] ?? {};
      const ms = (value: unknown) => `${Math.round(Number(value))}`;
      console.log(
        `\n== ${url} run ${run}, load ${load.toFixed(2)}: performance ${Math.round(lhr.categories.performance!.score! * 100)}, ` +
          `simulated FCP ${ms(audit('first-contentful-paint').numericValue)} LCP ${ms(audit('largest-contentful-paint').numericValue)} ms, TBT ${ms(audit('total-blocking-time').numericValue)} ms; ` +
          `observed FCP ${ms(metrics.observedFirstContentfulPaint)} LCP ${ms(metrics.observedLargestContentfulPaint)} DCL ${ms(metrics.observedDomContentLoaded)} load ${ms(metrics.observedLoad)} ms`,
      );
      // The element, and its phases.
      const [element, phases] = (items('largest-contentful-paint-element') as { items?: Item[] }[]).map(
        (table) => table.items ?? [],
      );
      const node = (element?.[0]?.node ?? {}) as { selector?: string; snippet?: string; nodeLabel?: string };
      console.log(`  LCP element: ${node.selector} ${String(node.snippet ?? '').slice(0, 160)}`);
      if (phases) console.log(`  phases: ${phases.map((phase) => `${phase.phase} ${ms(phase.timing)}`).join(', ')}`);
      // Every candidate the browser recorded: a later, larger one moves the observed LCP.
      const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
      if (trace) {
        const start =
          trace.traceEvents.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame)
            ?.ts ?? 0;
        const candidates = trace.traceEvents.filter((event) => event.name === 'largestContentfulPaint::Candidate');
        for (const candidate of candidates) {
          const data = candidate.args?.data ?? {};
          console.log(
            `  candidate @${((candidate.ts - start) / 1000).toFixed(0)} ms: ${data.type} size ${data.size} node ${data.nodeId}${data.imageUrl ? ` ${String(data.imageUrl).replace(shop.url, '')}` : ''}`,
          );
        }
      }
      // Requests beside the observed FCP and LCP.
      const fcp = Number(metrics.observedFirstContentfulPaint);
      const lcp = Number(metrics.observedLargestContentfulPaint);
      const navigation = Number(metrics.observedNavigationStart ?? 0);
      for (const request of items('network-requests')) {
        const begin = Number(request.networkRequestTime) - navigation;
        const end = Number(request.networkEndTime) - navigation;
        const mark = end <= fcp ? 'before FCP' : end <= lcp ? 'before LCP' : 'after LCP';
        console.log(
          `  ${String(request.resourceType).padEnd(10)} ${String(request.priority).padEnd(8)} ${ms(begin).padStart(5)}–${ms(end).padStart(5)} ms ${(Number(request.transferSize) / 1024).toFixed(1).padStart(6)} KB ${mark.padEnd(10)} ${String(request.url).replace(shop.url, '').slice(0, 90)}`,
        );
      }
    }
  }
} finally {
  chrome.kill();
  await shop.close();
}
