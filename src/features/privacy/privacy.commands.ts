import { findUserByEmail } from '@/features/auth/auth.service';
import * as ErrorCode from '@/lib/error-codes';
import { translate } from '@/lib/i18n';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import { ShopError } from '@/server/http/errors';
import { eraseSubscriber } from '@/features/newsletter/newsletter.service';
import { eraseCustomer } from './erasure';

/* The operator's privacy commands: an erasure requested by mail runs the same erasure as the account page. */

const eraseUsage = 'erase-customer <email>';
export const eraseCustomerCommand = operatorCommand({
  usage: eraseUsage,
  help: 'erase a customer on request: personal data deleted, orders and ledger kept without the person; refused while an order is unfinished. An address with only a newsletter subscription loses the subscription',
  async execute(args, shop) {
    const email = readArguments(args, eraseUsage, {}, { min: 1 }).positionals[0]!;
    const user = await findUserByEmail(shop.db, email);
    if (!user) {
      // Someone who only subscribed to the newsletter: the subscription is all the shop holds.
      if ((await eraseSubscriber(shop.db, email)) > 0)
        return `${email} has no account; its newsletter subscription is deleted.`;
      throw new Error(`No account or newsletter subscription with the email ${email}.`);
    }
    try {
      const { keptOrders } = await eraseCustomer(shop, user.id);
      return `${email} is erased: personal data deleted, ${keptOrders} order(s) and the energy ledger kept without the person.`;
    } catch (error) {
      if (error instanceof ShopError && error.code === ErrorCode.OpenOrdersBlockErasure) {
        const { orderNos } = error.detail?.data as { orderNos: string[] };
        throw new Error(`${translate('EN', 'code.-240')} Unfinished: ${orderNos.join(', ')}.`, { cause: error });
      }
      throw error;
    }
  },
});
