import * as ErrorCode from '@/lib/error-codes';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import { ShopError } from '@/server/http/errors';
import { addOperator, resetOperatorPassword, setOperatorDisabled } from './operator-accounts';
import { operatorRoles, type OperatorRole } from './operators';
import { resetSecondFactor } from './second-factor';

/* The operator CLI's back-office accounts: the first admin is made here, and a lost phone's second factor reset. */

const addUsage = `operator add <email> --role ${operatorRoles.join('|')}`;
const resetUsage = 'operator reset-2fa <email>';
const accountUsage = 'operator disable|enable|reset-password <email>';
const usage = `${addUsage} | ${resetUsage} | ${accountUsage}`;
const usageError = () => new Error(`usage: npm run shop -- ${usage}`);

export const operatorAccountsCommand = operatorCommand({
  usage,
  help: "add a back-office operator (or change the role of one) and print a one-time link to set the password; reset-2fa turns off the second factor of an operator who lost it; disable, enable and reset-password act as the back office's Operators section does",
  async execute(args, { db, config }) {
    const { positionals, values } = readArguments(args, usage, { role: { type: 'string' } }, { min: 2 });
    const [verb, email] = positionals as [string, string];
    if (verb === 'reset-2fa' && values.role === undefined) return resetTwoFactor(db, email);
    if ((verb === 'disable' || verb === 'enable' || verb === 'reset-password') && values.role === undefined)
      return changeAccount(db, config.publicOrigin, verb, email);
    const role = values.role as OperatorRole | undefined;
    if (verb !== 'add' || !role || !operatorRoles.includes(role) || !/^[^\s@]+@[^\s@]+$/.test(email))
      throw usageError();
    const { link, expiresInHours } = await addOperator(db, 'cli', { email, role }, config.publicOrigin);
    return [
      `${email} may sign in to the back office as ${role} once the password is set.`,
      ...passwordLink(link, expiresInHours),
    ].join('\n');
  },
});

async function resetTwoFactor(db: Parameters<typeof resetSecondFactor>[0], email: string) {
  try {
    const operator = await resetSecondFactor(db, 'cli', email);
    return `${operator.email} signs in with the password alone until they turn two-step sign-in on again.`;
  } catch (error) {
    if (error instanceof ShopError && error.code === ErrorCode.AccountNotFound)
      throw new Error(`No operator with the email ${email}.`, { cause: error });
    if (error instanceof ShopError && error.code === ErrorCode.DataUnchanged)
      throw new Error(`${email} has no second factor to reset.`, { cause: error });
    throw error;
  }
}

const passwordLink = (link: string, expiresInHours: number) => [
  `One-time link to set it (valid ${expiresInHours} hours, works once):`,
  `  ${link}`,
];

/** disable, enable, reset-password: the same service, and so the same rules, as the Operators section. */
async function changeAccount(
  db: Parameters<typeof addOperator>[0],
  publicOrigin: string,
  verb: 'disable' | 'enable' | 'reset-password',
  email: string,
) {
  try {
    if (verb === 'reset-password') {
      const { link, expiresInHours } = await resetOperatorPassword(db, 'cli', email, publicOrigin);
      return [
        `${email}'s password no longer works and every session has ended.`,
        ...passwordLink(link, expiresInHours),
      ].join('\n');
    }
    await setOperatorDisabled(db, 'cli', email, verb === 'disable');
    return verb === 'disable'
      ? `${email} is signed out everywhere and can no longer sign in.`
      : `${email} may sign in again.`;
  } catch (error) {
    if (error instanceof ShopError && error.code === ErrorCode.AccountNotFound)
      throw new Error(`No operator with the email ${email}.`, { cause: error });
    if (error instanceof ShopError && error.code === ErrorCode.DataUnchanged)
      throw new Error(`${email} is already ${verb === 'disable' ? 'disabled' : 'enabled'}.`, { cause: error });
    if (error instanceof ShopError && error.code === ErrorCode.IllegalRequest)
      throw new Error(`${email} is the last admin who can sign in: add another admin first.`, { cause: error });
    if (error instanceof ShopError && error.code === ErrorCode.AccountDisabled)
      throw new Error(`${email} is disabled: enable them first.`, { cause: error });
    throw error;
  }
}
