import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeCatalogueSnapshot } from '@/features/catalog/catalog-snapshot.service';
import { shellData } from '@/lib/build-snapshot';
import type { Database } from './db/client';
import type { Storage } from './storage/storage';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const siteDir = fileURLToPath(new URL('../../dist', import.meta.url));

/*
 * A site folder holds every published release and a `current` link to the one being served:
 *
 *   site/releases/<id>/…   one complete set of pages (a release is never changed once served)
 *   site/current → releases/<id>
 *   site/cache/            Astro's incremental-build cache (rendered pages by key, optimised pictures)
 *
 * A publish takes one catalogue snapshot, lets Astro render only the pages whose key (a hash of
 * what they show) or code changed and copy the others from its cache, into a new release folder;
 * then it swaps the link in one rename. Visitors see the old release or the new one, never half of
 * one; a publish that fails leaves the link, and so the served pages, as they were.
 */

export const currentLink = (root: string) => path.join(root, 'current');

/** The folder the pages are served from: the current release, or `root` itself for a plain `astro build` output. */
export const servedDir = (root: string) => (existsSync(currentLink(root)) ? currentLink(root) : root);

export const hasPages = (root: string) => existsSync(path.join(servedDir(root), 'en-usd', 'index.html'));

export type PublishResult = {
  release: string;
  /** Pages in the release. */
  pages: number;
  /** Pages rendered by this publish (the rest were copied unchanged). */
  rendered: number;
  full: boolean;
  seconds: number;
  /** The build process's peak resident memory (Linux; 0 where /proc is missing). */
  peakRssMb: number;
};

export type PublishOptions = {
  db: Database;
  storage: Pick<Storage, 'url'>;
  testMode: boolean;
  /** Where the build fetches pictures from (the shop's own API). */
  apiOrigin: string;
  /** The origin of canonical links and the sitemap (docs/decisions/024). */
  publicOrigin: string;
  root?: string;
  /** Render every page, ignoring the cache. */
  full?: boolean;
  quiet?: boolean;
  /** Called as pages are written: how many so far, of how many the served release holds. */
  onProgress?: (progress: { done: number; total: number }) => void;
};

let publishing: Promise<unknown> = Promise.resolve();

/** Publishes the pages (one publish at a time; a second waits for the first). */
export function publishSite(options: PublishOptions): Promise<PublishResult> {
  const run = publishing.then(() => publishOnce(options));
  publishing = run.catch(() => undefined);
  return run;
}

async function publishOnce(options: PublishOptions): Promise<PublishResult> {
  const started = performance.now();
  const root = options.root ?? siteDir;
  const releases = path.join(root, 'releases');
  const cacheDir = path.join(root, 'cache');
  await mkdir(releases, { recursive: true });
  const id = `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
  // Always the same folder: Astro hashes the output folder into the pages' code, so a new name
  // would count as new code and re-render every page. It becomes releases/<id> once built.
  const building = path.join(root, 'building');
  const snapshotFile = path.join(root, `snapshot-${id}.json`);
  const unlock = await lockPublishing(root);

  try {
    await rm(building, { recursive: true, force: true });
    const snapshot = await takeCatalogueSnapshot(options.db, { pictureUrl: options.storage.url, testMode: options.testMode });
    await writeFile(snapshotFile, JSON.stringify(snapshot));
    const previous = await readIncrementalManifest(cacheDir);
    const total = hasPages(root) ? await countPages(servedDir(root)) : 0;
    const { peakRssMb } = await runAstroBuild({
      outDir: building,
      force: options.full ?? false,
      quiet: options.quiet ?? false,
      onPage: (done) => options.onProgress?.({ done, total }),
      env: {
        SHOP_API_ORIGIN: options.apiOrigin,
        PUBLIC_ORIGIN: options.publicOrigin,
        SHOP_SNAPSHOT_FILE: snapshotFile,
        SHOP_BUILD_CACHE_DIR: cacheDir,
        SHOP_SHELL_KEY: createHash('sha256').update(JSON.stringify(shellData(snapshot))).digest('base64url').slice(0, 24),
      },
    });
    const next = await readIncrementalManifest(cacheDir);
    const pages = await countPages(building);
    const release = path.join(releases, id);
    await rename(building, release);
    await switchCurrent(root, release);
    await removeOldReleases(root);
    return { release, pages, rendered: pages - keptPages(options.full ? null : previous, next), full: options.full ?? false, seconds: (performance.now() - started) / 1000, peakRssMb };
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(snapshotFile, { force: true });
    await unlock();
  }
}

/** One publish at a time per site folder, across processes; a lock left by a process that died is taken over. */
async function lockPublishing(root: string): Promise<() => Promise<void>> {
  const lock = path.join(root, 'publishing.lock');
  try {
    await writeFile(lock, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(await readFile(lock, 'utf8').catch(() => '0'));
    if (holder && holder !== process.pid && isAlive(holder)) throw new Error(`another publish (process ${holder}) is running`, { cause: error });
    await writeFile(lock, String(process.pid));
  }
  return () => rm(lock, { force: true });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Points `current` at `release` in one rename, so a request sees either release whole. */
async function switchCurrent(root: string, release: string) {
  const link = currentLink(root);
  const temporary = `${link}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  await symlink(path.relative(root, release), temporary);
  await rename(temporary, link);
}

