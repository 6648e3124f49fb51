import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RENDERER_META } from './renderer-bundle';
import {
  unlinkPages,
  type LinkJob,
  type RenderJob,
  type RenderOutcome,
  type RenderWorkerData,
  type SweepJob,
  type WorkerMessage,
} from './render-worker';
import { BUILD_SETTINGS_VARIABLE, type BuildSettings } from './settings';

/*
 * Bundle once per code version, render per publish (docs/decisions/065).
 *
 *   site/renderers/<code>/server/   Astro's prerender bundle of that code (the page renderer)
 *   site/renderers/<code>/client/   the browser's scripts and the public files of that code
 *
 * `ensureRenderer` runs `astro build` only when the code has no renderer yet; `renderPages` loads the
 * renderer in worker threads that render the pages from the catalogue snapshot, each its share.
 */

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const workerFile = fileURLToPath(new URL('./render-worker.ts', import.meta.url));

export const rendererDir = (root: string, code: string) => path.join(root, 'renderers', code);

/** The renderer of `code`, bundled by `astro build` when there is none yet; `built` says whether this call bundled it. */
export async function ensureRenderer(
  root: string,
  code: string,
  options: { settings: BuildSettings; quiet: boolean },
): Promise<{ dir: string; built: boolean }> {
  const dir = rendererDir(root, code);
  if (existsSync(path.join(dir, RENDERER_META))) return { dir, built: false };
  const building = `${dir}.${process.pid}.building`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  try {
    // The bundle imports the shop's packages: it finds them through this link, wherever the site folder is.
    await symlink(path.join(projectRoot, 'node_modules'), path.join(building, 'node_modules'));
    await runAstro(
      ['build', '--root', projectRoot, '--outDir', path.join(building, 'client')],
      building,
      { ...options.settings, rendererDir: building },
      options.quiet,
    );
    await rm(dir, { recursive: true, force: true });
    await rename(building, dir);
    return { dir, built: true };
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs `astro build` from `cwd`, handing it `settings` whole (astro.config.mjs reads them,
 * src/publish/settings.ts). Astro keeps its prerender bundle under the working folder when the output
 * is outside it: two renderers built at once from the project's folder (two shops of one checkout, or
 * test files side by side) overwrote each other's; each builds from its own folder.
 */
function runAstro(args: string[], cwd: string, settings: BuildSettings, quiet: boolean): Promise<void> {
  const astro = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astro, ...args], {
      cwd,
      // The bundle is a production build whatever the server runs as (tests run it as `test`, which
      // would bundle React's development build into the pages).
      env: {
        ...process.env,
        [BUILD_SETTINGS_VARIABLE]: JSON.stringify(settings),
        NODE_ENV: 'production',
        NODE_OPTIONS: [process.env.NODE_OPTIONS, settings.rendererNodeOptions].filter(Boolean).join(' '),
      },
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`astro build failed (exit ${code})\n${errors.slice(-4000)}`)),
    );
  });
}

/** How a full publish renders: in `workers` threads, each with at most `heapMb` of heap (null: sized from the catalogue snapshot, publish.ts). */
export type RenderSettings = { workers: number; heapMb: number | null };
export const defaultRenderSettings = (): RenderSettings => ({ workers: os.availableParallelism(), heapMb: null });

/**
 * What the workers rendered; `kept`: the pages linked from the served release and kept. `seconds`: the
 * slowest worker's load and listing, the sums of their rendering, writing and processor time, and
 * `link` the wait for the link worker after the render workers were done.
 */
export type Rendered = Omit<RenderOutcome, 'seconds'> & {
  kept: number;
  seconds: RenderOutcome['seconds'] & { linkWorker: number };
};

/** The served release's pages a publish of the changed pages keeps; `linked`: the new release holds their links already (the spare, publish.ts). */
export type Keep = { from: string; pages: string[]; linked: boolean };

