import type { Config } from '@/server/config';
import type { PublishResult } from './publish';

/** Starts the shop for a task (the composition root's `startShop`), to publish with and close. */
export type StartForTask = (
  config: Config,
  options: { build: 'never'; task: string },
) => Promise<{ publish(options: { full?: boolean }): Promise<PublishResult>; close(): Promise<void> }>;

/**
 * After catalogue edits the static pages are rebuilt: on Netlify by posting to its build hook, on
 * one machine by a local build against the shop's own database.
 */
export async function rebuildPages(
  config: Config,
  start: StartForTask,
  options: { full?: boolean } = {},
): Promise<string> {
  if (config.buildHookUrl) {
    const response = await fetch(config.buildHookUrl, { method: 'POST' });
    if (!response.ok) throw new Error(`the build hook answered ${response.status}`);
    return 'Rebuild requested from the CDN build hook.';
  }
  const shop = await start(config, { build: 'never', task: 'npm run shop -- rebuild' });
  try {
    const published = await shop.publish(options);
    const stages = Object.entries(published.stages).map(([step, seconds]) => `${step} ${seconds.toFixed(2)} s`);
    return `Published ${published.pages} pages (${published.rendered} rendered, the rest unchanged) in ${published.seconds.toFixed(1)} s into ${published.release}.\nTime by step: ${stages.join(', ')}.`;
  } finally {
    await shop.close();
  }
}
