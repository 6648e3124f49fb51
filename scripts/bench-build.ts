/**
 * The page build at catalogue scale: generates a catalogue of `--products` products (copies of the
 * demo products with their pictures reused), publishes every page (bundling the renderer first, as
 * after a code change), then adds one product and publishes again, then changes one price and
 * publishes again; the last two render only the pages that show the change (docs/decisions/065).
 * Each figure is printed with its time by step and the load average (the machine may be shared); what
 * earlier steps wrote is flushed to disk before each step.
 * `--database both` runs it on the embedded database (PGlite), then on PostgreSQL (`--postgres`, a
 * server whose role may create databases: the run gets a database of its own, dropped after), each
 * in a process of its own so that one's memory does not count in the other's peak.
 * Beside the figures, two floors measured in the same run: the host's processor (Lighthouse's
 * benchmark index, as `bench:storefront` prints it, here computed in Node) and the least a full
 * publish writes: its pages written again, each a file of its own, by as many threads as render them,
 * timed on a sample and scaled to every page.
 * `SHOP_RENDER_MEMORY_TRACE=1` logs the shop's memory after each step and each render worker's heap
 * as it goes (a folder instead of 1: heap snapshots of the workers there too, docs/decisions/087).
 * Usage: npm run bench:build -- --products 1000 [--database pglite|postgres|both] [--postgres URL] [--keep] [--verbose] [--cpu-prof DIR]
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '@/server/config';
import { startShop } from '@/app/main';
import { publishingSettled, type PublishResult } from '@/publish/publish';
import { growCatalogue } from './grow-catalogue';
import { writingFloor } from './writing-floor';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000' },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    database: { type: 'string', default: 'pglite' },
    postgres: { type: 'string', default: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
  },
});
/** This benchmark run again in a process of its own, with `args` and `env`; its exit status. */
const runAgain = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, [...process.execArgv, ...args], { stdio: 'inherit', env }).status ?? 1;
// The allocator setting `npm start` and `npm run shop` give the shop (package.json, docs/decisions/094), read by the C library at start.
if (!process.env.MALLOC_ARENA_MAX)
  process.exit(runAgain(process.argv.slice(1), { ...process.env, MALLOC_ARENA_MAX: '2' }));
if (values.database === 'both') {
  // One process per database: PGlite's memory is never given back, so it would count in PostgreSQL's peak.
  // Each run's folder is removed only once both have run: on ext4 without a journal, the files of a
  // removed release slow the creation of new ones for minutes after (docs/decisions/095).
  const folders = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-build-both-'));
  let failed = 0;
  for (const database of ['pglite', 'postgres']) {
    const args = process.argv
      .slice(1)
      .filter(
        (argument, index, all) =>
          argument !== '--database' && all[index - 1] !== '--database' && !argument.startsWith('--database='),
      );
    console.log(`\n=== ${database} ===`);
    failed |= runAgain([...args.filter((argument) => argument !== '--keep'), '--database', database, '--keep'], {
      ...process.env,
      TMPDIR: folders,
    });
  }
  if (values.keep) console.log(`\nKept ${folders}`);
  else await rm(folders, { recursive: true, force: true });
  process.exit(failed);
}
if (!['pglite', 'postgres'].includes(values.database))
  throw new Error(`--database is pglite, postgres or both, not ${values.database}`);
// `--cpu-prof <dir>`: the `astro build` that bundles the renderer and each render worker write a V8 CPU profile there.
if (values['cpu-prof']) {
  process.env.NODE_OPTIONS =
    `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(values['cpu-prof'])}`.trim();
  process.env.SHOP_RENDER_CPU_PROF = path.resolve(values['cpu-prof']);
}
const target = Number(values.products);
/** The targets on a quiet 2-core machine: at 1,000 products (issue 27), and at 10,000 (issue 39: a small host of 2 GB publishes within 1 GB). */
const budgets =
  target >= 10_000
    ? { buildSeconds: 90, peakRssMb: 1024, publishSeconds: 3, priceSeconds: 5 }
    : { buildSeconds: 45, peakRssMb: 1024, publishSeconds: 3, priceSeconds: 2 };

