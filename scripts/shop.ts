import { commands } from '@/app/cli/commands';
import { ConfigError, loadConfig } from '@/server/config';
import { DatabaseInUseError } from '@/server/db/owner-lock';

/** The operator's command-line tool: `npm run shop -- <command> [arguments]`. */
function usage() {
  console.log('Usage: npm run shop -- <command> [arguments]\n\nCommands:');
  for (const command of Object.values(commands)) console.log(`  ${command.usage}\n      ${command.help}`);
}

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!name || name === '--help' || name === 'help') {
  usage();
} else if (!command) {
  console.error(`Unknown command: ${name}\n`);
  usage();
  process.exitCode = 1;
} else if (args.includes('--help')) {
  console.log(`Usage: npm run shop -- ${command.usage}\n\n${command.help}`);
} else {
  try {
    await command.run(args, loadConfig());
  } catch (error) {
    console.error(
      error instanceof ConfigError || error instanceof DatabaseInUseError
        ? error.message
        : `Failed: ${(error as Error).message}`,
    );
    process.exitCode = 1;
  }
}
