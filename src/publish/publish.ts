import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readScriptHashes, writeHeaderPolicyFiles } from '@/publish/header-policy';
import { takeCatalogueSnapshot } from './take-snapshot';
import { isPageFile } from '@/publish/page-keys';
import { shellData } from '@/publish/page-snapshot';
import { pageHeaderSettings } from '@/lib/security-headers';
import type { Database } from '@/server/db/client';
import type { Storage } from '@/server/storage/storage';
import { defaultRenderSettings, ensureRenderer, linkPagesApart, renderPages, type Rendered, type RenderSettings } from './render-pages';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
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

export const hasPages = (root: string) => existsSync(path.join(servedDir(root), 'en-usd', 'index.html'));

export type PublishResult = {
  release: string;
  /** Pages in the release. */
  pages: number;
  /** Pages rendered by this publish (the rest are the served release's files, linked unchanged). */
  rendered: number;
  /** Every page was rendered: asked for, or the code changed since the served release (or there is none). */
  full: boolean;
  /** Until the new release is served (the tidying after it, `tidyUp`, is not counted). */
  seconds: number;
  /**
   * Seconds per step: snapshot, code (fingerprint), bundle (`astro build`, only when the code has no
   * renderer yet), load (the workers start and load the renderer; nothing for the warm worker of a
   * publish of changed pages), paths (they list the pages and their keys), render, write, link (hard
   * links of the browser scripts, and the wait for the link worker, which links the unchanged pages
   * while the render worker loads and lists, when there is no spare), release (header policy,
   * record), switch. Pictures are not a step: their sizes are made when they are stored (docs/decisions/067).
   */
  stages: Record<string, number>;
  /** The shop process's peak resident memory during the publish, its render workers included (Linux; 0 where /proc is missing). */
  peakRssMb: number;
  /** The shop process's processor time during the publish in seconds, user and system, every thread. */
  cpuSeconds: number;
  /** The link worker's own seconds (beside loading and listing, so not a step of its own); 0 for a full publish. */
  linkSeconds: number;
};

export type PublishOptions = {
  db: Database;
  storage: Pick<Storage, 'url'>;
  testMode: boolean;
  /** The shop's own API, which the pages' settings name (SHOP_API_ORIGIN). */
  apiOrigin: string;
  /** The origin of canonical links and the sitemap (docs/decisions/024). */
  publicOrigin: string;
  root?: string;
  /** Render every page, ignoring the cache. */
  full?: boolean;
  /** The render workers of a full publish (the shop's SHOP_RENDER_WORKERS and SHOP_RENDER_WORKER_HEAP_MB). */
  render?: RenderSettings;
  quiet?: boolean;
  /** Called as pages are written: how many so far, of how many the served release holds. */
  onProgress?: (progress: { done: number; total: number }) => void;
};

let publishing: Promise<unknown> = Promise.resolve();

/**
 * Publishes the pages (one publish at a time; a second waits for the first). Settles when the new
 * release is served; the tidying after it (`tidyUp`) holds up the next publish, not this answer.
 */
export async function publishSite(options: PublishOptions): Promise<PublishResult> {
  const run = publishing.then(() => publishOnce(options));
  publishing = run.then(({ tidied }) => tidied).catch(() => undefined);
  return (await run).result;
}

/** Settles when the publishes started so far, and the tidying after them, are done (old releases may still be being removed). */
export const publishingSettled = () => publishing.then(() => undefined);

