/**
 * The API under load, on PostgreSQL, beside a bare Hono server as the floor of this machine.
 * Creates (and drops) its own database on DATABASE_URL's server (default the local one), starts the
 * shop and a hello-world Hono server as child processes, then on loopback:
 * - drives the product list and a signed-in cart read at fixed rates: p50/p99, and the highest rate
 *   whose p99 stays within 20 ms;
 * - the most requests per second with 10 connections;
 *   (each read is warmed by a second of load first, not counted: a running shop's pool is open and its code compiled)
 * - createOrder per second (10 at a time, from ten customers and from one, after 300 orders not counted),
 *   and that stock never went below zero;
 * - the shop's resident memory once started and idle (after --idle-seconds, default 20), on PostgreSQL
 *   and on embedded PGlite: after the first start, which seeds the demo catalogue, and after a
 *   restart; and after each measured start (all its processes);
 * - the server CPU time per request (from /proc), a figure that holds on a busy machine.
 * It does so for the shop on one process and again on two (WORKERS=2, Node's cluster on one port), and
 * prints the figures side by side.
 * Usage: npm run bench:api [-- --seconds 3] [--processes 1,2] [--idle-seconds 20] [--orders-only] [--cpu-prof]   (stops by itself)
 * --orders-only skips the read rates (createOrder and memory only, for profiling checkout).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { encodePassword } from '@/features/auth/auth';
import { homeAddress } from '@/features/delivery/fixtures/addresses';
import { nodeArgumentsOf } from '../tests/support/processes';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    processes: { type: 'string', default: '1,2' },
    'idle-seconds': { type: 'string', default: '20' },
    'orders-only': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
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

type Target = { port: number; path: string; headers?: Record<string, string> };
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
        headers: { ...target.headers, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}) },
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

/** CPU time (user and system) the processes have used, in ms: what a request costs whatever else the machine runs. */
const cpuMs = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  }, 0);
const ticksPerSecond = 100;

/** The local PostgreSQL's processes (its backends come and go with connections: read them each time). */
const databasePids = () =>
  readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres').map(Number);
/** CPU time of the shop's processes and of the database's, in ms. */
const cpuNow = (pids: number[]) => ({ shop: cpuMs(pids), database: cpuMs(databasePids()) });
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
type Orders = { perSecond: number; oversold: boolean };
type Figures = { products: Rates; cart: Rates; orders: Orders; oneCustomer: Orders; idleMb: number };
type Api = (pathAndQuery: string, headers?: Record<string, string>) => Target;

/** A new customer, signed in: the cookie header of the session. */
async function register(api: Api, email: string) {
  const registered = await request(api('/login/register'), { method: 'POST', body: { firstName: 'Bench', lastName: 'Mark', email, password: encodePassword('secret123') } });
  const token = /token=([^;]+)/.exec(String(registered.headers['set-cookie']))?.[1];
  if (!token) throw new Error(`could not register: ${registered.body}`);
  return { Cookie: `token=${token}` };
}

/**
 * createOrder on 10 connections, one unit each, from a size with a known stock, until 50 more than it
 * holds were asked for; connection i orders as customer i modulo their number. Answers the placed
 * orders per second and whether the stock went below zero or more was placed than it held.
 */
async function placeOrders(databaseUrl: string, spec: number, api: Api, customers: Record<string, string>[], pids: number[], { stock = 1000, warmUp = false } = {}): Promise<Orders> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('update specifications set stock = $1 where id = $2', [stock, spec]);
  let placed = 0;
  let refused = 0;
  const cpuBefore = cpuNow(pids);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async (_, connection) => {
      while (placed + refused < stock + 50) {
        const reply = await request(api('/order/createOrder', customers[connection % customers.length]), {
          method: 'POST',
          body: { items: [{ goodsSpecificationId: spec, goodsQuantity: 1 }], deliveryAddress: { ...homeAddress, phone: '+1 415 555 0100' }, payMethod: 'test' },
        });
        if ((JSON.parse(reply.body) as { code: number }).code === 1) placed++;
        else refused++;
      }
    }),
  );
  const orderSeconds = (performance.now() - started) / 1000;
  const cpu = cpuPer(cpuBefore, pids, placed + refused);
  const left = (await client.query<{ stock: number }>('select stock from specifications where id = $1', [spec])).rows[0]!.stock;
  await client.end();
  const oversold = left < 0 || placed > stock;
  const who = customers.length === 1 ? 'one customer' : `${customers.length} customers`;
  if (!warmUp) console.log(`  createOrder, ${who}: ${(placed / orderSeconds).toFixed(0)}/s (${placed} placed, ${refused} refused once ${stock} units were sold; stock left ${left}${oversold ? ', OVERSOLD' : ', no oversell'}); CPU per order: ${cpu.shop.toFixed(2)} ms server, ${cpu.database.toFixed(2)} ms database`);
  return { perSecond: placed / orderSeconds, oversold };
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

