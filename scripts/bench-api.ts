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
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { encodePassword } from '@/features/auth/auth';
import { embeddedOptions } from '@/server/db/client';
import { homeAddress } from '@/features/delivery/fixtures/addresses';
import { nodeArgumentsOf } from '../tests/support/processes';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    processes: { type: 'string', default: '1,2' },
    'idle-seconds': { type: 'string', default: '20' },
    'orders-only': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    database: { type: 'string', default: 'postgres,pglite' },
    customers: { type: 'string', default: '200' },
    orders: { type: 'string', default: '600' },
    'in-flight': { type: 'string', default: '50' },
    save: { type: 'boolean', default: false },
  },
});
const databases = values.database.split(',') as ('postgres' | 'pglite')[];
const customerCount = Number(values.customers);
const orderCount = Number(values.orders);
const inFlight = Number(values['in-flight']);
const savedFigures = path.join(import.meta.dirname, '..', 'docs', 'benchmarks', 'api.json');
const seconds = Number(values.seconds);
const idleSeconds = Number(values['idle-seconds']);
const processCounts = values.processes.split(',').map(Number);
const rates = [100, 200, 500, 1000, 2000, 4000];
const p99Budget = 20;
const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const database = `bench_api_${process.pid}`;
// Each shop started here is given its database: PostgreSQL's URL, or none for embedded PGlite.
delete process.env.DATABASE_URL;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** Where a request goes; `headers` may be a function, asked for each request (the next customer's session). */
type Target = { port: number; path: string; headers?: Record<string, string> | (() => Record<string, string>) };
type Reply = { status: number; body: string; headers: http.IncomingHttpHeaders };

function request(target: Target, init: { method?: string; body?: unknown } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: init.method ?? 'GET',
        agent,
        headers: { ...(typeof target.headers === 'function' ? target.headers() : target.headers), ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** Open loop: a request every 1/rate s whatever the answers; latency counts from when it was due. */
async function atRate(target: Target, rate: number) {
  const latencies: number[] = [];
  let failed = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let sent = 0; sent < total; ) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    for (; sent < due; sent++) {
      const dueAt = start + (sent * 1000) / rate;
      pending.push(
        request(target).then(
          (reply) => {
            if (reply.status !== 200) failed++;
            latencies.push(performance.now() - dueAt);
          },
          () => void failed++,
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { rate, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed };
}

/**
 * CPU time (user and system) the processes have used, in ms: what a request costs whatever else the
 * machine runs. With `reaped`, also that of their children that have ended (PostgreSQL's postmaster
 * collects its backends' when a connection closes, so a closed connection's time is not lost).
 */
const cpuMs = (pids: number[], reaped = false) =>
  pids.reduce((sum, pid) => {
    const stat = readProc(`/proc/${pid}/stat`);
    if (stat === undefined) return sum; // ended meanwhile: its parent has its time
    const fields = stat.split(') ')[1]!.split(' ');
    const children = reaped ? Number(fields[13]) + Number(fields[14]) : 0;
    return sum + ((Number(fields[11]) + Number(fields[12]) + children) * 1000) / ticksPerSecond;
  }, 0);
const ticksPerSecond = 100;

/** The local PostgreSQL's processes (its backends come and go with connections: read them each time). */
const databasePids = () =>
  readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && readProc(`/proc/${entry}/comm`)?.trim() === 'postgres').map(Number);

/** A file of /proc, or undefined once its process has ended. */
function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
/** CPU time of the shop's processes and of the database's, in ms. */
const cpuNow = (pids: number[]) => ({ shop: cpuMs(pids), database: cpuMs(databasePids(), true) });
const cpuPer = (before: ReturnType<typeof cpuNow>, pids: number[], count: number) => {
  const after = cpuNow(pids);
  return { shop: (after.shop - before.shop) / count, database: (after.database - before.database) / count };
};

/** Closed loop: `connections` requests in flight for the whole time; also the servers' CPU per request. */
async function mostPerSecond(target: Target, pids: number[], connections = 10, forSeconds = seconds) {
  let done = 0;
  const cpuBefore = cpuNow(pids);
  const until = performance.now() + forSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await request(target);
        done++;
      }
    }),
  );
  return { max: done / forSeconds, cpu: cpuPer(cpuBefore, pids, done) };
}

