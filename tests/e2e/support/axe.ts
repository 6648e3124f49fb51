import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The ids of axe-core's violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated by the browser's tooling, not the page: the page's CSP rightly refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string }[] }> } }).axe.run();
    return result.violations.map((violation) => violation.id);
  });
}
