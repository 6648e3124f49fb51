import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordedPageKeys, renderedPages, rendersChangedOnly } from '../lib/build-pages.ts';
import type { HeaderPolicyInput } from '../lib/security-headers.ts';
import { HASHES_FILE, writeHeaderPolicy } from './header-policy.ts';

/*
 * The last step of a build (`astro:build:done`), docs/decisions/050. When the publisher asked for the
 * changed pages only, Astro wrote just those; this step completes the release from the last one:
 * every keyed page it did not render, and the optimised pictures and scripts in `_astro/`, are hard
 * links to the last release's files (which are never written again, so both releases stay whole).
 * Then the header policy is written from the pages rendered now and the hashes the kept pages had.
 * Last, the keys of every page go where the publisher keeps them for the next publish.
 */

/** One line per this many pages kept, for the publisher's progress. */
const PROGRESS_EVERY = 500;
export const KEPT_LINE = '[shop-release] kept';

export type BuildReport = { pages: Record<string, string>; rendered: number; kept: number };

export function completeRelease(dir: URL | string, settings: Omit<HeaderPolicyInput, 'scriptHashes'>, log: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): BuildReport {
  const root = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const previous = process.env.SHOP_PREVIOUS_RELEASE;
  const partial = rendersChangedOnly() && previous !== undefined && existsSync(previous);
  const keys = recordedPageKeys();
  log(`[shop-release] completing the release (${partial ? 'changed pages rendered, the rest kept' : 'every page rendered'})`);

  // The pages rendered now are the only ones read here; the kept ones bring their hashes along.
  writeHeaderPolicy(root, settings, partial ? readScriptHashesSync(previous) : []);

  let kept = 0;
  if (partial) {
    const madeDirs = new Set<string>();
    const linkFrom = (relative: string) => {
      const target = path.join(root, relative);
      const folder = path.dirname(target);
      if (!madeDirs.has(folder)) {
        mkdirSync(folder, { recursive: true });
        madeDirs.add(folder);
      }
      linkSync(path.join(previous, relative), target);
    };
    const rendered = renderedPages();
    const toKeep = [...keys.keys()].filter((file) => !rendered.has(file));
    for (const file of toKeep) {
      linkFrom(file);
      kept++;
      if (kept % PROGRESS_EVERY === 0 || kept === toKeep.length) log(`${KEPT_LINE} ${kept} of ${toKeep.length} pages`);
    }
    // Pictures and scripts of the kept pages (content-hashed names: an existing name is the same file).
    const assets = path.join(previous, '_astro');
    if (existsSync(assets)) {
      const built = new Set(existsSync(path.join(root, '_astro')) ? readdirSync(path.join(root, '_astro')) : []);
      for (const name of readdirSync(assets)) if (!built.has(name)) linkFrom(path.join('_astro', name));
    }
  }

  const report: BuildReport = { pages: Object.fromEntries(keys), rendered: keys.size - kept, kept };
  if (process.env.SHOP_BUILD_REPORT) writeFileSync(process.env.SHOP_BUILD_REPORT, JSON.stringify(report));
  return report;
}

function readScriptHashesSync(release: string): string[] {
  try {
    return (JSON.parse(readFileSync(path.join(release, HASHES_FILE), 'utf8')) as { scriptHashes?: string[] }).scriptHashes ?? [];
  } catch {
    return [];
  }
}
