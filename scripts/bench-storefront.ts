/**
 * Storefront budgets, measured on the built site served the way `npm start` serves it:
 * - JavaScript the product details page loads, gzipped (budget 90 KB, React's client about 60 KB of it);
 * - Lighthouse mobile performance on home, list and details (budget 98), LCP (budget 1.3 s), TBT
 *   (budget 50 ms over the floor, issue 44) and CLS (budget 0.02), each the median of three runs; a run
 *   starts only once the machine's one-minute load average is below 1.5 (Lighthouse's simulated
 *   throttling multiplies the CPU time it observes), or after waiting BENCH_LOAD_WAIT_SECONDS (default
 *   600) for that, saying so;
 * - the floor: the same Lighthouse runs on a blank page from a bare server, in the same run, sent as the
 *   shop sends its pages (and, printed beside it, as any server sends it). Opening any page costs the
 *   browser a navigation task that Lighthouse's simulation can count as blocking after the first paint;
 *   its TBT is what this host and Lighthouse cost, not the shop (docs/decisions/099, 100);
 * - beside each page, the same page with its scripts removed: the TBT of its HTML and CSS alone, so the
 *   figure shows how much of the blocking is the shop's scripts and how much the browser's parsing,
 *   style, layout and paint (docs/decisions/100);
 * - beside each run, the page's main thread: the processor time its tasks used and the time they took,
 *   which Lighthouse's simulation multiplies (docs/decisions/102);
 * - axe-core violations on those pages, in the open dialogs, at checkout and on the energy and
 *   referral pages (budget 0).
 * Usage: npm run bench:storefront   (BENCH_CPU_SLOWDOWN=8: as a host half as fast reads)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright';
import { ageConfirmedCookie } from '@/features/site/age-gate';
import { pageHeaders } from '@/lib/security-headers';
import { loadConfig } from '@/server/config';
import { startShop } from '@/app/main';
import { findChromium } from '../tests/e2e/support/chromium';
import { registerInDialog } from '../tests/e2e/support/storefront';

/** `tbtMs`: a page's total blocking time over the floor's (`serveFloorPages`), measured in the same run. */
const budgets = { detailsJsKb: 90, performance: 98, lcpSeconds: 1.3, tbtMs: 50, cls: 0.02, axeViolations: 0 };
const runsPerPage = 3;
const quietLoad = 1.5;
/**
 * Lighthouse's simulated throttling multiplies the main thread's time by 4, a factor it sets for a host
 * whose benchmark index (its own measure of the processor, printed beside each run: the floor of the
 * run) is at least 1,000; below that it warns that the scores read slower than the page is. TBT is the
 * figure that moves most with the host (docs/decisions/078).
 */
const slowHost = 1000;
const loadWaitSeconds = Number(process.env.BENCH_LOAD_WAIT_SECONDS ?? 600);
/**
 * Lighthouse's processor slowdown (its mobile default, 4). BENCH_CPU_SLOWDOWN=8 reads this host as one
 * half as fast would read with the default: the budgets are meant to hold there too (issue 44).
 */
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
/** Lighthouse runs that started on a busy machine, having waited for a quiet one in vain. */
let busyRuns = 0;
const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const root = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
const chromePath = await findChromium();
const shop = await startShop(loadConfig({ DATA_DIR: path.join(root, 'data'), PORT: '0', LOG_LEVEL: 'warn' }), {
  build: 'always',
  siteDir: path.join(root, 'site'),
  quietBuild: true,
});
const pages = { home: '/', list: '/productsList', details: '/productsList/details?id=3' };
const floor = await serveFloorPages();
const failures: string[] = [];

