import { operatorCommand, readArguments } from '@/server/cli/operator';
import { checkLedger } from './energy.ledger';

/* The operator's energy commands: `npm run shop -- <command> --help`. */

const checkUsage = 'energy-check';
export const energyCheckCommand = operatorCommand({
  usage: checkUsage,
  help: "check the energy ledger: every balance is the sum of its customer's rows, each row follows the one before, none is negative",
  async execute(args, { db }) {
    readArguments(args, checkUsage, {}, { min: 0 });
    const { customers, records, problems } = await checkLedger(db);
    const summary = `${records} energy records of ${customers} customers`;
    if (problems.length === 0) return `The energy ledger is consistent: ${summary}.`;
    const listed = problems
      .map((problem) => `  customer ${problem.userId}, record ${problem.recordId}: ${problem.problem}`)
      .join('\n');
    throw new Error(`The energy ledger has ${problems.length} problem(s) in ${summary}:\n${listed}`);
  },
});

export const energyCommands = { 'energy-check': energyCheckCommand };
