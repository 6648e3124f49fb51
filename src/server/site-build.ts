import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const siteDir = fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * Builds the static pages with Astro against a running API (`apiOrigin`), which the pages read the
 * catalogue and adverts from at build time.
 */
export function buildSite(apiOrigin: string, options: { outDir?: string; quiet?: boolean } = {}): Promise<void> {
  const astro = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', options.outDir ?? siteDir], {
      cwd: projectRoot,
      env: { ...process.env, SHOP_API_ORIGIN: apiOrigin },
      stdio: options.quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit',
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed (exit ${code})\n${errors}`))));
  });
}
