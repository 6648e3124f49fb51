import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeCatalogueSnapshot } from '@/features/catalog/catalog-snapshot.service';
import { KEPT_LINE, type BuildReport } from '@/build/release';
import { shellData } from '@/lib/build-snapshot';
import type { Database } from '@/server/db/client';
import type { Storage } from '@/server/storage/storage';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const siteDir = fileURLToPath(new URL('../../dist', import.meta.url));

/*
 * A site folder holds every published release and a `current` link to the one being served:
 *
 *   site/releases/<id>/…     one complete set of pages (a release is never changed once served)
 *   site/releases/<id>.json  the code it was built from and every page's key (docs/decisions/050)
 *   site/current → releases/<id>
 *   site/cache/              Astro's cache of optimised pictures
 *
 * A publish takes one catalogue snapshot and, when the code is the one the served release was built
 * from, lets Astro render only the pages whose key (a hash of what they show) changed; the other
 * pages of the new release are hard links to the served release's files (src/build/release.ts).
 * Then it swaps the link in one rename. Visitors see the old release or the new one, never half of
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
  /** Pages rendered by this publish (the rest are the served release's files, linked unchanged). */
  rendered: number;
  /** Every page was rendered: asked for, or the code changed since the served release (or there is none). */
  full: boolean;
  /** Until the new release is served (old releases are removed after). */
  seconds: number;
  /** Seconds per step: snapshot, code (fingerprint), astro (start and bundling), render, images, release (links, header policy), swap, then cleanup (not in `seconds`). */
  stages: Record<string, number>;
  /** The build process's peak resident memory (Linux; 0 where /proc is missing). */
  peakRssMb: number;
  /** The build process's processor time in seconds, user and system (Linux; 0 where /proc is missing). */
  cpuSeconds: number;
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
  let last = started;
  const stages: Record<string, number> = {};
  const lap = (name: string) => {
    const now = performance.now();
    stages[name] = Number(((now - last) / 1000).toFixed(2));
    last = now;
  };
  const root = options.root ?? siteDir;
  const releases = path.join(root, 'releases');
  const cacheDir = path.join(root, 'cache');
  await mkdir(releases, { recursive: true });
  const id = `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
  const building = path.join(root, 'building');
  const snapshotFile = path.join(root, `snapshot-${id}.json`);
  const reportFile = path.join(root, `report-${id}.json`);
  const unlock = await lockPublishing(root);

  try {
    await rm(building, { recursive: true, force: true });
    const snapshot = await takeCatalogueSnapshot(options.db, { pictureUrl: options.storage.url, testMode: options.testMode });
    await writeFile(snapshotFile, JSON.stringify(snapshot));
    lap('snapshot');
    const code = await codeFingerprint(options);
    const served = await servedRelease(root);
    const previous = served ? await readReleaseRecord(served) : null;
    const full = options.full === true || previous?.code !== code;
    const total = hasPages(root) ? (previous?.count ?? (await countPages(servedDir(root)))) : 0;
    lap('code');
    const build = await runAstroBuild({
      outDir: building,
      quiet: options.quiet ?? false,
      onPage: (done) => options.onProgress?.({ done, total }),
      env: {
        SHOP_API_ORIGIN: options.apiOrigin,
        PUBLIC_ORIGIN: options.publicOrigin,
        SHOP_SNAPSHOT_FILE: snapshotFile,
        SHOP_BUILD_CACHE_DIR: cacheDir,
        SHOP_SHELL_KEY: createHash('sha256').update(JSON.stringify(shellData(snapshot))).digest('base64url').slice(0, 24),
        SHOP_RENDER: full ? 'all' : 'changed',
        SHOP_PREVIOUS_RELEASE: served ?? '',
        SHOP_PREVIOUS_PAGES: served && !full ? releaseRecordFile(served) : '',
        SHOP_BUILD_REPORT: reportFile,
      },
    });
    Object.assign(stages, build.stages);
    last = performance.now();
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as BuildReport;
    const release = path.join(releases, id);
    const pages = build.pages + report.kept;
    await writeFile(releaseRecordFile(release), JSON.stringify({ code, count: pages, pages: report.pages } satisfies ReleaseRecord));
    await rename(building, release);
    await switchCurrent(root, release);
    lap('swap');
    // Visitors see the new release from here on; removing the one before last is housekeeping.
    const seconds = (performance.now() - started) / 1000;
    await removeOldReleases(root);
    lap('cleanup');
    return { release, pages, rendered: build.pages, full, seconds, stages, peakRssMb: build.peakRssMb, cpuSeconds: build.cpuSeconds };
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(snapshotFile, { force: true });
    await rm(reportFile, { force: true });
    await unlock();
  }
}

/** What the publisher keeps beside each release: the code it was built from, how many pages it holds, and every keyed page's key by file. */
type ReleaseRecord = { code: string; count: number; pages: Record<string, string> };

const releaseRecordFile = (release: string) => `${release}.json`;

async function readReleaseRecord(release: string): Promise<ReleaseRecord | null> {
  try {
    return JSON.parse(await readFile(releaseRecordFile(release), 'utf8')) as ReleaseRecord;
  } catch {
    return null;
  }
}

/** The release `current` points at, as an absolute path; null when there is none. */
async function servedRelease(root: string): Promise<string | null> {
  try {
    return path.resolve(root, await readlink(currentLink(root)));
  } catch {
    return null;
  }
}

/**
 * A hash of everything besides the catalogue that shapes the pages: the source files (tests aside),
 * the public files, the configuration and the locked dependencies, and the settings the pages read.
 * A publish renders every page when it differs from the served release's.
 */
async function codeFingerprint(options: Pick<PublishOptions, 'apiOrigin' | 'publicOrigin'>): Promise<string> {
  const hash = createHash('sha256');
  const api = new URL(options.apiOrigin);
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('PUBLIC_') || name === 'AGE_GATE_LEAVE_URL')
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify({ settings, publicOrigin: options.publicOrigin, pictures: `${api.protocol}//${api.hostname}`, node: process.version }));
  for (const folder of ['src', 'public']) {
    const entries = await readdir(path.join(projectRoot, folder), { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    const contents = await Promise.all(files.map((file) => readFile(file)));
    files.forEach((file, index) => hash.update(path.relative(projectRoot, file)).update(contents[index]!));
  }
  for (const file of ['astro.config.mjs', 'package-lock.json', 'tsconfig.json']) hash.update(file).update(await readFile(path.join(projectRoot, file)).catch(() => ''));
  return hash.digest('base64url');
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
  const names = (await readdir(releases, { withFileTypes: true })).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name).sort();
  const keep = new Set([current, names.filter((name) => name < current).at(-1)]);
  await Promise.all(
    names.filter((name) => !keep.has(name)).flatMap((name) => [rm(path.join(releases, name), { recursive: true, force: true }), rm(releaseRecordFile(path.join(releases, name)), { force: true })]),
  );
}

