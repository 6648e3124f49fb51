import path from 'node:path';
import { encodePassword } from '@/features/auth/auth';
import { nodeArgumentsOf, npmScriptOf } from '../../tests/support/processes';
import { freePort, startChild, stopChild } from './children';
import { onDatabase, type Database } from './database';
import { rateTable, request, type Api, type Rates, type Target } from './load';
import type { BenchOptions } from './options';
import { checkStock, placeOrders, type Orders } from './orders';
import { rssMb } from './proc';

/* The scenarios on one shop: its memory when idle, its reads at rising rates, createOrder from many customers and from one. */

export type Figures = {
  products: Rates;
  cart: Rates;
  carts: Rates;
  orders: Orders;
  oneCustomer: Orders;
  idleMb: number;
};

/** A new customer, signed in: the cookie header of the session. */
async function register(api: Api, email: string) {
  const registered = await request(api('/login/register'), {
    method: 'POST',
    body: { firstName: 'Bench', lastName: 'Mark', email, password: encodePassword('secret123') },
  });
  const token = /token=([^;]+)/.exec(String(registered.headers['set-cookie']))?.[1];
  if (!token) throw new Error(`could not register: ${registered.body}`);
  return { Cookie: `token=${token}` };
}

// Not NODE_ENV=production: that asks for https, SMTP and PayPal (docs/decisions/072), which a benchmark on loopback has not.
const shopEnvironment = (databaseUrl: string | undefined, dataDir: string, port: number, processes: number) => ({
  ...npmScriptOf('start').variables,
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
export async function idleAfterStart(database: Database, idleSeconds: number) {
  const shop = await startChild(
    [...nodeArgumentsOf('start'), '--no-build'],
    shopEnvironment(database.url, database.dataDir, await freePort(), 1),
    /running at/,
  );
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
export async function measureShop(
  database: Database,
  processes: number,
  run: number,
  options: BenchOptions,
): Promise<Figures> {
  const shopPort = await freePort();
  const api = (pathAndQuery: string, headers: Record<string, string> = {}): Target => ({
    port: shopPort,
    path: `/api/v1${pathAndQuery}`,
    headers,
  });
  const start = (profile = false) =>
    startChild(
      [
        ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(process.cwd(), 'var', 'profiles')}`] : []),
        ...nodeArgumentsOf('start'),
        '--no-build',
      ],
      shopEnvironment(database.url, database.dataDir, shopPort, processes),
      processes > 1 ? /processes serve it: [\d, ]+\n/ : /running at/,
    );
  const ids = async (path: string) =>
    JSON.parse((await request(api(path))).body) as {
      data: { list: { goodsId: number }[]; specifications: { goodsSpecificationId: number }[] };
    };

  const first = await start();
  const customers: Record<string, string>[] = [];
  const specs: number[] = [];
  try {
    const list = (await ids('/goods/queryProductList?pageSize=12')).data.list;
    for (const product of list.slice(0, 6))
      specs.push(
        (await ids(`/goods/getProductDetails?goodsId=${product.goodsId}`)).data.specifications[0]!.goodsSpecificationId,
      );
    for (let index = 0; index < options.customerCount; index++)
      customers.push(await register(api, `bench.${process.pid}.${database.kind}.${run}.${index}@example.com`));
    // Every customer's cart holds three lines, as a shopper's header badge reads it.
    for (const customer of customers) {
      for (const spec of specs.slice(3, 6))
        await request(api('/shoppingcart/addShoppingCart', customer), {
          method: 'POST',
          body: { goodsSpecificationId: spec, goodsQuantity: 1 },
        });
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

  const shop = await start(options.cpuProfile);
  let figures: Figures;
  try {
    const workers = /processes serve it: ([\d, ]+)\n/.exec(shop.output())?.[1]?.split(', ').map(Number) ?? [];
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const pids = [shop.pid!, ...workers];
    const idleMb = rssMb(pids);
    const label = `${database.name}, ${processes === 1 ? 'one process' : `${processes} processes (WORKERS=${processes})`}`;
    console.log(
      `\n  shop on ${label}, idle after a restart: ${idleMb} MB RSS${processes === 1 ? ` (target ≤ ${database.kind === 'postgres' ? 200 : 300} MB)` : ' in all'}`,
    );
    const skipped = { best: 0, max: 0, cpuPerRequest: 0 };
    const reads = !options.ordersOnly;
    const products = reads
      ? await rateTable(
          'product list',
          api('/goods/queryProductList?pageSize=12', { Language: 'EN', Currency: 'USD' }),
          pids,
          options.seconds,
        )
      : skipped;
    const cart = reads
      ? await rateTable(
          'cart read, one customer',
          api('/shoppingcart/queryShoppingCartList', { ...customers[0]!, Currency: 'USD' }),
          pids,
          options.seconds,
        )
      : skipped;
    let next = 0;
    const everyCustomer = {
      ...api('/shoppingcart/queryShoppingCartList'),
      headers: () => ({ ...customers[next++ % customers.length]!, Currency: 'USD' }),
    };
    const carts = reads
      ? await rateTable(`cart read, ${customers.length} customers`, everyCustomer, pids, options.seconds)
      : skipped;

    // Orders first, not counted: a running shop's code is compiled and its pool open.
    await placeOrders(warmUp, api, customers, pids, { count: 300, inFlight: 10 });
    const orders = await placeOrders(many, api, customers, pids, {
      count: options.orderCount,
      inFlight: options.inFlight,
      label: `${customers.length} customers, ${options.inFlight} in flight`,
    });
    const oneCustomer = await placeOrders(one, api, customers.slice(0, 1), pids, {
      count: options.orderCount,
      inFlight: 10,
      label: 'one customer, 10 in flight',
    });
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
