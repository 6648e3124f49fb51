/**
 * The API under load, on PostgreSQL and on embedded PGlite, beside a bare Hono server as the floor of
 * this machine. Creates (and drops) its own database on BENCH_POSTGRES_URL's server (default the local
 * one) and its own PGlite folder, starts the shop and a hello-world Hono server as child processes,
 * then on loopback:
 * - drives the product list and the signed-in cart read (three lines) at fixed rates: p50/p99, and the
 *   highest rate whose p99 stays within 20 ms; the cart read for one customer and for --customers
 *   customers (each request the next one's session);
 * - the most requests per second with 10 connections;
 *   (each read is warmed by a second of load first, not counted: a running shop's pool is open and its code compiled)
 * - createOrder per second: --orders orders from --customers customers, --in-flight at a time, and the
 *   same number from one customer, 10 at a time (after 300 orders not counted); then, with the shop
 *   stopped, that the stock never went below zero and the units still held by open orders plus the
 *   stock left equal the stock there was (an order placed again for the same cart closes the earlier
 *   one and gives its units back, decision 075);
 * - the shop's resident memory once started and idle (after --idle-seconds, default 20): after the
 *   first start, which seeds the demo catalogue, and after a restart; and after each measured start;
 * - the server CPU time per request (from /proc), a figure that holds on a busy machine.
 * PostgreSQL is measured on one process and on two (WORKERS=2, Node's cluster on one port); PGlite on
 * one (it has one owner). Each figure is printed beside the one `docs/benchmarks/api.json` keeps from
 * the last saved run (--save writes this run's there), with the machine's load.
 * Usage: npm run bench:api [-- --seconds 3] [--database postgres,pglite] [--processes 1,2] [--customers 200]
 *   [--orders 600] [--in-flight 50] [--idle-seconds 20] [--orders-only] [--cpu-prof] [--save]   (stops by itself)
 * --orders-only skips the read rates (createOrder and memory only, for profiling checkout).
 * The load and its measures are in bench-api/load.ts and bench-api/proc.ts, the scenarios on one shop in
 * bench-api/shop.ts and bench-api/orders.ts, the summary and saving in bench-api/report.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startChild, stopChild } from './bench-api/children';
import type { Database } from './bench-api/database';
import { closeConnections, rateTable } from './bench-api/load';
import { benchOptions } from './bench-api/options';
import { report, type Run } from './bench-api/report';
import { idleAfterStart, measureShop } from './bench-api/shop';

const options = benchOptions();
const { databases, seconds, idleSeconds, processCounts } = options;
const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const database = `bench_api_${process.pid}`;
// Each shop started here is given its database: PostgreSQL's URL, or none for embedded PGlite.
delete process.env.DATABASE_URL;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const folders: string[] = [];
const children: ChildProcess[] = [];
try {
  const floorPort = await freePort();
  const floorSource = `import { serve } from '@hono/node-server'; import { Hono } from 'hono';
    serve({ fetch: new Hono().get('/', (c) => c.json({ code: 1, data: 'hello', message: 'success' })).fetch, hostname: '127.0.0.1', port: ${floorPort} }, () => console.log('floor ready'));`;
  const floorServer = await startChild(['--input-type=module', '-e', floorSource], {}, /floor ready/);
  children.push(floorServer);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${database}`;

  const loadAtStart = os.loadavg()[0]!;
  console.log(
    `\nAPI on ${databases.join(' and ')}, ${seconds} s per step, loopback (${os.cpus().length} cores, load ${loadAtStart.toFixed(1)})\n`,
  );
  const floor = options.ordersOnly
    ? { best: 0, max: 0, cpuPerRequest: 0 }
    : await rateTable('bare Hono (floor)', { port: floorPort, path: '/' }, [floorServer.pid!], seconds);
  const runs: Run[] = [];
  const idle: Record<string, { first: number; restart: number }> = {};
  for (const kind of databases) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `shop-bench-api-${kind}-`));
    folders.push(dataDir);
    const measured: Database = {
      kind,
      name: kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite',
      url: kind === 'postgres' ? databaseUrl.toString() : undefined,
      dataDir,
    };
    // The first start seeds the demo catalogue (drawing its pictures); a restart finds it.
    idle[measured.name] = {
      first: await idleAfterStart(measured, idleSeconds),
      restart: await idleAfterStart(measured, idleSeconds),
    };
    console.log(
      `\n  idle ${idleSeconds} s after start on ${measured.name}: ${idle[measured.name]!.first} MB RSS after the first start (seeding the demo catalogue), ${idle[measured.name]!.restart} MB after a restart (target ≤ ${kind === 'postgres' ? 200 : 300} MB)`,
    );
    for (const processes of kind === 'postgres' ? processCounts : [1]) {
      runs.push({
        column: `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ×${processes}`,
        figures: await measureShop(measured, processes, runs.length, options),
      });
    }
  }

  report({ runs, floor, idle, customerCount: options.customerCount, loadAtStart, save: options.save });
} finally {
  for (const child of children) await stopChild(child);
  closeConnections();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
}