/**
 * The render workers of the publishes of changed pages, kept between them with their renderer loaded
 * (docs/decisions/071): loading and importing the bundle's pages is the same work on every publish
 * of one code version. After a full publish, fresh ones are made ready (docs/decisions/095). They
 * end after WARM_IDLE_MS without a publish, before a full publish (which starts its own), and when
 * the shop closes (`endWarmRenderers`).
 */
const WARM_IDLE_MS = 5 * 60_000;
let warm: { rendererDir: string; workers: Worker[]; idle?: NodeJS.Timeout } | null = null;

export async function endWarmRenderers() {
  const ending = warm;
  warm = null;
  if (!ending) return;
  clearTimeout(ending.idle);
  await Promise.all(ending.workers.map((worker) => worker.terminate()));
}

function startWorker(workerData: RenderWorkerData | LinkJob | SweepJob, heapMb: number | null) {
  const worker = new Worker(workerFile, {
    // No tsx loader: Node strips the worker's types itself (render-worker.ts) and the bundle is JavaScript.
    execArgv: [],
    workerData,
    // The pages are a production render whatever the server runs as (tests run it as `test`, under
    // which React's server renderer, loaded by the bundle at run time, is its slower development build).
    env: { ...process.env, NODE_ENV: 'production' },
    // V8 otherwise sizes a worker's heap by the machine's memory and collects lazily. The young
    // generation is bounded as `npm start` bounds the shop's (package.json): a page's garbage dies young.
    resourceLimits: { maxYoungGenerationSizeMb: 48, ...(heapMb ? { maxOldGenerationSizeMb: heapMb } : {}) },
  });
  // A job's failure reaches its publish (`outcomeOf`); a warm worker that stops while idle is no longer kept.
  worker
    .on('error', () => undefined)
    .on('exit', () => {
      if (warm?.workers.includes(worker)) void endWarmRenderers();
    });
  return worker;
}

/** The outcome `take` picks from `worker`'s messages (after sending it `job`, if any); fails when the worker fails or stops. */
function outcomeOf<Outcome>(
  worker: Worker,
  job: RenderJob | null,
  onProgress: (pages: number) => void,
  take: (message: WorkerMessage) => Outcome | undefined,
) {
  return new Promise<Outcome>((resolve, reject) => {
    const settle = (done: () => void) => {
      worker.off('message', onMessage).off('error', reject).off('exit', onExit);
      done();
    };
    const onExit = (code: number) => settle(() => reject(new Error(`a render worker stopped (exit ${code})`)));
    const onMessage = (message: WorkerMessage) => {
      if ('progress' in message) onProgress(message.progress);
      else if ('failed' in message) settle(() => reject(new Error(`rendering the pages failed: ${message.failed}`)));
      else {
        const outcome = take(message);
        if (outcome) settle(() => resolve(outcome));
      }
    };
    worker.on('message', onMessage).on('error', reject).on('exit', onExit);
    if (job) worker.postMessage(job);
  });
}

/** Runs `job` in a worker thread of its own and waits until it is done: linking pages, or emptying the trash. */
async function apart(job: LinkJob | SweepJob): Promise<void> {
  const worker = startWorker(job, null);
  try {
    await outcomeOf(
      worker,
      null,
      () => undefined,
      (message) => ('linked' in message || 'swept' in message ? message : undefined),
    );
  } finally {
    await worker.terminate();
  }
}

/** Hard-links `job.pages` of a release into another folder (`LinkJob`, render-worker.ts). */
export const linkPagesApart = (job: LinkJob) => apart(job);

/** Removes `folders` whole (`SweepJob`, render-worker.ts). */
export const sweepApart = (folders: string[]) => apart({ sweep: folders });

/**
 * Renders the pages into `outDir` in `workers` worker threads, each keying and rendering its share.
 * A publish of the changed pages (`keep`) uses the warm workers, while a link worker links every
 * page of the served release into `outDir` unless the spare already holds them (`keep.linked`): the
 * pages rendered replace their links, the pages no longer published are removed after. Fails (and
 * stops the workers) when one fails.
 */
