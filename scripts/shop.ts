import { ConfigError, loadConfig } from '@/server/config';
import { startShop } from '@/server/main';
import { rebuildPages } from '@/server/rebuild';

/** The operator's command-line tool: `npm run shop -- <command>`. */
const commands: Record<string, { help: string; run: (args: string[]) => Promise<void> }> = {
  rebuild: {
    help: 'rebuild the static pages (local build, or the CDN build hook when BUILD_HOOK_URL is set)',
    run: async () => console.log(await rebuildPages(loadConfig(), startShop)),
  },
};

function usage() {
  console.log('Usage: npm run shop -- <command> [options]\n\nCommands:');
  for (const [name, command] of Object.entries(commands)) console.log(`  ${name.padEnd(12)} ${command.help}`);
}

const [name, ...args] = process.argv.slice(2);
if (!name || name === '--help' || name === 'help') {
  usage();
} else if (!commands[name]) {
  console.error(`Unknown command: ${name}\n`);
  usage();
  process.exitCode = 1;
} else {
  try {
    await commands[name].run(args);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `Failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
