import type { Config } from '@/server/config';
import { startShop } from '@/server/main';
import { rebuildPages } from '@/server/rebuild';
import { verifyCodesCommand } from '@/features/verify/verify-codes.command';
import { disableUserCommand } from '@/features/auth/auth.commands';
import { catalogCommands } from '@/features/catalog/catalog.commands';
import { orderCommands } from '@/features/orders/orders.commands';
import { energyCommands } from '@/features/energy/energy.commands';

/**
 * The operator's commands, by name. Each domain adds its own (see `npm run shop -- --help`); a
 * command gets its arguments and the parsed configuration.
 */
export type Command = { usage: string; help: string; run: (args: string[], config: Config) => Promise<void> };

export const commands: Record<string, Command> = {
  rebuild: {
    usage: 'rebuild',
    help: 'rebuild the static pages (local build, or the CDN build hook when BUILD_HOOK_URL is set)',
    run: async (_args, config) => console.log(await rebuildPages(config, startShop)),
  },
  'verify-codes': verifyCodesCommand,
  ...catalogCommands,
  ...orderCommands,
  ...energyCommands,
  'disable-user': disableUserCommand,
};