export async function renderPages(
  job: Omit<RenderJob, 'share'> & {
    workers: number;
    heapMb: number | null;
    keep: Keep | null;
    onProgress?: (done: number) => void;
  },
): Promise<Rendered> {
  const { workers: count, heapMb, keep, onProgress, ...shared } = job;
  let done = 0;
  const progress = (pages: number) => onProgress?.((done += pages));
  const reuse = keep !== null && warm?.rendererDir === shared.rendererDir && warm.workers.length === count;
  if (!reuse) await endWarmRenderers();
  else clearTimeout(warm!.idle);
  const renderers = reuse ? warm!.workers : Array.from({ length: count }, () => startWorker({ renders: true }, heapMb));
  warm = null;
  const linker =
    keep && !keep.linked ? startWorker({ linkFrom: keep.from, outDir: shared.outDir, pages: keep.pages }, null) : null;
  for (const worker of renderers) worker.ref();
  let succeeded = false;
  try {
    const rendering = Promise.all(
      renderers.map((worker, index) =>
        outcomeOf(worker, { ...shared, share: { index, of: count } }, progress, (message) =>
          'done' in message ? message.done : undefined,
        ),
      ),
    );
    const linking = linker
      ? outcomeOf(linker, null, progress, (message) => ('linked' in message ? message.linked : undefined))
      : null;
    let rendered = 0;
    const [outcomes, linked] = await Promise.all([rendering.finally(() => (rendered = performance.now())), linking]);
    succeeded = true;
    if (keep) keepWarm(shared.rendererDir, renderers);
    const keys = outcomes.flatMap((outcome) => outcome.keys);
    const renderedPages = outcomes.flatMap((outcome) => outcome.rendered);
    const published = new Set(keys.map(([file]) => file));
    if (keep)
      unlinkPages(
        shared.outDir,
        keep.pages.filter((file) => !published.has(file)),
      );
    return {
      files: outcomes.flatMap((outcome) => outcome.files),
      scriptHashes: [...new Set(outcomes.flatMap((outcome) => outcome.scriptHashes))],
      keys,
      rendered: renderedPages,
      kept: keep ? keys.length - renderedPages.length : 0,
      seconds: {
        load: Math.max(...outcomes.map((outcome) => outcome.seconds.load)),
        paths: Math.max(...outcomes.map((outcome) => outcome.seconds.paths)),
        render: outcomes.reduce((sum, outcome) => sum + outcome.seconds.render, 0),
        write: outcomes.reduce((sum, outcome) => sum + outcome.seconds.write, 0),
        link: outcomes[0]!.seconds.link + (performance.now() - rendered) / 1000,
        linkWorker: linked?.seconds ?? 0,
        cpu: outcomes.reduce((sum, outcome) => sum + outcome.seconds.cpu, 0),
      },
    };
  } finally {
    // A publish of changed pages that succeeded keeps its workers (`keepWarm`).
    const kept = succeeded && keep !== null;
    await Promise.all([...(kept ? [] : renderers), ...(linker ? [linker] : [])].map((worker) => worker.terminate()));
    // After a full publish, fresh workers are made ready for the next publish, which then finds the
    // renderer and its pages loaded (docs/decisions/095). The full publish's own are not kept: the
    // memory a thread took for 45,000 pages stays with it (docs/decisions/094).
    if (!keep && succeeded && warm === null)
      keepWarm(
        shared.rendererDir,
        Array.from({ length: count }, () => startWorker({ renders: true, readyFor: shared.rendererDir }, heapMb)),
      );
  }
}

/** Keeps `workers` for the next publish of changed pages (`warm`). */
function keepWarm(rendererDir: string, workers: Worker[]) {
  for (const worker of workers) worker.unref();
  warm = { rendererDir, workers, idle: setTimeout(() => void endWarmRenderers(), WARM_IDLE_MS).unref() };
}