/** Keeps the current release and the one before (pages a visitor opened before the swap still find their scripts there). */
async function removeOldReleases(root: string) {
  const releases = path.join(root, 'releases');
  const current = path.basename(await readlink(currentLink(root)));
  const names = (await readdir(releases)).filter((name) => !name.startsWith('.')).sort();
  const keep = new Set([current, names.filter((name) => name < current).at(-1)]);
  await Promise.all(names.filter((name) => !keep.has(name)).map((name) => rm(path.join(releases, name), { recursive: true, force: true })));
}

export const previousRelease = async (root: string): Promise<string | null> => {
  const releases = path.join(root, 'releases');
  if (!existsSync(currentLink(root))) return null;
  const current = path.basename(await readlink(currentLink(root)));
  const before = (await readdir(releases)).filter((name) => !name.startsWith('.') && name < current).sort().at(-1);
  return before ? path.join(releases, before) : null;
};

type IncrementalManifest = { routes: Record<string, { dependencyHash: string; paths: Record<string, { cacheKey: string }> }> };

async function readIncrementalManifest(cacheDir: string): Promise<IncrementalManifest | null> {
  try {
    return JSON.parse(await readFile(path.join(cacheDir, 'incremental-build.json'), 'utf8')) as IncrementalManifest;
  } catch {
    return null;
  }
}

/** Pages Astro could copy from its cache: same route code and same key in both builds. */
function keptPages(previous: IncrementalManifest | null, next: IncrementalManifest | null) {
  if (!previous || !next) return 0;
  let kept = 0;
  for (const [route, entry] of Object.entries(next.routes)) {
    const before = previous.routes[route];
    if (!before || before.dependencyHash !== entry.dependencyHash) continue;
    for (const [pathname, page] of Object.entries(entry.paths)) if (before.paths[pathname]?.cacheKey === page.cacheKey) kept++;
  }
  return kept;
}

async function countPages(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && (entry.name.endsWith('.html') || entry.name === 'sitemap.xml')) count++;
  }
  return count;
}

/** Astro logs one `├─ /path` line per file it writes or copies from its cache; pages are counted as countPages does. */
const isPageLine = (line: string) => line.includes('├─') && /\.html\b|sitemap\.xml/.test(line);

function runAstroBuild(options: { outDir: string; force: boolean; quiet: boolean; onPage: (done: number) => void; env: Record<string, string> }): Promise<{ peakRssMb: number }> {
  const astro = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', options.outDir, ...(options.force ? ['--force'] : [])], {
      cwd: projectRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', options.quiet ? 'pipe' : 'inherit'],
    });
    let pages = 0;
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!options.quiet) process.stdout.write(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      const written = lines.filter(isPageLine).length;
      if (written > 0) options.onPage((pages += written));
    });
    let peakKb = 0;
    const sample = setInterval(() => {
      const status = child.pid ? readProcStatus(child.pid) : '';
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    }, 200);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sample);
      if (code === 0) resolve({ peakRssMb: Math.round(peakKb / 1024) });
      else reject(new Error(`astro build failed (exit ${code})\n${errors.slice(-4000)}`));
    });
  });
}

const readProcStatus = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
};
