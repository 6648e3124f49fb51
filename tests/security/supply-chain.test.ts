import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/* What the shop installs and runs: install scripts only where named, every runtime dependency justified. */

const root = new URL('../../', import.meta.url);
const read = async <T>(file: string) => JSON.parse(await readFile(new URL(file, root), 'utf8')) as T;

type PackageJson = { dependencies: Record<string, string>; allowScripts: Record<string, boolean> };
type LockFile = { packages: Record<string, { hasInstallScript?: boolean }> };

describe('the supply chain', () => {
  it('runs install scripts only for the packages allowScripts allows, names every package that has one, and only those', async () => {
    const manifest = await read<PackageJson>('package.json');
    const lock = await read<LockFile>('package-lock.json');
    const withScripts = new Set(
      Object.entries(lock.packages)
        .filter(([, entry]) => entry.hasInstallScript)
        .map(([path]) => path.split('node_modules/').at(-1)!),
    );
    expect(withScripts.size).toBeGreaterThan(0);
    // Each install script is decided: allowed to run (true) or refused (false).
    const named = Object.keys(manifest.allowScripts).map((name) => name.replace(/@[^@/]+$/, ''));
    expect(
      [...withScripts].filter((name) => !named.includes(name)),
      'install scripts nobody decided on',
    ).toEqual([]);
    expect(
      named.filter((name) => !withScripts.has(name)),
      'named packages without an install script',
    ).toEqual([]);
  });

  it('justifies every runtime dependency in a decision record', async () => {
    const manifest = await read<PackageJson>('package.json');
    const decisions = new URL('docs/decisions/', root);
    const record = (await readdir(decisions)).find((file) => file.startsWith('032-'));
    const text = await readFile(new URL(record!, decisions), 'utf8');
    const justified = new Set([...text.matchAll(/`([@\w./-]+)`/g)].map((match) => match[1]));
    expect(
      Object.keys(manifest.dependencies).filter((name) => !justified.has(name)),
      'dependencies without a row in decision 032',
    ).toEqual([]);
  });
});
