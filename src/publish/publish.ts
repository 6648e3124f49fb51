import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@/server/db/client';
import type { Storage } from '@/server/storage/storage';
import { codeFingerprint } from './code-version';
import { readScriptHashes, writeHeaderPolicyFiles } from './header-policy';
import { benchmarkSwitches, peakRssMb, resetPeakRss } from './measure';
import { collectGarbage } from './memory';
import { isPageFile } from './page-keys';
import { shellData, type PageSnapshot } from './page-snapshot';
import type { CatalogueSnapshot } from './snapshot';
import {
  countPages,
  hasPages,
  lockPublishing,
  readReleaseRecord,
  releaseRecordFile,
  servedDir,
  servedRelease,
  siteDir,
  switchCurrent,
  takeSpare,
  tidyUp,
  type ReleaseRecord,
} from './release';
import { defaultRenderSettings, ensureRenderer, renderPages, type Rendered, type RenderSettings } from './render-pages';
import { readBuildSettings, type BuildSettings } from './settings';
import { takeSnapshotText } from './take-snapshot';

/*
 * A publish: snapshot → keys → render → release. It takes one catalogue snapshot, works out the code
 * version and, from the served release's record, which pages changed (page-keys.ts), renders them
 * with the code's renderer in worker threads (render-pages.ts), and switches the site folder to the
 * new release (release.ts). The site folder and what a release holds are described in release.ts.
 */

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
  /** The shop's own API, which a build's settings name (settings.ts `apiOrigin`). */
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
  const { memoryTrace } = benchmarkSwitches();
  // The build's settings, read once for this publish, with the origins the shop settled (settings.ts).
  const settings = readBuildSettings(process.env, { publicOrigin: options.publicOrigin, apiOrigin: options.apiOrigin });
  const lap = (name: string) => {
    const now = performance.now();
    stages[name] = Number(((now - last) / 1000).toFixed(2));
    last = now;
    // The memory trace (bench:build): the shop's memory after each step; the embedded database's is in `external`.
    if (memoryTrace) {
      const memory = process.memoryUsage();
      const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
      console.warn(
        `[shop] after ${name}: RSS ${mb(memory.rss)} MB, heap used ${mb(memory.heapUsed)} MB, external ${mb(memory.external)} MB; peak ${peakRssMb()} MB`,
      );
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
  let bundling: ReturnType<typeof ensureRenderer> | undefined;

  try {
    await rm(building, { recursive: true, force: true });
    // The code's files are read, and a new code version's renderer bundled in a process of its own,
    // while the database answers the snapshot.
    const fingerprint = codeFingerprint(settings);
    bundling = fingerprint.then((code) => ensureRenderer(root, code, { settings, quiet: options.quiet ?? false }));
    bundling.catch(() => undefined);
    const { shellKey, bytes: snapshotBytes } = await writeSnapshot(options, settings, snapshotFile);
    lap('snapshot');
    collectGarbage();
    lap('collect');
    const code = await fingerprint;
    const served = await servedRelease(root);
    const previous = served ? await readReleaseRecord(served) : null;
    // Pages of another code version are never mixed into a release: a code change renders every page.
    const full = options.full === true || !served || previous?.code !== code;
    const total = hasPages(root) ? (previous?.count ?? (await countPages(servedDir(root)))) : 0;
    lap('code');
    const renderer = await bundling;
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
      run: { snapshotFile, shellKey, previousPages: served && !full ? releaseRecordFile(served) : null },
    });
    splitRenderPhase(stages, rendered.seconds, (performance.now() - phase) / 1000);
    last = performance.now();
    // The kept pages bring their scripts' hashes from the served release (the same code, the same scripts).
    const inherited = served && !full ? await readScriptHashes(served) : [];
    writeHeaderPolicyFiles(building, settings.headers, [...rendered.scriptHashes, ...inherited]);
    const pages = rendered.files.filter(isPageFile).length + rendered.kept;
    options.onProgress?.({ done: pages, total });
    const release = path.join(releases, id);
    await writeFile(
      releaseRecordFile(release),
      JSON.stringify({ code, count: pages, pages: Object.fromEntries(rendered.keys) } satisfies ReleaseRecord),
    );
    lap('release');
    await rename(building, release);
    await switchCurrent(root, release);
    lap('switch');
    switched = true;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      result: {
        release,
        pages,
        rendered: pages - rendered.kept,
        full,
        seconds: (performance.now() - started) / 1000,
        stages,
        peakRssMb: peakRssMb(),
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        linkSeconds: round(rendered.seconds.linkWorker),
      },
      // Visitors see the new release from here on; what follows is housekeeping, still under the lock.
      tidied: tidyUp(
        root,
        code,
        release,
        rendered.keys.map(([file]) => file),
      )
        .then(collectGarbage)
        .finally(unlock),
    };
  } catch (error) {
    // A renderer still bundling finishes (or fails) before the lock is given back: the next publish may bundle the same code.
    await Promise.allSettled([bundling, rm(building, { recursive: true, force: true })]);
    throw error;
  } finally {
    await rm(snapshotFile, { force: true });
    if (!switched) await unlock();
  }
}

/**
 * Takes the catalogue snapshot and writes it, with the settings the pages read, where the render
 * workers read it; answers the key of every page's frame. The shop holds the snapshot only as each
 * product's text, kept for the next publish to reuse (take-snapshot.ts), never parsed whole: the
 * workers parse it for themselves.
 */
async function writeSnapshot(
  options: Pick<PublishOptions, 'db' | 'storage' | 'testMode' | 'full'>,
  settings: BuildSettings,
  file: string,
): Promise<{ shellKey: string; bytes: number }> {
  const { pieces } = await takeSnapshotText(options.db, {
    pictureUrl: options.storage.url,
    testMode: options.testMode,
    fresh: options.full === true,
    beside: { settings: settings.pages } satisfies Omit<PageSnapshot, keyof CatalogueSnapshot>,
  });
  await writeFile(file, pieces);
  return {
    shellKey: createHash('sha256')
      .update(JSON.stringify(shellData({ testMode: options.testMode, settings: settings.pages })))
      .digest('base64url')
      .slice(0, 24),
    bytes: pieces.reduce((bytes, piece) => bytes + piece.length, 0),
  };
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
