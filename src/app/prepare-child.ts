import type { Preparation } from './prepare';
import { startShop } from './main';

/** The child process of prepare.ts: migrates, seeds an empty shop, builds the pages asked for, and exits. */
process.once('message', (message) => {
  const { config, build, siteDir, fullBuild, quietBuild } = message as Preparation;
  void (async () => {
    const shop = await startShop(config, { build, siteDir, fullBuild, quietBuild, task: 'first start', jobs: false });
    await shop.close();
    process.exit(0);
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
});
