import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildSettings } from './settings';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A hash of everything besides the catalogue that shapes the pages: the source files (tests aside),
 * the public files, the configuration and the locked dependencies, and the build settings the pages and the browser's scripts read.
 * A publish renders every page when it differs from the served release's.
 */
export async function codeFingerprint(settings: Pick<BuildSettings, 'pages' | 'publicVariables'>): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ settings: settings.publicVariables, pages: settings.pages, node: process.version }));
  for (const folder of ['src', 'public']) {
    const entries = await readdir(path.join(projectRoot, folder), { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    const contents = await Promise.all(files.map((file) => readFile(file)));
    files.forEach((file, index) => hash.update(path.relative(projectRoot, file)).update(contents[index]!));
  }
  for (const file of ['astro.config.mjs', 'package-lock.json', 'tsconfig.json'])
    hash.update(file).update(await readFile(path.join(projectRoot, file)).catch(() => ''));
  return hash.digest('base64url');
}
