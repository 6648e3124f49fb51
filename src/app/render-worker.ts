import { linkSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { inlineScriptHashesOf } from '@/build/header-policy';
import { RENDERER_META, type RendererMeta } from '@/build/renderer-bundle';
import { isPageFile } from '@/lib/build-pages';

/*
 * One render worker of a publish (docs/decisions/065, src/app/render-pages.ts): loads the kept
 * prerender bundle of the code version, asks every route for its pages (which reads the catalogue
 * snapshot and decides, by the pages' keys, which ones this publish renders: src/lib/build-pages.ts),
 * renders its share of them and writes them into the new release. No Vite, no Astro build.
 */

export type RenderJob = {
  rendererDir: string;
  outDir: string;
  origin: string;
  /** This worker renders the pages whose position modulo `of` is `index`. */
  share: { index: number; of: number };
  /** Settings the pages read (the snapshot file, which pages to render). */
  env: Record<string, string>;
  /**
   * The release this publish keeps the unchanged pages of (built from the same code), or null when
   * every page is rendered. The first worker completes the release with hard links: the renderer's
   * browser scripts and public files, then the served release's kept pages.
   */
  served: string | null;
};

export type RenderOutcome = {
  /** Files written, relative to the release. */
  files: string[];
  scriptHashes: string[];
  /** Every keyed page's key by file, and the keyed pages this publish renders (the same in every worker). */
  keys: [string, string][];
  rendered: string[];
  /** Pages linked from the served release. */
  kept: number;
  /** Wall seconds of this worker: loading the renderer, listing the pages, rendering, writing, linking; and its processor time. */
  seconds: { load: number; paths: number; render: number; write: number; link: number; cpu: number };
};

export type WorkerMessage = { progress: number } | { done: RenderOutcome } | { failed: string };

type RouteData = { route: string; type: string; component: string; prerender: boolean; fallbackRoutes: RouteData[] };
type BuildApp = {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
};

const STATUS_CODE_PAGES = new Set(['/404', '/500']);

/** The file a page is written to, as Astro's static build names it (`build.format: 'directory'`). */
function outputFile(pathname: string, type: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  if (type === 'endpoint') return trimmed;
  if (STATUS_CODE_PAGES.has(pathname)) return `${trimmed}.html`;
  return trimmed ? `${trimmed}/index.html` : 'index.html';
}

/** This thread's processor time (Node 23.9+), else the process's. */
function threadCpuSeconds() {
  const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

async function run(job: RenderJob): Promise<RenderOutcome> {
  const started = performance.now();
  Object.assign(process.env, job.env);
  const meta = JSON.parse(await readFile(path.join(job.rendererDir, RENDERER_META), 'utf8')) as RendererMeta;
  const { app } = (await import(pathToFileURL(path.join(job.rendererDir, 'server', meta.entry)).href)) as { app: BuildApp };
  const loaded = performance.now();
  app.setInternals({ pagesByKeys: new Map(meta.pages), entrySpecifierToBundleMap: new Map() });
  const errors: string[] = [];
  app.setOptions({
    settings: { scripts: meta.scripts },
    logger: { options: { destination: { write: (event: { level: string; message: string }) => (event.level === 'error' ? errors.push(event.message) : undefined, true) } } },
  });
  const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js' as string);
  const all = (await new StaticPaths(app).getAll()) as { pathname: string; route: RouteData }[];
  const mine = all.filter((_, index) => index % job.share.of === job.share.index);
  const pathsDone = performance.now();

  const files: string[] = [];
  const hashes = new Set<string>();
  let renderMs = 0;
  let writeMs = 0;
  const folders = new Set<string>();
  /** Pages written (the progress counts pages, as the publish's total does; not the web manifests). */
  let pages = 0;
  for (const { pathname, route } of mine) {
    const before = performance.now();
    const url = new URL(route.type === 'endpoint' || pathname === '/' ? pathname : `${pathname.replace(/\/$/, '')}/`, job.origin);
    const response = await app.render(new Request(url), { routeData: route });
    if ((response.status >= 300 && response.status !== 404) || !response.body) throw new Error(`${pathname} answered ${response.status}${errors.length ? `: ${errors.join('; ')}` : ''}`);
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
    writeFileSync(target, body);
    if (file.endsWith('.html')) for (const hash of inlineScriptHashesOf(body)) hashes.add(hash);
    files.push(file);
    renderMs += rendered - before;
    writeMs += performance.now() - rendered;
    // React's server renderer leaves a setImmediate behind each island it renders, holding that
    // render's whole state; without a turn of the event loop between pages they pile up (about
    // 130 KB a page: a worker's heap grew to 700 MB over 4,600 pages) and are never collected.
    await new Promise((resolve) => setImmediate(resolve));
    if (isPageFile(file) && ++pages % 50 === 0) parentPort?.postMessage({ progress: 50 } satisfies WorkerMessage);
  }
  if (pages % 50) parentPort?.postMessage({ progress: pages % 50 } satisfies WorkerMessage);

  const store = globalThis as { shopPageKeys?: Map<string, string>; shopRenderedPages?: Set<string> };
  const keys = store.shopPageKeys ?? new Map<string, string>();
  const rendered = store.shopRenderedPages ?? new Set<string>();
  const linking = performance.now();
  const kept = job.share.index === 0 ? completeRelease(job, [...keys.keys()].filter((file) => !rendered.has(file)), folders) : 0;
  return {
    files,
    scriptHashes: [...hashes],
    keys: job.share.index === 0 ? [...keys] : [],
    rendered: job.share.index === 0 ? [...rendered] : [],
    kept,
    seconds: {
      load: (loaded - started) / 1000,
      paths: (pathsDone - loaded) / 1000,
      render: renderMs / 1000,
      write: writeMs / 1000,
      link: (performance.now() - linking) / 1000,
      cpu: threadCpuSeconds(),
    },
  };
}

/**
 * Hard-links into the new release the renderer's browser scripts and public files and, when only the
 * changed pages were rendered, the served release's other pages (a served release is never written
 * again, so both stay whole). Returns how many pages were linked.
 */
function completeRelease(job: RenderJob, keptPages: string[], folders: Set<string>): number {
  const linkInto = (from: string, relative: string) => {
    const target = path.join(job.outDir, relative);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    try {
      linkSync(path.join(from, relative), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  };
  const client = path.join(job.rendererDir, 'client');
  for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) linkInto(client, path.relative(client, path.join(entry.parentPath, entry.name)));
  }
  if (!job.served) return 0;
  keptPages.forEach((file, index) => {
    linkInto(job.served!, file);
    if ((index + 1) % 500 === 0) parentPort?.postMessage({ progress: 500 } satisfies WorkerMessage);
  });
  if (keptPages.length % 500) parentPort?.postMessage({ progress: keptPages.length % 500 } satisfies WorkerMessage);
  return keptPages.length;
}

// Started by renderPages (render-pages.ts) with its job; imported anywhere else, it does nothing.
if (parentPort && (workerData as Partial<RenderJob> | null)?.rendererDir) {
  run(workerData as RenderJob).then(
    (done) => parentPort!.postMessage({ done } satisfies WorkerMessage),
    (error: unknown) => parentPort!.postMessage({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerMessage),
  );
}
