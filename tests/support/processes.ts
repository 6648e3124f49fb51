import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The shop's own scripts, run as separate processes the way `npm start` and `npm run shop` run them. */
export const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Node's arguments for `npm run <script>` (`node <flags> scripts/<script>.ts`), read from package.json,
 * so that tests and benchmarks start the shop with the flags users' shops start with.
 */
/** An npm script of package.json (`npm start`, `npm run shop`) as npm runs it: the variables it sets, then Node's arguments. */
export function npmScriptOf(script: 'start' | 'shop'): { variables: Record<string, string>; args: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = scripts[script]!.split(' ');
  const variables: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    variables[name] = value;
  }
  const [node, ...args] = words;
  if (node !== 'node') throw new Error(`package.json's ${script} script should start with node: ${scripts[script]}`);
  return { variables, args };
}

export const nodeArgumentsOf = (script: 'start' | 'shop') => npmScriptOf(script).args;

export type ShopProcess = {
  child: ChildProcess;
  /** The URL it printed ("Energy Shop is running at …"); with PUBLIC_ORIGIN set, the one it listens on. */
  url: string;
  output: () => string;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
};

/**
 * `npm start -- --no-build [args]` with `env` over the test's environment (PUBLIC_ORIGIN and DATABASE_URL
 * removed unless given), in this checkout or in the copy at `cwd`.
 */
export function startShopProcess(
  env: Record<string, string>,
  args: string[] = [],
  options: { cwd?: string } = {},
): Promise<ShopProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgumentsOf('start'), '--no-build', ...args], {
      cwd: options.cwd ?? projectRoot,
      env: shopEnvironment('start', env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = once(child, 'exit').then(([code]) => code as number | null);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (https?:\/\/\S+)\n(?:\s*\(listening on (http:\/\/[^;]+);)?/
        .exec(output)
        ?.slice(1)
        .findLast(Boolean);
      if (url) {
        resolve({
          child,
          url,
          output: () => output,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`the shop exited (${code}) before it was running:\n${output}`)));
  });
}

/** Runs one of the scripts to its end and answers its exit code and output. */
export async function runScript(script: 'start' | 'shop', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...nodeArgumentsOf(script), ...args], {
    cwd: projectRoot,
    env: shopEnvironment(script, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

function shopEnvironment(script: 'start' | 'shop', env: Record<string, string>) {
  const { PUBLIC_ORIGIN: _origin, DATABASE_URL: _database, ...inherited } = process.env;
  return { ...inherited, ...npmScriptOf(script).variables, LOG_LEVEL: 'warn', PORT: '0', ...env };
}
