import { linkSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
// Relative `.ts` imports of modules without TypeScript-only syntax: the worker runs on Node's own
// type stripping, without the tsx loader, which would also hook every module of the bundle.
import { inlineScriptHashesOf } from './header-policy.ts';
import { benchmarkSwitches } from './measure.ts';
import { RENDERER_META, type RendererMeta } from './renderer-bundle.ts';
import { collectGarbage } from './memory.ts';
import { pageFileOf } from '../edge/rewrite.ts';
import { endPageRun, isPageFile, recordedPageKeys, renderedPages, startPageRun, type PageRun } from './page-keys.ts';

/*
 * One render worker of a publish (docs/decisions/065, render-pages.ts): loads the kept
 * prerender bundle of the code version (once: a worker kept between publishes of the changed pages
 * renders each publish from its own snapshot, docs/decisions/071), asks every route for its pages
 * (which reads the catalogue snapshot, keys this worker's share of them and decides which ones this
 * publish renders: page-keys.ts), renders them and writes them into the new release. No
 * Vite, no Astro build.
 *
 * A publish of the changed pages without a spare (publish.ts) also starts one link worker
 * (`LinkJob`): while the render workers load the bundle and list the pages, it hard-links every page
 * of the served release into the new one; the spare itself is made by a link worker too. A page a
 * render worker writes is written beside its path and renamed over it, so a link is replaced, never
 * written through: the served release's files are never changed.
 */

export type RenderJob = {
  rendererDir: string;
  outDir: string;
  origin: string;
  /** This worker renders the pages whose position modulo `of` is `index`. */
  share: { index: number; of: number };
  /** What the pages of this publish read besides the snapshot's settings (the snapshot file, which pages to render, page-keys.ts). */
  run: Omit<PageRun, 'share'>;
};

/** A render worker's start: `readyFor`, a renderer to load with its pages before the first job comes. */
export type RenderWorkerData = { renders: true; readyFor?: string };

/** Hard-links `pages` of the release `from` (the served one, built from the same code) into `outDir`. */
export type LinkJob = { linkFrom: string; outDir: string; pages: string[] };

export type RenderOutcome = {
  /** Files written, relative to the release. */
  files: string[];
  scriptHashes: string[];
  /** This worker's share of the keyed pages: each one's key by file, and those it rendered. */
  keys: [string, string][];
  rendered: string[];
  /** Wall seconds of this worker: loading the renderer, listing the pages, rendering, writing, linking the browser scripts; and its processor time. */
  seconds: { load: number; paths: number; render: number; write: number; link: number; cpu: number };
};

/**
 * Removes `sweep` (folders of the trash, release.ts) whole. In a thread of its own, synchronously: on
 * the shop's own thread the 90,000 removals of a release queued in libuv's small shared pool ahead of
 * every other file call of the shop, and the next publish's snapshot waited 14–28 s to be written.
 */
export type SweepJob = { sweep: string[] };

export type WorkerMessage =
  | { progress: number }
  | { done: RenderOutcome }
  | { linked: { seconds: number } }
  | { swept: true }
  | { failed: string };

type RouteData = { route: string; type: string; component: string; prerender: boolean; fallbackRoutes: RouteData[] };
type BuildApp = {
  routeCache: { clearAll(): void };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
};

/** The file a page or endpoint is written to, as Astro's static build names it (`build.format: 'file'`). */
const outputFile = (pathname: string, type: string) =>
  type === 'endpoint' ? pathname.replace(/^\/+|\/+$/g, '') : pageFileOf(pathname);

/** This thread's processor time (Node 23.9+), else the process's. */
function threadCpuSeconds() {
  const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

type Renderer = { app: BuildApp; errors: string[] };
/** The renderer this worker loads: a worker kept between publishes loads it once (render-pages.ts). */
let loading: { rendererDir: string; renderer: Promise<Renderer> } | undefined;

function loadRenderer(rendererDir: string): Promise<Renderer> {
  if (loading?.rendererDir !== rendererDir) loading = { rendererDir, renderer: importRenderer(rendererDir) };
  return loading.renderer;
}

async function importRenderer(rendererDir: string): Promise<Renderer> {
  const meta = JSON.parse(await readFile(path.join(rendererDir, RENDERER_META), 'utf8')) as RendererMeta;
  const { app } = (await import(pathToFileURL(path.join(rendererDir, 'server', meta.entry)).href)) as { app: BuildApp };
  app.setInternals({ pagesByKeys: new Map(meta.pages), entrySpecifierToBundleMap: new Map() });
  const errors: string[] = [];
  app.setOptions({
    settings: { scripts: meta.scripts },
    logger: {
      options: {
        destination: {
          write: (event: { level: string; message: string }) => (
            event.level === 'error' ? errors.push(event.message) : undefined,
            true
          ),
        },
      },
    },
  });
  onceEachPage(app);
  return { app, errors };
}

/**
 * Made ready for the next publish (`RenderWorkerData.readyFor`): the renderer loaded and every
 * page's module imported, which a worker otherwise does while the publish waits (0.7 s at 10,000
 * products). A failure here is the next job's to meet and report.
 */
async function makeReady(rendererDir: string) {
  try {
    const { app } = await loadRenderer(rendererDir);
    for (const load of pageMapOf(app)?.values() ?? []) await (await load()).page();
    collectGarbage();
  } catch {
    loading = undefined;
  }
}

/** The bundle's modules by page, each loaded by a call (Astro's manifest, not part of its typed API). */
const pageMapOf = (app: BuildApp) =>
  (app as { manifest?: { pageMap?: Map<string, () => Promise<{ page: () => Promise<unknown> }>> } }).manifest?.pageMap;

/**
 * Astro asks its page map for a route's module on every render, and the module for its page, each a
 * dynamic `import()` that goes through Node's module loader again (about 3 % of a worker's time over
 * 90,000 pages). The modules of a loaded bundle never change: each is asked for once.
 */
function onceEachPage(app: BuildApp) {
  const pageMap = pageMapOf(app);
  if (!pageMap) return;
  for (const [component, load] of pageMap) {
    let loaded: Promise<{ page: () => Promise<unknown> }> | undefined;
    pageMap.set(
      component,
      () =>
        (loaded ??= load().then((module) => {
          const page = module.page();
          return { ...module, page: () => page };
        })),
    );
  }
}

async function run(job: RenderJob): Promise<RenderOutcome> {
  const started = performance.now();
  const cpuBefore = threadCpuSeconds();
  // Each worker keys its share of every keyed route's pages (page-keys.ts).
  startPageRun({ ...job.run, share: job.share });
  const { app, errors } = await loadRenderer(job.rendererDir);
  const loaded = performance.now();
  const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js' as string);
  const all = (await new StaticPaths(app).getAll()) as { pathname: string; route: RouteData; cacheKey?: string }[];
  // The keyed pages listed are this worker's already; the others (the web manifests, the sitemap) are shared out here.
  let unkeyed = 0;
  const mine = all.filter((page) => page.cacheKey !== undefined || unkeyed++ % job.share.of === job.share.index);
  const pathsDone = performance.now();
  const trace = benchmarkSwitches().memoryTrace;
  const note = (label: string) => (trace ? traceMemory(trace, job.share.index, label) : undefined);
  note('listed');

  // A full publish writes into a folder of its own, which holds no link to a served page.
  const everyPage = job.run.previousPages === null;
  const files: string[] = [];
  const hashes = new Set<string>();
  let renderMs = 0;
  let writeMs = 0;
  const folders = new Set<string>();
  /** Pages written (the progress counts pages, as the publish's total does; not the web manifests). */
  let pages = 0;
  for (const { pathname, route } of mine) {
    const before = performance.now();
    const url = new URL(
      route.type === 'endpoint' || pathname === '/' ? pathname : `${pathname.replace(/\/$/, '')}/`,
      job.origin,
    );
    const response = await app.render(new Request(url), { routeData: route });
    if ((response.status >= 300 && response.status !== 404) || !response.body)
      throw new Error(`${pathname} answered ${response.status}${errors.length ? `: ${errors.join('; ')}` : ''}`);
    const body = Buffer.from(await response.arrayBuffer());
    const rendered = performance.now();
    const file = outputFile(pathname, route.type);
    const target = path.join(job.outDir, file);
    const folder = path.dirname(target);
    // A worker is a thread of its own: writing synchronously spares the hops through libuv's small shared pool.
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    if (everyPage) writeFileSync(target, body);
    else {
      // Never written in place: the link worker (or the spare) may have put the served release's file there.
      const temporary = `${target}.${job.share.index}.tmp`;
      writeFileSync(temporary, body);
      renameSync(temporary, target);
    }
    if (file.endsWith('.html')) for (const hash of inlineScriptHashesOf(body)) hashes.add(hash);
    files.push(file);
    renderMs += rendered - before;
    writeMs += performance.now() - rendered;
    // React's server renderer leaves a setImmediate behind each island it renders, holding that
    // render's whole state; without a turn of the event loop between pages they pile up (about
    // 130 KB a page: a worker's heap grew to 700 MB over 4,600 pages) and are never collected.
    await new Promise((resolve) => setImmediate(resolve));
    if (isPageFile(file) && ++pages % 50 === 0) parentPort?.postMessage({ progress: 50 } satisfies WorkerMessage);
    if (trace && pages % 5000 === 0 && isPageFile(file)) note(`page ${pages}`);
  }
  if (pages % 50) parentPort?.postMessage({ progress: pages % 50 } satisfies WorkerMessage);

  const keys = recordedPageKeys();
  const rendered = renderedPages();
  const linking = performance.now();
  if (job.share.index === 0) linkBrowserFiles(job, folders);
  return {
    files,
    scriptHashes: [...hashes],
    keys: [...keys],
    rendered: [...rendered],
    seconds: {
      load: (loaded - started) / 1000,
      paths: (pathsDone - loaded) / 1000,
      render: renderMs / 1000,
      write: writeMs / 1000,
      link: (performance.now() - linking) / 1000,
      cpu: threadCpuSeconds() - cpuBefore,
    },
  };
}

function linkInto(from: string, outDir: string, relative: string, folders: Set<string>) {
  const target = path.join(outDir, relative);
  const folder = path.dirname(target);
  if (!folders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    folders.add(folder);
  }
  try {
    linkSync(path.join(from, relative), target);
  } catch (error) {
    // Already there: a page the render worker wrote (it wins), or a browser file of the same code.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Hard-links the renderer's browser scripts and public files into the new release. */
function linkBrowserFiles(job: RenderJob, folders: Set<string>) {
  const client = path.join(job.rendererDir, 'client');
  for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      linkInto(client, job.outDir, path.relative(client, path.join(entry.parentPath, entry.name)), folders);
  }
}

/** The link worker: every page of the served release, linked into the new one (a served release is never written again). */
function linkPages(job: LinkJob): { seconds: number } {
  const started = performance.now();
  const folders = new Set<string>();
  job.pages.forEach((file, index) => {
    linkInto(job.linkFrom, job.outDir, file, folders);
    if ((index + 1) % 500 === 0) parentPort?.postMessage({ progress: 500 } satisfies WorkerMessage);
  });
  if (job.pages.length % 500) parentPort?.postMessage({ progress: job.pages.length % 500 } satisfies WorkerMessage);
  return { seconds: (performance.now() - started) / 1000 };
}

/** Removes from the new release the linked pages it no longer has (a product taken off sale), and their folders once empty. */
export function unlinkPages(outDir: string, pages: string[]) {
  for (const file of pages) {
    unlinkSync(path.join(outDir, file));
    try {
      rmdirSync(path.dirname(path.join(outDir, file)));
    } catch {
      // Not empty: other files live there.
    }
  }
}

/**
 * `SHOP_RENDER_MEMORY_TRACE=1` (bench:build): the worker logs its heap after listing its pages and
 * every 5,000 pages; set to a folder, it also writes a heap snapshot there after listing and at the
 * 20,000th page (docs/decisions/087).
 */
function traceMemory(trace: string, worker: number, label: string) {
  const heap = v8.getHeapStatistics();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  console.warn(
    `[worker ${worker}] ${label}: heap used ${mb(heap.used_heap_size)} MB, total ${mb(heap.total_heap_size)} MB, external ${mb(heap.external_memory)} MB; process RSS ${mb(process.memoryUsage.rss())} MB`,
  );
  if (trace !== '1' && (label === 'listed' || label === 'page 20000'))
    v8.writeHeapSnapshot(path.join(trace, `worker-${worker}-${label.replace(' ', '-')}-${Date.now()}.heapsnapshot`));
}

/** `SHOP_RENDER_CPU_PROF=<dir>` (`bench:build -- --cpu-prof <dir>`): the worker writes a V8 CPU profile of its run there. */
async function profiled<Outcome>(name: string, work: () => Promise<Outcome>): Promise<Outcome> {
  const dir = benchmarkSwitches().cpuProfileDir;
  if (!dir) return work();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(dir, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * After a job, a worker kept for the next publish holds its renderer only: the run's snapshot, keys
 * and listed pages, and its errors, are forgotten and the heap given back. (A worker whose job
 * failed is stopped, render-pages.ts.)
 */
async function forgetRun(rendererDir: string) {
  endPageRun();
  const { app, errors } = await loadRenderer(rendererDir);
  app.routeCache.clearAll();
  errors.length = 0;
  collectGarbage();
}

// Started by renderPages (render-pages.ts): a render worker takes its jobs as messages, one at a
// time; a link worker its one job as its data. Imported anywhere else, this module does nothing.
const failed = (error: unknown) =>
  parentPort!.postMessage({
    failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies WorkerMessage);
if (parentPort && (workerData as Partial<RenderWorkerData> | null)?.renders) {
  const { readyFor } = workerData as RenderWorkerData;
  if (readyFor) void makeReady(readyFor);
  parentPort.on('message', (job: RenderJob) => {
    profiled(`render-worker-${job.share.index}`, () => run(job))
      .then((done) => {
        parentPort!.postMessage({ done } satisfies WorkerMessage);
        return forgetRun(job.rendererDir);
      })
      .catch(failed);
  });
} else if (parentPort && (workerData as Partial<SweepJob> | null)?.sweep) {
  for (const folder of (workerData as SweepJob).sweep) rmSync(folder, { recursive: true, force: true });
  parentPort.postMessage({ swept: true } satisfies WorkerMessage);
} else if (parentPort && (workerData as Partial<LinkJob> | null)?.linkFrom) {
  try {
    parentPort.postMessage({ linked: linkPages(workerData as LinkJob) } satisfies WorkerMessage);
  } catch (error) {
    failed(error);
  }
}
