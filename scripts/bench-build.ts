/**
 * The page build at catalogue scale: generates a catalogue of `--products` products (copies of the
 * demo products with their pictures reused), publishes every page, then adds one product and
 * publishes again, which renders only the pages that show it.
 * Usage: npm run bench:build -- --products 1000 [--keep]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@/server/config';
import { startShop } from '@/app/main';
import { growCatalogue } from './grow-catalogue';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '1000' }, keep: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false }, 'cpu-prof': { type: 'string' } },
});
// `--cpu-prof <dir>`: each astro build child writes a V8 CPU profile there.
if (values['cpu-prof']) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(values['cpu-prof'])}`.trim();
const target = Number(values.products);
const budgets = { buildSeconds: 60, pagesPerSecond: 160, peakRssMb: 1024, publishSeconds: 10 };

/** The one-minute load average, noted beside each figure: the machine is shared. */
const load = async () => (await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ')[0];
const stages = (result: { stages: Record<string, number>; cpuSeconds: number }) =>
  `  stages (s): ${Object.entries(result.stages).map(([name, seconds]) => `${name} ${seconds}`).join(', ')}; build process CPU ${result.cpuSeconds.toFixed(1)} s`;

const root = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-build-'));
const shop = await startShop(loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: path.join(root, 'data'), PORT: '0', LOG_LEVEL: 'warn' }), {
  build: 'never',
  siteDir: path.join(root, 'site'),
  quietBuild: !values.verbose,
});
const failures: string[] = [];
try {
  const generated = await growCatalogue(shop.database.db, target);
  console.log(`\nCatalogue: ${generated} products on sale (pictures reused)`);

  const loadBefore = await load();
  const full = await shop.publish({ full: true });
  const pagesPerSecond = full.pages / full.seconds;
  console.log(`Full build:   ${full.pages} pages in ${full.seconds.toFixed(1)} s, ${pagesPerSecond.toFixed(0)} pages/s, peak RSS ${full.peakRssMb} MB (budgets ${budgets.buildSeconds} s, ${budgets.pagesPerSecond} pages/s, ${budgets.peakRssMb} MB); load average ${loadBefore} → ${await load()}`);
  console.log(stages(full));
  if (full.seconds > budgets.buildSeconds) failures.push(`full build ${full.seconds.toFixed(1)} s`);
  if (full.peakRssMb > budgets.peakRssMb) failures.push(`peak RSS ${full.peakRssMb} MB`);

  await growCatalogue(shop.database.db, generated + 1, { newest: true });
  const loadBeforePublish = await load();
  const publish = await shop.publish();
  console.log(`New product:  published in ${publish.seconds.toFixed(1)} s, ${publish.rendered} of ${publish.pages} pages rewritten (budget ${budgets.publishSeconds} s); load average ${loadBeforePublish} → ${await load()}`);
  console.log(stages(publish));
  if (publish.seconds > budgets.publishSeconds) failures.push(`publish ${publish.seconds.toFixed(1)} s`);
} finally {
  await shop.close();
  if (!values.keep) await rm(root, { recursive: true, force: true });
  else console.log(`Kept ${root}`);
}
console.log(failures.length ? `\nOver budget: ${failures.join('; ')}` : '\nAll within budget');
process.exitCode = failures.length ? 1 : 0;
