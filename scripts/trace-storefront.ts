/**
 * A Chromium performance trace of storefront pages on a phone screen with a fourfold CPU slowdown
 * (TRACE_CPU_SLOWDOWN sets another): each main-thread task over 30 ms, with what it spent its time on.
 * Usage: tsx scripts/trace-storefront.ts <dataDir> <siteDir> [path …]
 */
import { chromium } from 'playwright';
import { ageConfirmedCookie } from '@/features/site/age-gate';
import { loadConfig } from '@/server/config';
import { startShop } from '@/app/main';
import { findChromium } from '../tests/e2e/support/chromium';

const [dataDir, siteDir, ...paths] = process.argv.slice(2);
const shop = await startShop(loadConfig({ DATA_DIR: dataDir!, PORT: '0', LOG_LEVEL: 'warn' }), {
  build: 'never',
  siteDir: siteDir!,
});
const browser = await chromium.launch({
  executablePath: await findChromium(),
  args: ['--no-sandbox', '--disable-gpu'],
});
type Event = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string } };
};
try {
  for (const path of paths.length ? paths : ['/', '/productsList', '/productsList/details?id=3']) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      deviceScaleFactor: 2,
    });
    await context.addCookies([ageConfirmedCookie(shop.url)]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.TRACE_CPU_SLOWDOWN ?? 4) });
    const events: Event[] = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as Event[])));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading',
      transferMode: 'ReportEvents',
    });
    await page.goto(shop.url + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    await cdp.send('Tracing.end');
    await done;
    const main = events.find((event) => event.name === 'TracingStartedInBrowser') ? mainThread(events) : null;
    const onMain = events.filter((event) => main && event.pid === main.pid && event.tid === main.tid);
    const navigationStart = Math.min(...onMain.filter((event) => event.name === 'RunTask').map((event) => event.ts));
    const fcp = events.find((event) => event.name === 'firstContentfulPaint')?.ts;
    console.log(
      `\n${path}: FCP at ${fcp ? ((fcp - navigationStart) / 1000).toFixed(0) : '?'} ms (${process.env.TRACE_CPU_SLOWDOWN ?? 4}x CPU)`,
    );
    let blocking = 0;
    for (const task of onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 30_000)) {
      const inside = onMain.filter(
        (event) => event.ts >= task.ts && event.ts < task.ts + task.dur! && event.name !== 'RunTask' && event.dur,
      );
      const byName = new Map<string, number>();
      for (const event of inside) {
        const label =
          event.name === 'EvaluateScript' || event.name === 'v8.compileModule' || event.name === 'v8.evaluateModule'
            ? `${event.name} ${(event.args?.data?.url ?? '').replace(/^.*\//, '')}`
            : event.name === 'FunctionCall'
              ? `FunctionCall ${(event.args?.data?.url ?? '').replace(/^.*\//, '')}:${event.args?.data?.functionName ?? ''}`
              : event.name;
        byName.set(label, (byName.get(label) ?? 0) + event.dur!);
      }
      const top = [...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(0)}`)
        .join(', ');
      if (task.dur! > 50_000) blocking += task.dur! / 1000 - 50;
      console.log(
        `  @${((task.ts - navigationStart) / 1000).toFixed(0).padStart(5)} ms ${(task.dur! / 1000).toFixed(0).padStart(4)} ms: ${top}`,
      );
    }
    console.log(`  blocking time over 50 ms, all tasks: ${blocking.toFixed(0)} ms`);
    await context.close();
  }
} finally {
  await browser.close();
  await shop.close();
}

function mainThread(events: Event[]) {
  const names = events.filter(
    (event) => event.name === 'thread_name' && (event.args as { name?: string } | undefined)?.name === 'CrRendererMain',
  );
  // The renderer main thread with the most tasks is the page's.
  const counts = names.map((name) => ({
    pid: name.pid,
    tid: name.tid,
    tasks: events.filter((event) => event.pid === name.pid && event.tid === name.tid && event.name === 'RunTask')
      .length,
  }));
  return counts.sort((a, b) => b.tasks - a.tasks)[0] ?? null;
}
