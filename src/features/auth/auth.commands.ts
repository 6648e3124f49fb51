import { operatorCommand, readArguments } from '@/server/cli/operator';
import { disableCustomer, findUserByEmail } from './auth.service';

/* The operator's account commands. */

const disableUsage = 'disable-user <email>';
export const disableUserCommand = operatorCommand({
  usage: disableUsage,
  help: 'disable a customer account: it can no longer sign in and its sessions end now',
  async execute(args, { db }) {
    const email = readArguments(args, disableUsage, {}, { min: 1 }).positionals[0]!;
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`No account with the email ${email}.`);
    if (user.disabledAt) return `${user.email} was already disabled.`;
    await disableCustomer(db, user.id);
    return `${user.email} is disabled and signed out everywhere.`;
  },
});
