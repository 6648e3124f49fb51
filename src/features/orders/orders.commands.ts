import { formatMoney, parseMajorUnits } from '@/lib/money';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import { actOnOrder } from './order-actions';
import { listOrders } from './order-lifecycle';
import { orderMoneyTotals } from './order-money';
import { statusNames, type OrderStatusValue } from './orders';

/* The operator's order commands: `npm run shop -- <command> --help`. Each action is audited, as in the back office. */

const statusList = Object.entries(statusNames).map(([status, name]) => `${status} ${name}`).join(', ');

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
    const { values } = readArguments(args, ordersUsage, { status: { type: 'string' }, limit: { type: 'string', default: '50' } }, { min: 0 });
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
    const { positionals, values } = readArguments(args, shipUsage, { carrier: { type: 'string' }, tracking: { type: 'string' } }, { min: 1 });
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
    const { order } = await actOnOrder(shop, 'cli', positionals[0]!, { action: 'add-event', text: positionals[1]!, at });
    return `Event added to order ${order.orderNo}.`;
  },
});

const signUsage = 'sign-for <orderNo>';
export const signForCommand = operatorCommand({
  usage: signUsage,
  help: 'mark a shipped order signed for; it completes by itself after ORDER_AUTO_COMPLETE_DAYS',
  async execute(args, shop) {
    const { order } = await actOnOrder(shop, 'cli', readArguments(args, signUsage, {}, { min: 1 }).positionals[0]!, { action: 'sign-for' });
    return `Order ${order.orderNo} signed for.`;
  },
});

const completeUsage = 'complete <orderNo>';
export const completeCommand = operatorCommand({
  usage: completeUsage,
  help: 'complete a signed-for order now',
  async execute(args, shop) {
    const { order } = await actOnOrder(shop, 'cli', readArguments(args, completeUsage, {}, { min: 1 }).positionals[0]!, { action: 'complete' });
    return `Order ${order.orderNo} completed.`;
  },
});

const refundUsage = 'refund <orderNo> [--amount <e.g. 29.50>]';
export const refundCommand = operatorCommand({
  usage: refundUsage,
  help: 'refund a paid, shipped or signed-for order through the payment provider and close it (stock returns only if it never shipped), or only --amount of it (the order stays; that share of the points it bought or earned goes back); for a refund the provider still processes, say where it stands',
  async execute(args, shop) {
    const { positionals, values } = readArguments(args, refundUsage, { amount: { type: 'string' } }, { min: 1 });
    const part = values.amount === undefined ? undefined : parseMajorUnits(values.amount.trim());
    if (part === null || (part !== undefined && part <= 0)) throw new Error(`usage: npm run shop -- ${refundUsage}`);
    const { order, refund } = await actOnOrder(shop, 'cli', positionals[0]!, { action: 'refund', ...(part === undefined ? {} : { amount: part }) });
    const amount = formatMoney(part ?? order.payAmount, order.currency);
    if (refund === 'partly-refunded') {
      const totals = await orderMoneyTotals(shop.db, order.id);
      const back = totals ? formatMoney(totals.refunded + totals.reversed, order.currency) : amount;
      return `Order ${order.orderNo}: ${amount} refunded; ${back} of ${formatMoney(order.payAmount, order.currency)} has gone back so far. The order stays as it is.`;
    }
    if (refund === 'pending' && part !== undefined) return `Order ${order.orderNo}: the payment provider is still processing the refund of ${amount}; it counts when it completes. The order stays as it is.`;
    if (refund === 'pending') {
      return `Order ${order.orderNo} is closed; the payment provider is still processing the refund of ${amount}. Stock and points return when it completes (its webhook, or run this command again to ask).`;
    }
    return `Order ${order.orderNo} refunded (${amount}) and closed.`;
  },
});

const releaseUsage = 'release <orderNo>';
export const releaseCommand = operatorCommand({
  usage: releaseUsage,
  help: 'ship a disputed order anyway: end the hold an open dispute puts on an order not yet shipped (the dispute\'s outcome still moves its money)',
  async execute(args, shop) {
    const { order, released } = await actOnOrder(shop, 'cli', readArguments(args, releaseUsage, {}, { min: 1 }).positionals[0]!, { action: 'release-hold' });
    return released ? `Order ${order.orderNo} is no longer held by its dispute; it can be shipped.` : `Order ${order.orderNo} was not held by a dispute.`;
  },
});

export const orderCommands = {
  orders: listOrdersCommand,
  ship: shipCommand,
  'add-event': addEventCommand,
  'sign-for': signForCommand,
  complete: completeCommand,
  refund: refundCommand,
  release: releaseCommand,
};
