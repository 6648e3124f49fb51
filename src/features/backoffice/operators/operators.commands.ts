import { recordAudit } from '@/features/audit/audit';
import { ErrorCode } from '@/lib/error-codes';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import { ShopError } from '@/server/http/errors';
import { inviteOperator } from './operator-auth';
import { operatorRoles, type OperatorRole } from './operators';
import { resetSecondFactor } from './second-factor';

/* The operator CLI's back-office accounts: the first admin is made here, and a lost phone's second factor reset. */

const addUsage = `operator add <email> --role ${operatorRoles.join('|')}`;
const resetUsage = 'operator reset-2fa <email>';
const usage = `${addUsage} | ${resetUsage}`;
const usageError = () => new Error(`usage: npm run shop -- ${usage}`);

export const operatorAccountsCommand = operatorCommand({
  usage,
  help: 'add a back-office operator (or change the role of one) and print a one-time link to set the password; reset-2fa turns off the second factor of an operator who lost it',
  async execute(args, { db, config }) {
    const { positionals, values } = readArguments(args, usage, { role: { type: 'string' } }, { min: 2 });
    const [verb, email] = positionals as [string, string];
    if (verb === 'reset-2fa' && values.role === undefined) return resetTwoFactor(db, email);
    const role = values.role as OperatorRole | undefined;
    if (verb !== 'add' || !role || !operatorRoles.includes(role) || !/^[^\s@]+@[^\s@]+$/.test(email)) throw usageError();
    const { operator, link, expiresInHours } = await inviteOperator(db, { email, role }, config.publicOrigin);
    await recordAudit(db, 'cli', { action: 'operator.add', subject: operator.email, after: { role } });
    return [
      `${operator.email} may sign in to the back office as ${role} once the password is set.`,
      `One-time link to set it (valid ${expiresInHours} hours, works once):`,
      `  ${link}`,
    ].join('\n');
  },
});

async function resetTwoFactor(db: Parameters<typeof resetSecondFactor>[0], email: string) {
  try {
    const operator = await resetSecondFactor(db, 'cli', email);
    return `${operator.email} signs in with the password alone until they turn two-step sign-in on again.`;
  } catch (error) {
    if (error instanceof ShopError && error.code === ErrorCode.AccountNotFound) throw new Error(`No operator with the email ${email}.`, { cause: error });
    if (error instanceof ShopError && error.code === ErrorCode.DataUnchanged) throw new Error(`${email} has no second factor to reset.`, { cause: error });
    throw error;
  }
}
