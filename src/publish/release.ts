import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageFileOf } from '../edge/rewrite';
import { isPageFile } from './page-keys';
import { linkPagesApart, sweepApart } from './render-pages';

export const siteDir = fileURLToPath(new URL('../../dist', import.meta.url));

/*
 * A site folder holds every published release and a `current` link to the one being served:
 *
 *   site/releases/<id>/…     one complete set of pages (a release is never changed once served)
 *   site/releases/<id>.json  the code it was built from and every page's key (docs/decisions/050)
 *   site/current → releases/<id>
 *   site/renderers/<code>/   the page renderer and browser scripts of one code version (render-pages.ts)
 *   site/spares/<id>/        hard links to the current release's pages, which the next publish starts from
 *   site/trash/              releases, renderers and spares no longer needed, being removed
 *
 * A publish takes one catalogue snapshot and renders pages from it with the code's renderer, bundled
 * once per code version (docs/decisions/065). When the code is the one the served release was built
 * from, only the pages whose key (a hash of what they show) changed are rendered; the other pages of
 * the new release are hard links to the served release's files. Then it swaps the link in one
 * rename. Visitors see the old release or the new one, never half of one; a publish that fails, or
 * whose process is killed, leaves the link, and so the served pages, as they were.
 */

export const currentLink = (root: string) => path.join(root, 'current');

/** The folder the pages are served from: the current release, or `root` itself for a plain `astro build` output. */
export const servedDir = (root: string) => (existsSync(currentLink(root)) ? currentLink(root) : root);

export const hasPages = (root: string) => existsSync(path.join(servedDir(root), pageFileOf('/en-usd')));

/**
 * After a switch: the spare of the new release is made, a folder of hard links to its pages, which
 * the next publish of changed pages takes as its new release instead of linking every page itself
 * (docs/decisions/071); then the releases, renderers and spares no longer needed are moved to
 * `trash/` (one rename each) and removed from there without holding up the next publish. A failure
 * here changes nothing served; the next publish links the pages itself.
 */
export async function tidyUp(root: string, code: string, release: string, pages: string[]) {
  try {
    const current = path.basename(release);
    const spare = spareDir(root, current);
    const linking = `${spare}.linking`;
    await rm(linking, { recursive: true, force: true });
    await linkPagesApart({ linkFrom: release, outDir: linking, pages });
    await rename(linking, spare);
    // Removed after the spare is made: both are a system call per page, and the spare is what the next publish waits for.
    await retire(root, [
      ...(await oldReleases(root, current)),
      ...(await otherRenderers(root, [code])),
      ...(await otherSpares(root, current)),
      path.join(root, 'cache', 'pictures'),
    ]);
  } catch (error) {
    console.warn(
      `tidying the site folder after a publish failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Moves the releases before the one before `current` to the trash (a release followed from another machine, docs/decisions/084). */
export async function retireOldReleases(root: string) {
  const current = await servedRelease(root);
  if (current) await retire(root, await oldReleases(root, path.basename(current)));
}

/** A release's spare: hard links to its pages, made after it was switched in (`tidyUp`). */
const spareDir = (root: string, releaseId: string) => path.join(root, 'spares', releaseId);

/** Moves the served release's spare to `building` (the new release); false when there is none. */
export async function takeSpare(root: string, served: string, building: string): Promise<boolean> {
  try {
    await rename(spareDir(root, path.basename(served)), building);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

const trashDir = (root: string) => path.join(root, 'trash');
let sweeping: Promise<void> = Promise.resolve();

/** Moves `paths` (those there) into the trash, then empties it behind the publishes: removing 90,000 pages takes seconds. */
async function retire(root: string, paths: string[]) {
  const trash = trashDir(root);
  await mkdir(trash, { recursive: true });
  for (const from of paths) {
    await rename(from, path.join(trash, `${path.basename(from)}-${randomBytes(3).toString('hex')}`)).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }
  sweeping = sweeping.then(async () => {
    const names = await readdir(trash).catch(() => [] as string[]);
    await sweepApart(names.map((name) => path.join(trash, name))).catch(() => undefined);
  });
}

/** The renderers of code versions no release is served from any longer. */
async function otherRenderers(root: string, keep: string[]) {
  const folder = path.join(root, 'renderers');
  const names = await readdir(folder).catch(() => [] as string[]);
  return names
    .filter((name) => !keep.includes(name) && !name.endsWith('.building'))
    .map((name) => path.join(folder, name));
}

/** Every spare but the current release's (a spare left half-made by a process that died among them). */
async function otherSpares(root: string, current: string) {
  const folder = path.join(root, 'spares');
  return (await readdir(folder).catch(() => [] as string[]))
    .filter((name) => name !== current)
    .map((name) => path.join(folder, name));
}

/** What the publisher keeps beside each release: the code it was built from, how many pages it holds, and every keyed page's key by file. */
export type ReleaseRecord = { code: string; count: number; pages: Record<string, string> };

export const releaseRecordFile = (release: string) => `${release}.json`;

export async function readReleaseRecord(release: string): Promise<ReleaseRecord | null> {
  try {
    return JSON.parse(await readFile(releaseRecordFile(release), 'utf8')) as ReleaseRecord;
  } catch {
    return null;
  }
}

/** The release `current` points at, as an absolute path; null when there is none. */
export async function servedRelease(root: string): Promise<string | null> {
  try {
    return path.resolve(root, await readlink(currentLink(root)));
  } catch {
    return null;
  }
}

/** One publish at a time per site folder, across processes; a lock left by a process that died is taken over. */
export async function lockPublishing(root: string): Promise<() => Promise<void>> {
  const lock = path.join(root, 'publishing.lock');
  try {
    await writeFile(lock, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(await readFile(lock, 'utf8').catch(() => '0'));
    if (holder && holder !== process.pid && isAlive(holder))
      throw new Error(`another publish (process ${holder}) is running`, { cause: error });
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
export async function switchCurrent(root: string, release: string) {
  const link = currentLink(root);
  const temporary = `${link}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  await symlink(path.relative(root, release), temporary);
  await rename(temporary, link);
}

/** The releases (and their records) before the one before `current`: the one before stays, as pages a visitor opened before the swap still find their scripts there. */
async function oldReleases(root: string, current: string) {
  const releases = path.join(root, 'releases');
  const names = (await readdir(releases, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const keep = new Set([current, names.filter((name) => name < current).at(-1)]);
  return names
    .filter((name) => !keep.has(name))
    .flatMap((name) => [path.join(releases, name), releaseRecordFile(path.join(releases, name))]);
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

export async function countPages(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && isPageFile(entry.name)) count++;
  }
  return count;
}
