import { recordAudit } from '@/features/audit/audit';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import { inviteOperator } from './operator-auth';
import { operatorRoles, type OperatorRole } from './operators';

/* The operator CLI's back-office accounts: the first admin is made here. */

const usage = `operator add <email> --role ${operatorRoles.join('|')}`;
export const operatorAccountsCommand = operatorCommand({
  usage,
  help: 'add a back-office operator (or change the role of one) and print a one-time link to set the password',
  async execute(args, { db, config }) {
    const { positionals, values } = readArguments(args, usage, { role: { type: 'string' } }, { min: 2 });
    const [verb, email] = positionals as [string, string];
    const role = values.role as OperatorRole | undefined;
    if (verb !== 'add' || !role || !operatorRoles.includes(role) || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`usage: npm run shop -- ${usage}`);
    const { operator, link, expiresInHours } = await inviteOperator(db, { email, role }, config.publicOrigin);
    await recordAudit(db, 'cli', { action: 'operator.add', subject: operator.email, after: { role } });
    return [
      `${operator.email} may sign in to the back office as ${role} once the password is set.`,
      `One-time link to set it (valid ${expiresInHours} hours, works once):`,
      `  ${link}`,
    ].join('\n');
  },
});
