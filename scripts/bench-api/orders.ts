import { homeAddress } from '@/features/delivery/fixtures/addresses';
import type { Sql } from './database';
import { request, type Api } from './load';
import { cpuNow, cpuPer } from './proc';

/* createOrder under load, and afterwards, with the shop stopped, that no unit was sold twice. */

export type Orders = { perSecond: number; placed: number; refused: number; oversold: boolean | null };

/**
 * createOrder of one unit of `spec`, `inFlight` at a time, `count` in all; request i orders as customer
 * i modulo their number. Answers the placed orders per second (stock is checked afterwards, `checkStock`).
 */
export async function placeOrders(
  spec: number,
  api: Api,
  customers: Record<string, string>[],
  pids: number[],
  { count, inFlight: connections, label }: { count: number; inFlight: number; label?: string },
): Promise<Orders> {
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
          body: {
            items: [{ goodsSpecificationId: spec, goodsQuantity: 1 }],
            deliveryAddress: { ...homeAddress, phone: '+1 415 555 0100' },
            payMethod: 'test',
          },
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
  if (label)
    console.log(
      `  createOrder, ${label}: ${(placed / orderSeconds).toFixed(0)}/s (${placed} placed, ${refused} refused${[...refusals].map(([why, times]) => `; ${why} ×${times}`).join('')}); CPU per order: ${cpu.shop.toFixed(2)} ms server, ${cpu.database.toFixed(2)} ms database`,
    );
  return { perSecond: placed / orderSeconds, placed, refused, oversold: null };
}

/**
 * No oversell: the stock left is not below zero, and with the units this run's open orders still hold
 * (orders after `afterOrderId`: an earlier run on the same database left its own open) it makes the stock there was.
 */
export async function checkStock(
  sql: Sql,
  spec: number,
  stock: number,
  afterOrderId: number,
  orders: Orders,
  label: string,
): Promise<Orders> {
  const [left] = await sql<{ stock: number }>('select stock from specifications where id = $1', [spec]);
  const [held] = await sql<{ units: number | string | null }>(
    'select sum(l.quantity) as units from order_lines l join orders o on o.id = l.order_id where l.specification_id = $1 and o.status <> 3 and o.id > $2',
    [spec, afterOrderId],
  );
  const units = Number(held?.units ?? 0);
  const oversold = left!.stock < 0 || left!.stock + units !== stock;
  console.log(
    `  createOrder, ${label}: stock ${stock}, left ${left!.stock}, held by open orders ${units}: ${oversold ? 'OVERSOLD' : 'no oversell'}`,
  );
  return { ...orders, oversold };
}
