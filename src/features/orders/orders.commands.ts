import { formatMoney } from '@/lib/money';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import { actOnOrder } from './order-actions';
import { listOrders } from './order-lifecycle';
import { statusNames, type OrderStatusValue } from '@/lib/order-status';

/* The operator's order commands: `npm run shop -- <command> --help`. Each action is audited, as in the back office. */

const statusList = Object.entries(statusNames)
  .map(([status, name]) => `${status} ${name}`)
  .join(', ');

function readStatus(text: string | undefined, usage: string): OrderStatusValue | undefined {
  if (text === undefined) return undefined;
  const status = Number(text);
  if (!Number.isInteger(status) || !(status in statusNames)) throw new Error(`usage: npm run shop -- ${usage}`);
  return status as OrderStatusValue;
}

const ordersUsage = 'orders [--status <0-6>] [--limit <n>]';
export const listOrdersCommand = operatorCommand({
  usage: ordersUsage,
  help: `list the newest orders (50 unless --limit), optionally in one status: ${statusList}`,
  async execute(args, { db }) {
    const { values } = readArguments(
      args,
      ordersUsage,
      { status: { type: 'string' }, limit: { type: 'string', default: '50' } },
      { min: 0 },
    );
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`usage: npm run shop -- ${ordersUsage}`);
    const rows = await listOrders(db, { status: readStatus(values.status, ordersUsage), limit });
    if (rows.length === 0) return 'No orders.';
    return rows
      .map((order) =>
        [
          order.orderNo,
          statusNames[order.status as OrderStatusValue].padEnd(15),
          order.createdAt.toISOString().slice(0, 16).replace('T', ' '),
          formatMoney(order.payAmount, order.currency).padStart(12),
          order.email,
        ].join('  '),
      )
      .join('\n');
  },
});

const shipUsage = 'ship <orderNo> --carrier <name> --tracking <number>';
export const shipCommand = operatorCommand({
  usage: shipUsage,
  help: 'mark a paid order shipped with its carrier and tracking number, and mail the customer the shipping notice',
  async execute(args, shop) {
    const { positionals, values } = readArguments(
      args,
      shipUsage,
      { carrier: { type: 'string' }, tracking: { type: 'string' } },
      { min: 1 },
    );
    const carrier = values.carrier?.trim();
    const trackingNumber = values.tracking?.trim();
    if (!carrier || !trackingNumber) throw new Error(`usage: npm run shop -- ${shipUsage}`);
    const { order } = await actOnOrder(shop, 'cli', positionals[0]!, { action: 'ship', carrier, trackingNumber });
    return `Order ${order.orderNo} shipped with ${carrier} (${trackingNumber}); shipping notice sent to ${order.email}.`;
  },
});

const eventUsage = 'add-event <orderNo> <text> [--at <ISO time>]';
export const addEventCommand = operatorCommand({
  usage: eventUsage,
  help: 'add a logistics event to a paid order (shown under "view logistics"); --at dates it, default now',
  async execute(args, shop) {
    const { positionals, values } = readArguments(args, eventUsage, { at: { type: 'string' } }, { min: 2 });
    const at = values.at === undefined ? new Date() : new Date(values.at);
    if (Number.isNaN(at.getTime())) throw new Error(`Not a time: ${values.at}`);
    const { order } = await actOnOrder(shop, 'cli', positionals[0]!, {
      action: 'add-event',
      text: positionals[1]!,
      at,
    });
    return `Event added to order ${order.orderNo}.`;
  },
});

const signUsage = 'sign-for <orderNo>';
export const signForCommand = operatorCommand({
  usage: signUsage,
  help: 'mark a shipped order signed for; it completes by itself after ORDER_AUTO_COMPLETE_DAYS',
  async execute(args, shop) {
    const { order } = await actOnOrder(shop, 'cli', readArguments(args, signUsage, {}, { min: 1 }).positionals[0]!, {
      action: 'sign-for',
    });
    return `Order ${order.orderNo} signed for.`;
  },
});

const completeUsage = 'complete <orderNo>';
export const completeCommand = operatorCommand({
  usage: completeUsage,
  help: 'complete a signed-for order now',
  async execute(args, shop) {
    const { order } = await actOnOrder(
      shop,
      'cli',
      readArguments(args, completeUsage, {}, { min: 1 }).positionals[0]!,
      { action: 'complete' },
    );
    return `Order ${order.orderNo} completed.`;
  },
});

export const orderCommands = {
  orders: listOrdersCommand,
  ship: shipCommand,
  'add-event': addEventCommand,
  'sign-for': signForCommand,
  complete: completeCommand,
};