/** The one-minute load average, noted beside each figure: the machine is shared. */
const load = async () => (await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ')[0];
const stages = (result: PublishResult) =>
  `  time by step (s): ${Object.entries(result.stages)
    .map(([name, seconds]) => `${name} ${seconds}`)
    .join(
      ', ',
    )}; processor ${result.cpuSeconds.toFixed(1)} s, peak RSS ${result.peakRssMb} MB${result.linkSeconds ? `; the link worker ${result.linkSeconds} s beside load and paths` : ''}`;

const root = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-build-'));
/** On PostgreSQL, a database of the run's own on the server `--postgres` names. */
const benchDatabase = values.database === 'postgres' ? `bench_build_${process.pid}` : null;
const onServer = async (statement: string) => {
  const client = new pg.Client({ connectionString: values.postgres });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
let databaseUrl: string | undefined;
if (benchDatabase) {
  await onServer(`create database ${benchDatabase}`);
  const url = new URL(values.postgres);
  url.pathname = `/${benchDatabase}`;
  databaseUrl = url.toString();
}
const { DATABASE_URL: _ignored, ...environment } = process.env;
console.log(`Database: ${benchDatabase ? `PostgreSQL (${benchDatabase})` : 'PGlite'}`);
const shop = await startShop(
  loadConfig({
    ...environment,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: path.join(root, 'data'),
    PORT: '0',
    LOG_LEVEL: 'warn',
  }),
  {
    build: 'never',
    siteDir: path.join(root, 'site'),
    quietBuild: !values.verbose,
  },
);
const failures: string[] = [];
const measure = async (
  label: string,
  run: () => Promise<PublishResult>,
  budget: number,
  describe: (result: PublishResult) => string,
) => {
  // What earlier steps wrote (the other database's run, a full publish's 5 GB) is on disk first:
  // the kernel writing it back during a step would be another load on the two cores.
  spawnSync('sync');
  const before = await load();
  const result = await run();
  console.log(
    `${label} ${describe(result)} in ${result.seconds.toFixed(1)} s (budget ${budget} s); load average ${before} → ${await load()}`,
  );
  const tidying = performance.now();
  await publishingSettled();
  console.log(`${stages(result)}; tidied ${((performance.now() - tidying) / 1000).toFixed(1)} s after the switch`);
  if (result.seconds > budget) failures.push(`${label.trim()} ${result.seconds.toFixed(1)} s`);
  return result;
};
try {
  const index = Math.round([1, 2, 3].map(() => pageFunctions.computeBenchmarkIndex()).sort((a, b) => a - b)[1]!);
  console.log(
    `Host: benchmark index ${index} (Lighthouse's measure of the processor, computed in Node); load average ${await load()}`,
  );
  const generated = await growCatalogue(shop.database.db, target);
  // Peak memory is the shop process's, its render workers included: this is what it held before.
  console.log(
    `\nCatalogue: ${generated} products on sale (pictures reused); ${os.availableParallelism()} cores; shop process ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB before publishing`,
  );

  const full = await measure(
    'Full build:  ',
    () => shop.publish({ full: true }),
    budgets.buildSeconds,
    (result) => `${result.pages} pages (${(result.pages / result.seconds).toFixed(0)} pages/s)`,
  );
  if (full.peakRssMb > budgets.peakRssMb)
    failures.push(`full build peak RSS ${full.peakRssMb} MB (budget ${budgets.peakRssMb} MB)`);

  await growCatalogue(shop.database.db, generated + 1, { newest: true });
  const added = await measure(
    'New product: ',
    () => shop.publish(),
    budgets.publishSeconds,
    (result) => `${result.rendered} of ${result.pages} pages rendered`,
  );
  if (added.peakRssMb > budgets.peakRssMb)
    failures.push(`new product peak RSS ${added.peakRssMb} MB (budget ${budgets.peakRssMb} MB)`);
  console.log(
    `Memory: peak RSS full build ${full.peakRssMb} MB, new product ${added.peakRssMb} MB (budget ${budgets.peakRssMb} MB each)`,
  );

  await shop.database.db.execute(
    // A product in the middle of the catalogue: its own pages, and the lists and recommendations that show it.
    sql`update specification_prices set unit_price = unit_price + 100 where currency = 'USD' and specification_id in (select id from specifications where goods_id = (select id from goods order by id offset 500 limit 1))`,
  );
  const priced = await measure(
    'Price change:',
    () => shop.publish(),
    budgets.priceSeconds,
    (result) => `${result.rendered} of ${result.pages} pages rendered`,
  );
  // Last: the sample it writes is removed after, and removed files slow the creation of others (above).
  const floor = await writingFloor(priced.release, full.pages, os.availableParallelism());
  console.log(
    `Floor: writing the full build's ${full.pages} pages alone, each a file of its own, takes ${floor.seconds.toFixed(1)} s on ${os.availableParallelism()} threads (timed on ${floor.sample} pages); load average ${await load()}`,
  );
} finally {
  await shop.close();
  if (benchDatabase) await onServer(`drop database if exists ${benchDatabase} with (force)`);
  if (!values.keep) await rm(root, { recursive: true, force: true });
  else console.log(`Kept ${root}`);
}
console.log(failures.length ? `\nOver budget: ${failures.join('; ')}` : '\nAll within budget');
process.exitCode = failures.length ? 1 : 0;
