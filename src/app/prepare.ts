import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '@/server/config';

/*
 * A first start's heavy work (migrating, seeding the demo catalogue and drawing its pictures, building
 * the pages) runs in a child process that exits when done: what it touched (the JavaScript heap,
 * sharp's buffers, the embedded database's memory) goes with it, and the process that then serves for
 * days never holds it. See docs/decisions/060-checkout-in-one-statement-and-a-lighter-process.md.
 */

export type Preparation = {
  /** The serving shop's settings, its public origin settled. */
  config: Config;
  build: 'always' | 'if-missing' | 'never';
  siteDir: string;
  fullBuild: boolean;
  quietBuild: boolean;
};

/** The child stopped without preparing the shop; it printed why. */
export class PreparationError extends Error {
  constructor(code: number | null, signal: string | null) {
    super(
      `The shop could not be prepared: its preparing process stopped (${signal ?? `exit code ${code}`}); see above for why.`,
    );
    this.name = 'PreparationError';
  }
}

const childEntry = fileURLToPath(new URL('./prepare-child.ts', import.meta.url));
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** How the child loads the shop's TypeScript: as this process does, on the hooks `npm start` uses (scripts/typescript-hooks.mjs), otherwise (a test's shop) through tsx. */
function typescriptLoader() {
  const hooks = process.execArgv.find((argument) => argument.endsWith(TYPESCRIPT_HOOKS));
  return hooks ? ['--import', path.resolve(projectRoot, hooks.replace(/^--import=/, ''))] : ['--import', 'tsx'];
}
const TYPESCRIPT_HOOKS = 'typescript-hooks.mjs';

/** Prepares the shop in a child process (the settings go over its IPC channel, never its environment) and waits for it. */
export async function prepareInChild(preparation: Preparation): Promise<void> {
  const child = fork(childEntry, [], {
    cwd: projectRoot,
    execArgv: typescriptLoader(),
    stdio: 'inherit',
    serialization: 'advanced',
  });
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  child.send(preparation);
  const [code, signal] = await exited;
  if (code !== 0) throw new PreparationError(code, signal);
}
