/**
 * The page build at catalogue scale: generates a catalogue of `--products` products (copies of the
 * demo products with their pictures reused), publishes every page (bundling the renderer first, as
 * after a code change), then adds one product and publishes again, then changes one price and
 * publishes again; the last two render only the pages that show the change (docs/decisions/065).
 * Each figure is printed with its time by step and the load average (the machine may be shared).
 * Usage: npm run bench:build -- --products 1000 [--keep] [--verbose]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '@/server/config';
import { startShop } from '@/app/main';
import { publishingSettled, type PublishResult } from '@/app/site-build';
import { growCatalogue } from './grow-catalogue';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '1000' }, keep: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false }, 'cpu-prof': { type: 'string' } },
});
// `--cpu-prof <dir>`: the `astro build` that bundles the renderer and each render worker write a V8 CPU profile there.
if (values['cpu-prof']) {
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(values['cpu-prof'])}`.trim();
  process.env.SHOP_RENDER_CPU_PROF = path.resolve(values['cpu-prof']);
}
const target = Number(values.products);
/** Issue 27's targets on a quiet 2-core machine: at 1,000 products, and at 10,000. */
const budgets =
  target >= 10_000 ? { buildSeconds: 420, peakRssMb: 2048, publishSeconds: 5, priceSeconds: 5 } : { buildSeconds: 45, peakRssMb: 1024, publishSeconds: 3, priceSeconds: 2 };

/** The one-minute load average, noted beside each figure: the machine is shared. */
const load = async () => (await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ')[0];
const stages = (result: PublishResult) =>
  `  time by step (s): ${Object.entries(result.stages).map(([name, seconds]) => `${name} ${seconds}`).join(', ')}; processor ${result.cpuSeconds.toFixed(1)} s, peak RSS ${result.peakRssMb} MB${result.linkSeconds ? `; the link worker ${result.linkSeconds} s beside load and paths` : ''}`;

const root = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-build-'));
const shop = await startShop(loadConfig({ ...process.env, DATA_DIR: path.join(root, 'data'), PORT: '0', LOG_LEVEL: 'warn' }), {
  build: 'never',
  siteDir: path.join(root, 'site'),
  quietBuild: !values.verbose,
});
const failures: string[] = [];
const measure = async (label: string, run: () => Promise<PublishResult>, budget: number, describe: (result: PublishResult) => string) => {
  const before = await load();
  const result = await run();
  console.log(`${label} ${describe(result)} in ${result.seconds.toFixed(1)} s (budget ${budget} s); load average ${before} → ${await load()}`);
  const tidying = performance.now();
  await publishingSettled();
  console.log(`${stages(result)}; tidied ${((performance.now() - tidying) / 1000).toFixed(1)} s after the switch`);
  if (result.seconds > budget) failures.push(`${label.trim()} ${result.seconds.toFixed(1)} s`);
  return result;
};
try {
  const generated = await growCatalogue(shop.database.db, target);
  // Peak memory is the shop process's, its render workers included: this is what it held before.
  console.log(`\nCatalogue: ${generated} products on sale (pictures reused); ${os.availableParallelism()} cores; shop process ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB before publishing`);

  const full = await measure('Full build:  ', () => shop.publish({ full: true }), budgets.buildSeconds, (result) => `${result.pages} pages (${(result.pages / result.seconds).toFixed(0)} pages/s)`);
  if (full.peakRssMb > budgets.peakRssMb) failures.push(`peak RSS ${full.peakRssMb} MB (budget ${budgets.peakRssMb} MB)`);

  await growCatalogue(shop.database.db, generated + 1, { newest: true });
  await measure('New product: ', () => shop.publish(), budgets.publishSeconds, (result) => `${result.rendered} of ${result.pages} pages rendered`);

  await shop.database.db.execute(
    // A product in the middle of the catalogue: its own pages, and the lists and recommendations that show it.
    sql`update specification_prices set unit_price = unit_price + 100 where currency = 'USD' and specification_id in (select id from specifications where goods_id = (select id from goods order by id offset 500 limit 1))`,
  );
  await measure('Price change:', () => shop.publish(), budgets.priceSeconds, (result) => `${result.rendered} of ${result.pages} pages rendered`);
} finally {
  await shop.close();
  if (!values.keep) await rm(root, { recursive: true, force: true });
  else console.log(`Kept ${root}`);
}
console.log(failures.length ? `\nOver budget: ${failures.join('; ')}` : '\nAll within budget');
process.exitCode = failures.length ? 1 : 0;