async function publishOnce(options: PublishOptions): Promise<{ result: PublishResult; tidied: Promise<void> }> {
  const started = performance.now();
  let last = started;
  const stages: Record<string, number> = {};
  const lap = (name: string) => {
    const now = performance.now();
    stages[name] = Number(((now - last) / 1000).toFixed(2));
    last = now;
    // `SHOP_RENDER_MEMORY_TRACE` (bench:build): the shop's memory after each step; the embedded database's is in `external`.
    if (process.env.SHOP_RENDER_MEMORY_TRACE) {
      const memory = process.memoryUsage();
      const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
      console.warn(`[shop] after ${name}: RSS ${mb(memory.rss)} MB, heap used ${mb(memory.heapUsed)} MB, external ${mb(memory.external)} MB; peak ${peakRssMb()} MB`);
    }
  };
  const root = options.root ?? siteDir;
  const releases = path.join(root, 'releases');
  await mkdir(releases, { recursive: true });
  const id = `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
  const building = path.join(root, 'building');
  const snapshotFile = path.join(root, `snapshot-${id}.json`);
  const unlock = await lockPublishing(root);
  const cpuBefore = process.cpuUsage();
  resetPeakRss();
  let switched = false;

  try {
    await rm(building, { recursive: true, force: true });
    const { shellKey, bytes: snapshotBytes } = await writeSnapshot(options, snapshotFile);
    lap('snapshot');
    const code = await codeFingerprint(options);
    const served = await servedRelease(root);
    const previous = served ? await readReleaseRecord(served) : null;
    // Pages of another code version are never mixed into a release: a code change renders every page.
    const full = options.full === true || !served || previous?.code !== code;
    const total = hasPages(root) ? (previous?.count ?? (await countPages(servedDir(root)))) : 0;
    lap('code');
    const settings = { SHOP_API_ORIGIN: options.apiOrigin, PUBLIC_ORIGIN: options.publicOrigin };
    const renderer = await ensureRenderer(root, code, { env: settings, quiet: options.quiet ?? false });
    lap('bundle');
    const phase = performance.now();
    const render = options.render ?? defaultRenderSettings();
    // The spare made after the last publish already links the served release's pages.
    const linked = !full && served !== null && (await takeSpare(root, served, building));
    const rendered = await renderPages({
      rendererDir: renderer.dir,
      outDir: building,
      origin: options.publicOrigin,
      // Each worker keys its share of the pages, so a publish of a few pages uses them all too.
      workers: render.workers,
      heapMb: render.heapMb ?? workerHeapMb(snapshotBytes),
      keep: full || !served ? null : { from: served, pages: Object.keys(previous?.pages ?? {}), linked },
      // The link worker also counts the pages rendered again (their links replaced).
      onProgress: (done) => options.onProgress?.({ done: Math.min(done, total), total }),
      env: {
        ...settings,
        // The pages are a production render whatever the server runs as (tests run it as `test`, under
        // which React's server renderer, loaded by the bundle at run time, is its slower development build).
        NODE_ENV: 'production',
        SHOP_SNAPSHOT_FILE: snapshotFile,
        SHOP_SHELL_KEY: shellKey,
        SHOP_RENDER: full ? 'all' : 'changed',
        SHOP_PREVIOUS_PAGES: served && !full ? releaseRecordFile(served) : '',
      },
    });
    splitRenderPhase(stages, rendered.seconds, (performance.now() - phase) / 1000);
    last = performance.now();
    // The kept pages bring their scripts' hashes from the served release (the same code, the same scripts).
    const inherited = served && !full ? await readScriptHashes(served) : [];
    writeHeaderPolicyFiles(building, pageHeaderSettings({ ...process.env, PUBLIC_ORIGIN: options.publicOrigin }), [...rendered.scriptHashes, ...inherited]);
    const pages = rendered.files.filter(isPageFile).length + rendered.kept;
    options.onProgress?.({ done: pages, total });
    const release = path.join(releases, id);
    await writeFile(releaseRecordFile(release), JSON.stringify({ code, count: pages, pages: Object.fromEntries(rendered.keys) } satisfies ReleaseRecord));
    lap('release');
    await rename(building, release);
    await switchCurrent(root, release);
    lap('switch');
    switched = true;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      result: { release, pages, rendered: pages - rendered.kept, full, seconds: (performance.now() - started) / 1000, stages, peakRssMb: peakRssMb(), cpuSeconds: (cpu.user + cpu.system) / 1e6, linkSeconds: round(rendered.seconds.linkWorker) },
      // Visitors see the new release from here on; what follows is housekeeping, still under the lock.
      tidied: tidyUp(root, code, release, rendered.keys.map(([file]) => file)).finally(unlock),
    };
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(snapshotFile, { force: true });
    if (!switched) await unlock();
  }
}

/**
 * Takes the catalogue snapshot and writes it where the render workers read it; answers the key of
 * every page's frame. The snapshot is not held beyond this: the workers parse their own copy, and at
 * 10,000 products the shop's copy would otherwise be held through the whole render.
 */
async function writeSnapshot(options: Pick<PublishOptions, 'db' | 'storage' | 'testMode'>, file: string): Promise<{ shellKey: string; bytes: number }> {
  const snapshot = await takeCatalogueSnapshot(options.db, { pictureUrl: options.storage.url, testMode: options.testMode });
  const text = JSON.stringify(snapshot);
  await writeFile(file, text);
  return { shellKey: createHash('sha256').update(JSON.stringify(shellData(snapshot))).digest('base64url').slice(0, 24), bytes: Buffer.byteLength(text) };
}

/**
 * A render worker's old generation when the shop sets none (SHOP_RENDER_WORKER_HEAP_MB): sized from
 * the snapshot it parses. Unbounded, V8 sized each worker's heap by the machine's memory and let it
 * grow to 300–340 MB at 10,000 products for about 130–200 MB of live data (the snapshot, 29 MB of
 * JSON, parsed; its pages and their keys); bounded at 256 MB it stays near 155 MB (docs/decisions/087).
 * Nine times the snapshot leaves the live data twice its room as catalogues grow.
 */
export const workerHeapMb = (snapshotBytes: number) => Math.max(256, Math.ceil((9 * snapshotBytes) / 2 ** 20));

/**
 * After a switch: the spare of the new release is made, a folder of hard links to its pages, which
 * the next publish of changed pages takes as its new release instead of linking every page itself
 * (docs/decisions/071); then the releases, renderers and spares no longer needed are moved to
 * `trash/` (one rename each) and removed from there without holding up the next publish. A failure
 * here changes nothing served; the next publish links the pages itself.
 */
async function tidyUp(root: string, code: string, release: string, pages: string[]) {
  try {
    const current = path.basename(release);
    const spare = spareDir(root, current);
    const linking = `${spare}.linking`;
    await rm(linking, { recursive: true, force: true });
    await linkPagesApart({ linkFrom: release, outDir: linking, pages });
    await rename(linking, spare);
    // Removed after the spare is made: both are a system call per page, and the spare is what the next publish waits for.
    await retire(root, [...(await oldReleases(root, current)), ...(await otherRenderers(root, [code])), ...(await otherSpares(root, current)), path.join(root, 'cache', 'pictures')]);
  } catch (error) {
    console.warn(`tidying the site folder after a publish failed: ${error instanceof Error ? error.message : String(error)}`);
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
async function takeSpare(root: string, served: string, building: string): Promise<boolean> {
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
    await rename(from, path.join(trash, `${path.basename(from)}-${randomBytes(3).toString('hex')}`)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  sweeping = sweeping.then(async () => {
    for (const name of await readdir(trash).catch(() => [] as string[])) await rm(path.join(trash, name), { recursive: true, force: true }).catch(() => undefined);
  });
}

/**
 * The render phase's wall time split into its parts: the workers' start and loading of the renderer
 * (`load`), their listing of the pages (`paths`, which computes every page's key), rendering and
 * writing in the proportion the workers spent on each (they run side by side), then the links
 * completing the release (`link`: the browser scripts, and what the link worker still had to do).
 */
function splitRenderPhase(stages: Record<string, number>, seconds: Rendered['seconds'], wall: number) {
  const rest = Math.max(0, wall - seconds.load - seconds.paths - seconds.link);
  const busy = seconds.render + seconds.write || 1;
  stages.load = round(seconds.load);
  stages.paths = round(seconds.paths);
  stages.render = round((rest * seconds.render) / busy);
  stages.write = round((rest * seconds.write) / busy);
  stages.link = round(seconds.link);
}

const round = (seconds: number) => Number(seconds.toFixed(2));

/** Lets the process's peak memory be measured from here on (Linux: `/proc/self/clear_refs`; elsewhere nothing happens). */
function resetPeakRss() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux, or not allowed: the peak is then the process's whole life's.
  }
}

function peakRssMb(): number {
  try {
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** The renderers of code versions no release is served from any longer. */
async function otherRenderers(root: string, keep: string[]) {
  const folder = path.join(root, 'renderers');
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => !keep.includes(name) && !name.endsWith('.building')).map((name) => path.join(folder, name));
}

/** Every spare but the current release's (a spare left half-made by a process that died among them). */
async function otherSpares(root: string, current: string) {
  const folder = path.join(root, 'spares');
  return (await readdir(folder).catch(() => [] as string[])).filter((name) => name !== current).map((name) => path.join(folder, name));
}

/** What the publisher keeps beside each release: the code it was built from, how many pages it holds, and every keyed page's key by file. */
export type ReleaseRecord = { code: string; count: number; pages: Record<string, string> };

export const releaseRecordFile = (release: string) => `${release}.json`;

async function readReleaseRecord(release: string): Promise<ReleaseRecord | null> {
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

/**
 * A hash of everything besides the catalogue that shapes the pages: the source files (tests aside),
 * the public files, the configuration and the locked dependencies, and the settings the pages read.
 * A publish renders every page when it differs from the served release's.
 */
async function codeFingerprint(options: Pick<PublishOptions, 'publicOrigin'>): Promise<string> {
  const hash = createHash('sha256');
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('PUBLIC_') || name === 'AGE_GATE_LEAVE_URL')
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify({ settings, publicOrigin: options.publicOrigin, node: process.version }));
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
  const names = (await readdir(releases, { withFileTypes: true })).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name).sort();
  const keep = new Set([current, names.filter((name) => name < current).at(-1)]);
  return names.filter((name) => !keep.has(name)).flatMap((name) => [path.join(releases, name), releaseRecordFile(path.join(releases, name))]);
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
    if (entry.isFile() && isPageFile(entry.name)) count++;
  }
  return count;
}