async function rateTable(label: string, target: Target, pids: number[]) {
  // A second of load first, not counted: the pool opens its connections and the code is compiled, as in a shop that has been running.
  await mostPerSecond(target, pids, 10, 1);
  let best = 0;
  for (const rate of rates) {
    const result = await atRate(target, rate);
    console.log(`  ${label.padEnd(26)} ${String(rate).padStart(5)}/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(7)} ms${result.failed ? `  ${result.failed} failed` : ''}`);
    if (result.p99 > p99Budget || result.failed) break;
    best = rate;
  }
  const { max, cpu } = await mostPerSecond(target, pids);
  console.log(
    `  ${label.padEnd(26)} highest rate with p99 ≤ ${p99Budget} ms: ${best}/s; most per second (10 connections): ${max.toFixed(0)}/s; CPU per request: ${cpu.shop.toFixed(3)} ms server, ${cpu.database.toFixed(3)} ms database`,
  );
  return { best, max, cpuPerRequest: cpu.shop };
}

function startChild(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess & { output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(Object.assign(child, { output: () => output }));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code})\n${output}`)));
  });
}

const rssMb = (pids: number[]) => Math.round(pids.reduce((kb, pid) => kb + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0), 0) / 1024);
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = http.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

type Rates = Awaited<ReturnType<typeof rateTable>>;
type Orders = { perSecond: number; placed: number; refused: number; oversold: boolean | null };
type Figures = { products: Rates; cart: Rates; carts: Rates; orders: Orders; oneCustomer: Orders; idleMb: number };
type Api = (pathAndQuery: string, headers?: Record<string, string>) => Target;
type Database = { kind: 'postgres' | 'pglite'; name: string; url: string | undefined; dataDir: string };
type Sql = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/** A new customer, signed in: the cookie header of the session. */
async function register(api: Api, email: string) {
  const registered = await request(api('/login/register'), { method: 'POST', body: { firstName: 'Bench', lastName: 'Mark', email, password: encodePassword('secret123') } });
  const token = /token=([^;]+)/.exec(String(registered.headers['set-cookie']))?.[1];
  if (!token) throw new Error(`could not register: ${registered.body}`);
  return { Cookie: `token=${token}` };
}

/** Runs `work` on the database directly, with the shop stopped (PGlite has one owner at a time). */
async function onDatabase<T>(database: Database, work: (sql: Sql) => Promise<T>): Promise<T> {
  if (database.url) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return await work(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const client = new PGlite(path.join(database.dataDir, 'db'), embeddedOptions);
  try {
    return await work(async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows);
  } finally {
    await client.close();
  }
}

/**
 * createOrder of one unit of `spec`, `inFlight` at a time, `count` in all; request i orders as customer
 * i modulo their number. Answers the placed orders per second (stock is checked afterwards, `checkStock`).
 */
async function placeOrders(spec: number, api: Api, customers: Record<string, string>[], pids: number[], { count, inFlight: connections, label }: { count: number; inFlight: number; label?: string }): Promise<Orders> {
  let placed = 0;
  let refused = 0;
  let asked = 0;
  const refusals = new Map<string, number>();
  const cpuBefore = cpuNow(pids);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (asked < count) {
        const customer = customers[asked++ % customers.length];
        const reply = await request(api('/order/createOrder', customer), {
          method: 'POST',
          body: { items: [{ goodsSpecificationId: spec, goodsQuantity: 1 }], deliveryAddress: { ...homeAddress, phone: '+1 415 555 0100' }, payMethod: 'test' },
        });
        const { code, msg } = JSON.parse(reply.body) as { code: number; msg?: string };
        if (code === 1) placed++;
        else {
          refused++;
          const why = `${code}${msg ? ` ${msg}` : ''}`;
          refusals.set(why, (refusals.get(why) ?? 0) + 1);
        }
      }
    }),
  );
  const orderSeconds = (performance.now() - started) / 1000;
  const cpu = cpuPer(cpuBefore, pids, placed + refused);
  if (label) console.log(`  createOrder, ${label}: ${(placed / orderSeconds).toFixed(0)}/s (${placed} placed, ${refused} refused${[...refusals].map(([why, times]) => `; ${why} ×${times}`).join('')}); CPU per order: ${cpu.shop.toFixed(2)} ms server, ${cpu.database.toFixed(2)} ms database`);
  return { perSecond: placed / orderSeconds, placed, refused, oversold: null };
}

/**
 * No oversell: the stock left is not below zero, and with the units this run's open orders still hold
 * (orders after `afterOrderId`: an earlier run on the same database left its own open) it makes the stock there was.
 */
async function checkStock(sql: Sql, spec: number, stock: number, afterOrderId: number, orders: Orders, label: string): Promise<Orders> {
  const [left] = await sql<{ stock: number }>('select stock from specifications where id = $1', [spec]);
  const [held] = await sql<{ units: number | string | null }>(
    'select sum(l.quantity) as units from order_lines l join orders o on o.id = l.order_id where l.specification_id = $1 and o.status <> 3 and o.id > $2',
    [spec, afterOrderId],
  );
  const units = Number(held?.units ?? 0);
  const oversold = left!.stock < 0 || left!.stock + units !== stock;
  console.log(`  createOrder, ${label}: stock ${stock}, left ${left!.stock}, held by open orders ${units}: ${oversold ? 'OVERSOLD' : 'no oversell'}`);
  return { ...orders, oversold };
}

// Not NODE_ENV=production: that asks for https, SMTP and PayPal (docs/decisions/072), which a benchmark on loopback has not.
const shopEnvironment = (databaseUrl: string | undefined, dataDir: string, port: number, processes: number) => ({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DATA_DIR: dataDir,
  PORT: String(port),
  WORKERS: String(processes),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_IP: '1000000',
  RATE_LIMIT_PER_ACCOUNT: '1000000',
  // Every benchmark customer comes from loopback, one address (docs/decisions/075).
  ORDERS_PER_ADDRESS: '1000000',
  ORDER_UNITS_PER_ADDRESS: '1000000',
  UNPAID_ORDERS_PER_CUSTOMER: '1000000',
  UNPAID_UNITS_PER_CUSTOMER: '1000000',
});

/** The shop's resident memory, idle `idleSeconds` after it started on one process. */
async function idleAfterStart(database: Database) {
  const shop = await startChild([...nodeArgumentsOf('start'), '--no-build'], shopEnvironment(database.url, database.dataDir, await freePort(), 1), /running at/);
  try {
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    return rssMb([shop.pid!]);
  } finally {
    await stopChild(shop);
  }
}

const STOCK = 1000;

/**
 * Measures the shop on `processes` processes: a first start registers the customers, fills their carts
 * and picks three sizes (a warm-up's and one for each shape of createOrder); with the shop stopped their
 * stock is set; a second start is measured; with the shop stopped again the stock is checked.
 */
async function measureShop(database: Database, processes: number, run: number): Promise<Figures> {
  const shopPort = await freePort();
  const api = (pathAndQuery: string, headers: Record<string, string> = {}): Target => ({ port: shopPort, path: `/api/v1${pathAndQuery}`, headers });
  const start = (profile = false) =>
    startChild(
      [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(process.cwd(), 'var', 'profiles')}`] : []), ...nodeArgumentsOf('start'), '--no-build'],
      shopEnvironment(database.url, database.dataDir, shopPort, processes),
      processes > 1 ? /processes serve it: [\d, ]+\n/ : /running at/,
    );
  const ids = async (path: string) => JSON.parse((await request(api(path))).body) as { data: { list: { goodsId: number }[]; specifications: { goodsSpecificationId: number }[] } };

  const first = await start();
  const customers: Record<string, string>[] = [];
  const specs: number[] = [];
  try {
    const list = (await ids('/goods/queryProductList?pageSize=12')).data.list;
    for (const product of list.slice(0, 6)) specs.push((await ids(`/goods/getProductDetails?goodsId=${product.goodsId}`)).data.specifications[0]!.goodsSpecificationId);
    for (let index = 0; index < customerCount; index++) customers.push(await register(api, `bench.${process.pid}.${database.kind}.${run}.${index}@example.com`));
    // Every customer's cart holds three lines, as a shopper's header badge reads it.
    for (const customer of customers) {
      for (const spec of specs.slice(3, 6)) await request(api('/shoppingcart/addShoppingCart', customer), { method: 'POST', body: { goodsSpecificationId: spec, goodsQuantity: 1 } });
    }
  } finally {
    await stopChild(first);
  }
  const [warmUp, many, one] = specs as [number, number, number];
  const afterOrderId = await onDatabase(database, async (sql) => {
    await sql('update specifications set stock = $1 where id = any($2)', [STOCK, [warmUp, many, one]]);
    const [last] = await sql<{ id: number | null }>('select max(id) as id from orders');
    return Number(last?.id ?? 0);
  });

  const shop = await start(values['cpu-prof']);
  let figures: Figures;
  try {
    const workers = /processes serve it: ([\d, ]+)\n/.exec(shop.output())?.[1]?.split(', ').map(Number) ?? [];
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const pids = [shop.pid!, ...workers];
    const idleMb = rssMb(pids);
    const label = `${database.name}, ${processes === 1 ? 'one process' : `${processes} processes (WORKERS=${processes})`}`;
    console.log(`\n  shop on ${label}, idle after a restart: ${idleMb} MB RSS${processes === 1 ? ` (target ≤ ${database.kind === 'postgres' ? 200 : 300} MB)` : ' in all'}`);
    const skipped = { best: 0, max: 0, cpuPerRequest: 0 };
    const reads = !values['orders-only'];
    const products = reads ? await rateTable('product list', api('/goods/queryProductList?pageSize=12', { Language: 'EN', Currency: 'USD' }), pids) : skipped;
    const cart = reads ? await rateTable('cart read, one customer', api('/shoppingcart/queryShoppingCartList', { ...customers[0]!, Currency: 'USD' }), pids) : skipped;
    let next = 0;
    const everyCustomer = { ...api('/shoppingcart/queryShoppingCartList'), headers: () => ({ ...customers[next++ % customers.length]!, Currency: 'USD' }) };
    const carts = reads ? await rateTable(`cart read, ${customers.length} customers`, everyCustomer, pids) : skipped;

    // Orders first, not counted: a running shop's code is compiled and its pool open.
    await placeOrders(warmUp, api, customers, pids, { count: 300, inFlight: 10 });
    const orders = await placeOrders(many, api, customers, pids, { count: orderCount, inFlight, label: `${customers.length} customers, ${inFlight} in flight` });
    const oneCustomer = await placeOrders(one, api, customers.slice(0, 1), pids, { count: orderCount, inFlight: 10, label: 'one customer, 10 in flight' });
    figures = { products, cart, carts, orders, oneCustomer, idleMb };
  } finally {
    await stopChild(shop);
  }
  return onDatabase(database, async (sql) => ({
    ...figures,
    orders: await checkStock(sql, many, STOCK, afterOrderId, figures.orders, `${customers.length} customers`),
    oneCustomer: await checkStock(sql, one, STOCK, afterOrderId, figures.oneCustomer, 'one customer'),
  }));
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

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
  console.log(`\nAPI on ${databases.join(' and ')}, ${seconds} s per step, loopback (${os.cpus().length} cores, load ${loadAtStart.toFixed(1)})\n`);
  const floor = values['orders-only'] ? { best: 0, max: 0, cpuPerRequest: 0 } : await rateTable('bare Hono (floor)', { port: floorPort, path: '/' }, [floorServer.pid!]);
  const runs: { column: string; figures: Figures }[] = [];
  const idle: Record<string, { first: number; restart: number }> = {};
  for (const kind of databases) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `shop-bench-api-${kind}-`));
    folders.push(dataDir);
    const measured: Database = { kind, name: kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite', url: kind === 'postgres' ? databaseUrl.toString() : undefined, dataDir };
    // The first start seeds the demo catalogue (drawing its pictures); a restart finds it.
    idle[measured.name] = { first: await idleAfterStart(measured), restart: await idleAfterStart(measured) };
    console.log(`\n  idle ${idleSeconds} s after start on ${measured.name}: ${idle[measured.name]!.first} MB RSS after the first start (seeding the demo catalogue), ${idle[measured.name]!.restart} MB after a restart (target ≤ ${kind === 'postgres' ? 200 : 300} MB)`);
    for (const processes of kind === 'postgres' ? processCounts : [1]) {
      runs.push({ column: `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ×${processes}`, figures: await measureShop(measured, processes, runs.length) });
    }
  }

  const before = (() => {
    try {
      return JSON.parse(readFileSync(savedFigures, 'utf8')) as { date: string; load: number; columns: Record<string, Record<string, string>> };
    } catch {
      return null;
    }
  })();
  const rows: [string, (figures: Figures) => string][] = [
    [`product list, highest rate with p99 ≤ ${p99Budget} ms`, (figures) => `${figures.products.best}/s`],
    ['product list, most per second (10 conn.)', (figures) => `${figures.products.max.toFixed(0)}/s`],
    ['product list, server CPU per request', (figures) => `${figures.products.cpuPerRequest.toFixed(3)} ms`],
    [`cart read, one customer, highest rate p99 ≤ ${p99Budget} ms`, (figures) => `${figures.cart.best}/s`],
    [`cart read, ${customerCount} customers, highest rate p99 ≤ ${p99Budget} ms`, (figures) => `${figures.carts.best}/s`],
    ['cart read, most per second', (figures) => `${figures.cart.max.toFixed(0)}/s`],
    ['cart read, server CPU per request', (figures) => `${figures.cart.cpuPerRequest.toFixed(3)} ms`],
    [`createOrder per second, ${customerCount} customers`, (figures) => `${figures.orders.perSecond.toFixed(0)}/s${figures.orders.oversold ? ' OVERSOLD' : ''}`],
    ['createOrder per second, one customer', (figures) => `${figures.oneCustomer.perSecond.toFixed(0)}/s${figures.oneCustomer.oversold ? ' OVERSOLD' : ''}`],
    ['memory idle after a restart (all processes)', (figures) => `${figures.idleMb} MB`],
  ];
  const cell = (text: string) => text.padStart(26);
  console.log(`\n  summary (floor: ${floor.best}/s within ${p99Budget} ms, most ${floor.max.toFixed(0)}/s, ${floor.cpuPerRequest.toFixed(3)} ms CPU per request)`);
  if (before) console.log(`  (in brackets: the run saved on ${before.date}, load ${before.load.toFixed(1)})`);
  console.log(`  ${''.padEnd(50)}${runs.map((run) => cell(run.column)).join('')}`);
  const columns: Record<string, Record<string, string>> = {};
  for (const [name, figure] of rows) {
    const cells = runs.map((run) => {
      const now = figure(run.figures);
      (columns[run.column] ??= {})[name] = now;
      const then = before?.columns[run.column]?.[name];
      return cell(then ? `${now} (${then})` : now);
    });
    console.log(`  ${name.padEnd(50)}${cells.join('')}`);
  }
  for (const [name, { first, restart }] of Object.entries(idle)) console.log(`  idle on ${name}: ${first} MB after the first start, ${restart} MB after a restart`);
  const loadAtEnd = os.loadavg();
  console.log(`  load average at the start: ${loadAtStart.toFixed(1)}; at the end: ${loadAtEnd.map((load) => load.toFixed(1)).join(', ')}`);
  if (values.save) {
    mkdirSync(path.dirname(savedFigures), { recursive: true });
    writeFileSync(savedFigures, `${JSON.stringify({ date: new Date().toISOString().slice(0, 16).replace('T', ' '), load: Math.max(loadAtStart, loadAtEnd[0]!), columns }, null, 2)}\n`);
    console.log(`  saved in ${path.relative(process.cwd(), savedFigures)}`);
  }
} finally {
  for (const child of children) await stopChild(child);
  agent.destroy();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
}
