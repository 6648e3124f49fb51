import { orderMoneyTotals } from '@/features/orders/order-money';
import { formatMoney, parseMajorUnits } from '@/lib/money';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import { actOnOrder } from './payment-actions';

/* The operator's commands on an order's money: `npm run shop -- <command> --help`. Each is audited, as in the back office. */

const refundUsage = 'refund <orderNo> [--amount <e.g. 29.50>]';
export const refundCommand = operatorCommand({
  usage: refundUsage,
  help: 'refund a paid, shipped or signed-for order through the payment provider and close it (stock returns only if it never shipped), or only --amount of it (the order stays; that share of the points it bought or earned goes back); for a refund the provider still processes, say where it stands',
  async execute(args, shop) {
    const { positionals, values } = readArguments(args, refundUsage, { amount: { type: 'string' } }, { min: 1 });
    const part = values.amount === undefined ? undefined : parseMajorUnits(values.amount.trim());
    if (part === null || (part !== undefined && part <= 0)) throw new Error(`usage: npm run shop -- ${refundUsage}`);
    const { order, refund } = await actOnOrder(shop, 'cli', positionals[0]!, {
      action: 'refund',
      ...(part === undefined ? {} : { amount: part }),
    });
    const amount = formatMoney(part ?? order.payAmount, order.currency);
    if (refund === 'partly-refunded') {
      const totals = await orderMoneyTotals(shop.db, order.id);
      const back = totals ? formatMoney(totals.refunded + totals.reversed, order.currency) : amount;
      return `Order ${order.orderNo}: ${amount} refunded; ${back} of ${formatMoney(order.payAmount, order.currency)} has gone back so far. The order stays as it is.`;
    }
    if (refund === 'pending' && part !== undefined)
      return `Order ${order.orderNo}: the payment provider is still processing the refund of ${amount}; it counts when it completes. The order stays as it is.`;
    if (refund === 'pending') {
      return `Order ${order.orderNo} is closed; the payment provider is still processing the refund of ${amount}. Stock and points return when it completes (its webhook, or run this command again to ask).`;
    }
    return `Order ${order.orderNo} refunded (${amount}) and closed.`;
  },
});

const releaseUsage = 'release <orderNo>';
export const releaseCommand = operatorCommand({
  usage: releaseUsage,
  help: "ship a disputed order anyway: end the hold an open dispute puts on an order not yet shipped (the dispute's outcome still moves its money)",
  async execute(args, shop) {
    const { order, released } = await actOnOrder(
      shop,
      'cli',
      readArguments(args, releaseUsage, {}, { min: 1 }).positionals[0]!,
      { action: 'release-hold' },
    );
    return released
      ? `Order ${order.orderNo} is no longer held by its dispute; it can be shipped.`
      : `Order ${order.orderNo} was not held by a dispute.`;
  },
});

export const paymentCommands = {
  refund: refundCommand,
  release: releaseCommand,
};
