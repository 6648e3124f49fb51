import type { Config } from './config';
import type { startShop } from './main';

/**
 * After catalogue edits the static pages are rebuilt: on Netlify by posting to its build hook, on
 * one machine by a local build against the shop's own database.
 */
export async function rebuildPages(config: Config, start: typeof startShop): Promise<string> {
  if (config.buildHookUrl) {
    const response = await fetch(config.buildHookUrl, { method: 'POST' });
    if (!response.ok) throw new Error(`the build hook answered ${response.status}`);
    return 'Rebuild requested from the CDN build hook.';
  }
  const shop = await start({ ...config, port: 0 }, { build: 'always' });
  await shop.close();
  return 'Pages rebuilt locally into dist/.';
}