export const previousRelease = async (root: string): Promise<string | null> => {
  const releases = path.join(root, 'releases');
  if (!existsSync(currentLink(root))) return null;
  const current = path.basename(await readlink(currentLink(root)));
  const before = (await readdir(releases, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name < current)
    .map((entry) => entry.name)
    .sort()
    .at(-1);
  return before ? path.join(releases, before) : null;
};

async function countPages(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && (entry.name.endsWith('.html') || entry.name === 'sitemap.xml')) count++;
  }
  return count;
}

/** Astro logs one `├─ /path` line per file it renders; pages are counted as countPages does. */
const isPageLine = (line: string) => line.includes('├─') && /\.html\b|sitemap\.xml/.test(line);
const keptPattern = new RegExp(`${KEPT_LINE.replace(/[[\]]/g, '\\$&')} (\\d+) of`);

type AstroBuild = { pages: number; stages: Record<string, number>; peakRssMb: number; cpuSeconds: number };

function runAstroBuild(options: { outDir: string; quiet: boolean; onPage: (done: number) => void; env: Record<string, string> }): Promise<AstroBuild> {
  const astro = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));
  const started = performance.now();
  const marks: Record<string, number> = {};
  const mark = (name: string) => (marks[name] ??= performance.now());
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', options.outDir], {
      cwd: projectRoot,
      // The pages are a production build whatever the server runs as (tests run it as `test`, which
      // would bundle React's development build into the pages).
      env: { ...process.env, ...options.env, NODE_ENV: 'production', NODE_OPTIONS: [process.env.NODE_OPTIONS, process.env.SHOP_BUILD_NODE_OPTIONS].filter(Boolean).join(' ') },
      stdio: ['ignore', 'pipe', options.quiet ? 'pipe' : 'inherit'],
    });
    let pages = 0;
    let kept = 0;
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!options.quiet) process.stdout.write(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      let progressed = false;
      for (const line of lines) {
        if (line.includes('generating static routes')) mark('render');
        else if (line.includes('generating optimized images')) mark('images');
        else if (line.startsWith('[shop-release]')) mark('release');
        if (isPageLine(line)) {
          pages++;
          progressed = true;
        }
        const keptNow = keptPattern.exec(line);
        if (keptNow) {
          mark('release');
          kept = Number(keptNow[1]);
          progressed = true;
        }
      }
      if (progressed) options.onPage(pages + kept);
    });
    let peakKb = 0;
    let cpuTicks = 0;
    const sample = setInterval(() => {
      if (!child.pid) return;
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(readProc(child.pid, 'status'))?.[1] ?? 0));
      // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): user and system time in ticks.
      const times = readProc(child.pid, 'stat').split(') ')[1]?.split(' ');
      if (times) cpuTicks = Math.max(cpuTicks, Number(times[11]) + Number(times[12]));
    }, 200);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sample);
      const ended = performance.now();
      // astro: start, configuration and bundling; render: the pages; images: optimised pictures; release: links and header policy.
      const order: [string, number | undefined][] = [
        ['astro', started],
        ['render', marks.render],
        ['images', marks.images],
        ['release', marks.release],
      ];
      const present = order.filter((entry): entry is [string, number] => entry[1] !== undefined);
      const stages = Object.fromEntries(present.map(([name, at], index) => [name, Number((((present[index + 1]?.[1] ?? ended) - at) / 1000).toFixed(2))]));
      if (code === 0) resolve({ pages, stages, peakRssMb: Math.round(peakKb / 1024), cpuSeconds: cpuTicks / 100 });
      else reject(new Error(`astro build failed (exit ${code})\n${errors.slice(-4000)}`));
    });
  });
}

const readProc = (pid: number, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
};
