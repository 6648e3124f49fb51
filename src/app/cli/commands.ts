import type { Command } from '@/server/cli/operator';
import { startShop } from '@/app/main';
import { rebuildPages } from '@/publish/rebuild';
import { verifyCodesCommand } from '@/features/verify/verify-codes.command';
import { disableUserCommand } from '@/features/auth/auth.commands';
import { operatorAccountsCommand } from '@/features/backoffice/operators/operators.commands';
import { catalogueCommands } from '@/features/catalogue/catalogue.commands';
import { orderCommands } from '@/features/orders/orders.commands';
import { paymentCommands } from '@/features/payments/payments.commands';
import { energyCommands } from '@/features/energy/energy.commands';
import { eraseCustomerCommand } from '@/features/privacy/privacy.commands';
import { sendNewsletterCommand } from '@/features/newsletter/newsletter.commands';
import { shippingCommands } from '@/features/shipping/shipping.commands';
import { doctorCommand } from '@/server/cli/doctor';
import { backupCommands } from './backup.commands';
import { salesRuleCommands } from '@/features/sales-rules/sales-rules.commands';
import '@/app/order-reactions';

/** The operator's commands, by name. Each domain adds its own (see `npm run shop -- --help`). */

export const commands: Record<string, Command> = {
  rebuild: {
    usage: 'rebuild [--full]',
    help: 'publishes the pages after catalogue changes: renders only the pages whose content changed and swaps them in at once (--full renders every page; the CDN build hook when BUILD_HOOK_URL is set)',
    run: async (args, config) => console.log(await rebuildPages(config, startShop, { full: args.includes('--full') })),
  },
  'verify-codes': verifyCodesCommand,
  ...catalogueCommands,
  ...orderCommands,
  ...paymentCommands,
  ...energyCommands,
  ...shippingCommands,
  ...salesRuleCommands,
  'disable-user': disableUserCommand,
  operator: operatorAccountsCommand,
  'erase-customer': eraseCustomerCommand,
  'send-newsletter': sendNewsletterCommand,
  doctor: doctorCommand,
  ...backupCommands,
};