try {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags.slice(1) });

  // JavaScript shipped to the details page (every script the page loads, gzipped).
  // A returning adult: the age gate's cookie is set (the gate itself is measured below).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await context.addCookies([ageConfirmedCookie(shop.url)]);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(response.url(), gzipSync(await response.body()).length);
  });
  await page.goto(shop.url + pages.details, { waitUntil: 'networkidle' });
  const detailsJsKb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
  console.log(
    `\nDetails page JavaScript: ${detailsJsKb.toFixed(1)} KB gzipped in ${scripts.size} files (budget ${budgets.detailsJsKb} KB)`,
  );
  const largest = [...scripts].sort((a, b) => b[1] - a[1]).slice(0, 5);
  for (const [url, size] of largest)
    console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
  if (detailsJsKb > budgets.detailsJsKb) failures.push(`details JS ${detailsJsKb.toFixed(1)} KB`);

  // Accessibility: axe-core on each page and in each dialog.
  const axeSource = (await import('node:fs')).readFileSync(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );
  const axeViolations = async (target: Page, label: string, selector?: string) => {
    // Evaluated by the browser's tooling, not the page: the page's CSP rightly refuses inline scripts.
    await target.evaluate(axeSource);
    const violations = await target.evaluate(async (context) => {
      const result = await (
        window as unknown as {
          axe: { run: (context: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
        }
      ).axe.run(context ?? document);
      return result.violations.map(
        (violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    }, selector ?? null);
    console.log(`axe ${label.padEnd(24)} ${violations.length === 0 ? 'no violations' : violations.join(', ')}`);
    if (violations.length > budgets.axeViolations) failures.push(`axe ${label}: ${violations.join(', ')}`);
  };
  const firstVisit = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await firstVisit.goto(shop.url + pages.home, { waitUntil: 'networkidle' });
  await firstVisit.getByRole('dialog').waitFor();
  await axeViolations(firstVisit, 'age gate', 'dialog');
  const desktopContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await desktopContext.addCookies([ageConfirmedCookie(shop.url)]);
  const desktop = await desktopContext.newPage();
  for (const [name, url] of Object.entries(pages)) {
    await desktop.goto(shop.url + url, { waitUntil: 'networkidle' });
    await desktop.waitForTimeout(1200); // the footer shows after 1 s
    await axeViolations(desktop, name);
  }
  await desktop.goto(shop.url + pages.details, { waitUntil: 'networkidle' });
  await desktop.getByRole('button', { name: 'Log in' }).click();
  await desktop.getByRole('dialog').waitFor();
  await axeViolations(desktop, 'sign dialog', 'dialog');
  await desktop.keyboard.press('Escape');
  await desktop.getByRole('button', { name: 'Add to cart' }).click();
  await desktop.getByRole('button', { name: 'Cart 1' }).click();
  await desktop.getByRole('dialog').waitFor();
  await axeViolations(desktop, 'cart drawer', 'dialog');

  // The signed-in pages: checkout and the energy and referral pages, after registering.
  await desktop.keyboard.press('Escape');
  await registerInDialog(desktop, { firstName: 'Bench', lastName: 'Reader', email: 'bench.reader@example.com' });
  await desktop.goto(shop.url + '/shoppingCart', { waitUntil: 'networkidle' });
  await desktop.getByRole('button', { name: 'Check out' }).click();
  await desktop.getByRole('button', { name: 'Place order and pay' }).waitFor();
  await axeViolations(desktop, 'checkout');
  for (const route of [
    '/order/energy',
    '/order/recharge',
    '/order/shareEnergy',
    '/order/shareRecords',
    '/order/friends',
  ]) {
    await desktop.goto(shop.url + route, { waitUntil: 'networkidle' });
    await axeViolations(desktop, route);
  }
  await browser.close();

  // Lighthouse, mobile (its default form factor and throttling). Its simulated throttling scales the
  // main-thread time it observes, so a busy machine reads slower: each run waits for a quiet machine
  // (bounded), and prints the load it started at.
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumFlags });
  console.log(`\nLighthouse, mobile, processor slowed ${cpuSlowdown}×`);
  try {
    /**
     * The median of `runsPerPage` Lighthouse runs of `url`, each run and the median printed (the median
     * with `remark`'s words after it). A run Lighthouse could not finish (NO_NAVSTART, a timeout on a
     * busy machine) has no figures: it is printed and run again (at most twice per page), never counted
     * as zeros in the median; null when no run finished.
     */
    const medianOf = async (
      name: string,
      url: string,
      remark: (median: Figures) => string = () => '',
    ): Promise<Figures | null> => {
      const measured: Figures[] = [];
      let failedRuns = 0;
      for (let run = 1; run <= runsPerPage; run++) {
        const load = await quietMachine();
        const result = await lighthouse(url, {
          port: chrome.port,
          onlyCategories: ['performance'],
          // Merged into the mobile defaults: only the processor's slowdown changes.
          throttling: { cpuSlowdownMultiplier: cpuSlowdown },
          output: 'json',
          logLevel: 'error',
        });
        const figures = lighthouseFigures(result!);
        console.log(
          `Lighthouse ${name.padEnd(17)} run ${run}: ${describe(figures)}; load ${load.before.toFixed(2)} before${load.waited ? '' : ` (gave up waiting for ${quietLoad} after ${loadWaitSeconds} s)`}, ${os.loadavg()[0]!.toFixed(2)} after`,
        );
        if (!figures.error) measured.push(figures);
        else if (failedRuns++ < 2) run--;
      }
      if (measured.length === 0) {
        failures.push(`Lighthouse ${name}: no run finished`);
        return null;
      }
      const median = medianFigures(measured);
      const words = remark(median);
      console.log(`Lighthouse ${name.padEnd(17)} median: ${describe(median)}${words && `; ${words}`}`);
      return median;
    };

    // Two floors: the blank page as any server sends it, and as the shop sends its pages (the budget's).
    const plainFloorTbtMs = (await medianOf('floor (blank page)', floor.url('/')))?.tbtMs ?? 0;
    const floorTbtMs = (await medianOf('floor, as pages', floor.url('/as-pages')))?.tbtMs ?? 0;
    // Home on a first visit (the age gate shows), then each page as a returning adult: the gate's
    // cookie is set in the browser Lighthouse drives (Lighthouse keeps cookies between runs).
    for (const [name, path] of [['home, first visit', pages.home], ...Object.entries(pages)] as const) {
      if (name === 'home') {
        const driven = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        await driven.contexts()[0]!.addCookies([ageConfirmedCookie(shop.url)]);
        await driven.close();
      }
      const median = await medianOf(
        name,
        shop.url + path,
        ({ tbtMs }) =>
          `TBT over the floor ${tbtMs - floorTbtMs} ms (over the plain blank page's ${tbtMs - plainFloorTbtMs} ms)`,
      );
      if (!median) continue;
      const ownTbtMs = median.tbtMs - floorTbtMs;
      if (median.performance < budgets.performance)
        failures.push(`Lighthouse ${name} performance ${median.performance}`);
      if (median.lcpSeconds > budgets.lcpSeconds)
        failures.push(`Lighthouse ${name} LCP ${median.lcpSeconds.toFixed(2)} s`);
      if (ownTbtMs > budgets.tbtMs)
        failures.push(`Lighthouse ${name} TBT ${median.tbtMs} ms, ${ownTbtMs} ms over the floor's ${floorTbtMs} ms`);
      if (median.cls > budgets.cls) failures.push(`Lighthouse ${name} CLS ${median.cls.toFixed(3)}`);
    }
    // Each page again without its scripts: its HTML and CSS alone (the page is the same with or without
    // the age gate's cookie: the gate is shown by a script).
    for (const [name, path] of Object.entries(pages)) {
      floor.serve(path, withoutScripts(await (await fetch(shop.url + path)).text(), shop.url));
      await medianOf(
        `${name}, no scripts`,
        floor.url(path),
        ({ tbtMs }) => `TBT over the floor ${tbtMs - floorTbtMs} ms (the page's HTML and CSS alone)`,
      );
    }
    if (busyRuns > 0)
      console.log(
        `\n${busyRuns} Lighthouse run(s) started on a busy machine (load ${quietLoad} or more): their figures read slower than the pages are.`,
      );
  } finally {
    chrome.kill();
  }
} finally {
  floor.server.close();
  await shop.close();
  await rm(root, { recursive: true, force: true });
}

console.log(failures.length === 0 ? '\nAll storefront budgets met.' : `\nOver budget:\n  ${failures.join('\n  ')}`);
process.exitCode = failures.length === 0 ? 0 : 1;

/** `benchmarkIndex`: Lighthouse's measure of this machine's processor in the run (see `slowHost`). */
type Figures = {
  performance: number;
  fcpSeconds: number;
  lcpSeconds: number;
  tbtMs: number;
  speedIndexSeconds: number;
  cls: number;
  benchmarkIndex: number;
  /** The page's main thread in the trace Lighthouse simulates from (`mainThreadFigures`). */
  mainThreadCpuMs: number;
  mainThreadTaskMs: number;
  error?: string;
};

function lighthouseFigures({ lhr, artifacts }: NonNullable<Awaited<ReturnType<typeof lighthouse>>>): Figures {
  const value = (audit: string) => Number(lhr.audits[audit]?.numericValue ?? 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpSeconds: value('first-contentful-paint') / 1000,
    lcpSeconds: value('largest-contentful-paint') / 1000,
    tbtMs: Math.round(value('total-blocking-time')),
    speedIndexSeconds: value('speed-index') / 1000,
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    ...mainThreadFigures(artifacts.Trace),
    // A run Lighthouse could not finish (a timeout on a busy machine) scores nothing: say why.
    ...(lhr.runtimeError && { error: `${lhr.runtimeError.code} ${lhr.runtimeError.message}` }),
  };
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number };

/**
 * The page's main thread during Lighthouse's load: the processor time its tasks used (`tdur`) and the
 * time they took (`dur`). Lighthouse's simulation multiplies the time taken, so on a host whose other
 * processes (the browser's own among them) hold the processor, a task that needs 3 ms can count as a
 * 15 ms one: the two figures side by side tell the page's work from the host's (docs/decisions/102).
 * The page's main thread is the one its first contentful paint was recorded on.
 */
function mainThreadFigures(trace: { traceEvents: unknown[] }) {
  const events = trace.traceEvents as TraceEvent[];
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  const tasks = events.filter(
    (event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === paint?.pid && event.tid === paint.tid,
  );
  const sum = (pick: (task: TraceEvent) => number | undefined) =>
    Math.round(tasks.reduce((total, task) => total + (pick(task) ?? 0), 0) / 1000);
  return { mainThreadCpuMs: sum((task) => task.tdur), mainThreadTaskMs: sum((task) => task.dur) };
}

/** Each figure's median over the runs (three runs: the middle one). */
function medianFigures(runs: Figures[]): Figures {
  const median = (pick: (figures: Figures) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  return {
    performance: Math.round(median((figures) => figures.performance)),
    fcpSeconds: median((figures) => figures.fcpSeconds),
    lcpSeconds: median((figures) => figures.lcpSeconds),
    tbtMs: Math.round(median((figures) => figures.tbtMs)),
    speedIndexSeconds: median((figures) => figures.speedIndexSeconds),
    cls: median((figures) => figures.cls),
    benchmarkIndex: Math.round(median((figures) => figures.benchmarkIndex)),
    mainThreadCpuMs: Math.round(median((figures) => figures.mainThreadCpuMs)),
    mainThreadTaskMs: Math.round(median((figures) => figures.mainThreadTaskMs)),
  };
}

function describe(figures: Figures) {
  const text = `performance ${figures.performance}, FCP ${figures.fcpSeconds.toFixed(2)} s, LCP ${figures.lcpSeconds.toFixed(2)} s, TBT ${figures.tbtMs} ms, SI ${figures.speedIndexSeconds.toFixed(2)} s, CLS ${figures.cls.toFixed(3)}; main thread ${figures.mainThreadCpuMs} ms of processor time in ${figures.mainThreadTaskMs} ms of tasks; benchmark index ${figures.benchmarkIndex}${figures.benchmarkIndex < slowHost ? ' (a slow host)' : ''}`;
  return figures.error ? `${text} (${figures.error})` : text;
}

/** Waits (at most `loadWaitSeconds`) until the one-minute load average is below `quietLoad`. */
async function quietMachine(): Promise<{ before: number; waited: boolean }> {
  const giveUpAt = Date.now() + loadWaitSeconds * 1000;
  let announced = false;
  for (;;) {
    const load = os.loadavg()[0]!;
    if (load < quietLoad) return { before: load, waited: true };
    if (Date.now() >= giveUpAt) {
      busyRuns++;
      return { before: load, waited: false };
    }
    if (!announced)
      console.log(
        `  waiting for the load average (${load.toFixed(2)}) to fall below ${quietLoad}, at most ${loadWaitSeconds} s…`,
      );
    announced = true;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

/**
 * The floors: a blank page (a heading and a line, no style, no script) from a bare server on loopback, at
 * `/` as any server sends it and at `/as-pages` as the shop sends its pages. Lighthouse's simulation can
 * place the browser's own navigation task (making the page's window: tens of milliseconds on this kind
 * of host, 4 or 8 times that simulated) after the first paint, where it counts as blocking; it does so on
 * this page too, which does nothing else (docs/decisions/099). `serve` adds a page, sent as the shop's
 * pages are: a shop page without its scripts.
 */
async function serveFloorPages() {
  const blankPage =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><h1>Floor</h1><p>A blank page.</p></body></html>';
  const pages = new Map([
    ['/', { html: blankPage, asPages: false }],
    ['/as-pages', { html: blankPage, asPages: true }],
  ]);
  // As the shop sends its pages, where that moves the figures: with their opener policy, which has the
  // browser open them in a new browsing context group rather than in the tab's blank page's (hundreds of
  // milliseconds of TBT on this host: docs/decisions/100); and compressed (Hono's compress), as the
  // document's size on the simulated network moves the simulated first paint, and with it which tasks
  // count as blocking.
  const { 'Cross-Origin-Opener-Policy': openerPolicy } = pageHeaders({
    publicOrigin: 'http://127.0.0.1',
    paypalSdkUrl: null,
    scriptHashes: [],
  });
  const server = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding']));
    response.writeHead(page ? 200 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(page?.asPages && {
        'Cross-Origin-Opener-Policy': openerPolicy!,
        ...(gzip && { 'Content-Encoding': 'gzip' }),
      }),
    });
    response.end(page?.asPages && gzip ? gzipSync(page.html) : (page?.html ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    server,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    serve: (path: string, html: string) => void pages.set(path, { html, asPages: true }),
  };
}

/** The page without its scripts, its pictures and links still from the shop (`<base>`). */
function withoutScripts(html: string, shopUrl: string) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace('<head>', `<head><base href="${shopUrl}/">`);
}