/** The shop's resident memory, idle `idleSeconds` after it started on one process (PGlite in `dataDir` without a URL). */
async function idleAfterStart(databaseUrl: string | undefined, dataDir: string) {
  const shop = await startChild([...nodeArgumentsOf('start'), '--no-build'], shopEnvironment(databaseUrl, dataDir, await freePort(), 1), /running at/);
  try {
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    return rssMb([shop.pid!]);
  } finally {
    await stopChild(shop);
  }
}

/** Starts the shop on `processes` processes, measures it, and stops it. */
async function measureShop(processes: number, databaseUrl: string, dataDir: string): Promise<Figures> {
  const shopPort = await freePort();
  const shop = await startChild(
    [...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.join(process.cwd(), 'var', 'profiles')}`] : []), ...nodeArgumentsOf('start'), '--no-build'],
    shopEnvironment(databaseUrl, dataDir, shopPort, processes),
    processes > 1 ? /processes serve it: [\d, ]+\n/ : /running at/,
  );
  try {
    const workers = /processes serve it: ([\d, ]+)\n/.exec(shop.output())?.[1]?.split(', ').map(Number) ?? [];
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleMb = rssMb([shop.pid!, ...workers]);
    const pids = [shop.pid!, ...workers];

    const api = (pathAndQuery: string, headers: Record<string, string> = {}): Target => ({ port: shopPort, path: `/api/v1${pathAndQuery}`, headers });
    const signedIn = await register(api, `bench.${process.pid}.${processes}@example.com`);
    const list = JSON.parse((await request(api('/goods/queryProductList?pageSize=12'))).body) as { data: { list: { goodsId: number }[] } };
    const details = JSON.parse((await request(api(`/goods/getProductDetails?goodsId=${list.data.list[0]!.goodsId}`))).body) as {
      data: { specifications: { goodsSpecificationId: number }[] };
    };
    const spec = details.data.specifications[0]!.goodsSpecificationId;
    for (const product of list.data.list.slice(1, 3)) {
      const other = JSON.parse((await request(api(`/goods/getProductDetails?goodsId=${product.goodsId}`))).body) as { data: { specifications: { goodsSpecificationId: number }[] } };
      await request(api('/shoppingcart/addShoppingCart', signedIn), { method: 'POST', body: { goodsSpecificationId: other.data.specifications[0]!.goodsSpecificationId, goodsQuantity: 1 } });
    }

    const label = processes === 1 ? 'one process' : `${processes} processes (WORKERS=${processes})`;
    console.log(`\n  shop on ${label}, idle after a restart: ${idleMb} MB RSS${processes === 1 ? ' (target ≤ 200 MB)' : ' in all'}`);
    const skipped = { best: 0, max: 0, cpuPerRequest: 0 };
    const products = values['orders-only'] ? skipped : await rateTable('product list', api('/goods/queryProductList?pageSize=12', { Language: 'EN', Currency: 'USD' }), pids);
    const cart = values['orders-only'] ? skipped : await rateTable('signed-in cart read', api('/shoppingcart/queryShoppingCartList', { ...signedIn, Currency: 'USD' }), pids);

    // createOrder, 10 at a time: from ten customers (each connection its own), and from one.
    const customers = [signedIn];
    for (let index = 1; index < 10; index++) customers.push(await register(api, `bench.${process.pid}.${processes}.${index}@example.com`));
    // Orders first, not counted: a running shop's code is compiled and its pool open.
    await placeOrders(databaseUrl, spec, api, customers, pids, { stock: 300, warmUp: true });
    const orders = await placeOrders(databaseUrl, spec, api, customers, pids);
    const oneCustomer = await placeOrders(databaseUrl, spec, api, [signedIn], pids);
    return { products, cart, orders, oneCustomer, idleMb };
  } finally {
    await stopChild(shop);
  }
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
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-api-'));
const children: ChildProcess[] = [];
try {
  const floorPort = await freePort();
  const floorSource = `import { serve } from '@hono/node-server'; import { Hono } from 'hono';
    serve({ fetch: new Hono().get('/', (c) => c.json({ code: 1, data: 'hello', message: 'success' })).fetch, hostname: '127.0.0.1', port: ${floorPort} }, () => console.log('floor ready'));`;
  const floorServer = await startChild(['--input-type=module', '-e', floorSource], {}, /floor ready/);
  children.push(floorServer);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${database}`;

  console.log(`\nAPI on PostgreSQL, ${seconds} s per step, loopback (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})\n`);
  const floor = values['orders-only'] ? { best: 0, max: 0, cpuPerRequest: 0 } : await rateTable('bare Hono (floor)', { port: floorPort, path: '/' }, [floorServer.pid!]);
  // The first start seeds the demo catalogue (drawing its pictures); a restart finds it. Both databases.
  const idle: Record<string, { first: number; restart: number }> = {};
  for (const [name, url, target] of [
    ['PostgreSQL', databaseUrl.toString(), 200],
    ['embedded PGlite', undefined, 300],
  ] as const) {
    const folder = url ? dataDir : await mkdtemp(path.join(os.tmpdir(), 'shop-bench-api-pglite-'));
    try {
      idle[name] = { first: await idleAfterStart(url, folder), restart: await idleAfterStart(url, folder) };
    } finally {
      if (!url) await rm(folder, { recursive: true, force: true });
    }
    console.log(`\n  idle ${idleSeconds} s after start on ${name}: ${idle[name]!.first} MB RSS after the first start (seeding the demo catalogue), ${idle[name]!.restart} MB after a restart (target ≤ ${target} MB)`);
  }
  const runs: [number, Figures][] = [];
  for (const processes of processCounts) runs.push([processes, await measureShop(processes, databaseUrl.toString(), dataDir)]);

  const column = (text: string) => text.padStart(14);
  const row = (name: string, cell: (figures: Figures) => string) => console.log(`  ${name.padEnd(44)}${runs.map(([, figures]) => column(cell(figures))).join('')}`);
  console.log(`\n  summary (floor: ${floor.best}/s within ${p99Budget} ms, most ${floor.max.toFixed(0)}/s, ${floor.cpuPerRequest.toFixed(3)} ms CPU per request)`);
  console.log(`  ${''.padEnd(44)}${runs.map(([processes]) => column(processes === 1 ? '1 process' : `${processes} processes`)).join('')}`);
  row(`product list, highest rate with p99 ≤ ${p99Budget} ms`, (figures) => `${figures.products.best}/s`);
  row('product list, most per second (10 conn.)', (figures) => `${figures.products.max.toFixed(0)}/s`);
  row(`signed-in cart read, highest rate p99 ≤ ${p99Budget} ms`, (figures) => `${figures.cart.best}/s`);
  row('product list, server CPU per request', (figures) => `${figures.products.cpuPerRequest.toFixed(3)} ms`);
  row('signed-in cart read, most per second', (figures) => `${figures.cart.max.toFixed(0)}/s`);
  row('signed-in cart read, server CPU per request', (figures) => `${figures.cart.cpuPerRequest.toFixed(3)} ms`);
  const ordersCell = (orders: Orders) => `${orders.perSecond.toFixed(0)}/s${orders.oversold ? ' OVERSOLD' : ''}`;
  row('createOrder per second, 10 customers', (figures) => ordersCell(figures.orders));
  row('createOrder per second, one customer', (figures) => ordersCell(figures.oneCustomer));
  row('memory idle after a restart (all processes)', (figures) => `${figures.idleMb} MB`);
  for (const [name, { first, restart }] of Object.entries(idle)) console.log(`  idle on ${name}: ${first} MB after the first start, ${restart} MB after a restart`);
  console.log(`  load average at the end: ${os.loadavg().map((load) => load.toFixed(1)).join(', ')}`);
} finally {
  for (const child of children) await stopChild(child);
  agent.destroy();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
