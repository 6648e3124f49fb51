import { mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/*
 * The floor of a full publish's time (bench:build): what writing its pages takes alone, without
 * rendering them. `threads` threads, as many as render the pages, each write their share of a sample
 * of the release's pages (read into memory first, as a render worker holds a page it rendered), each
 * a file of its own as the render workers write them; the slowest thread's time, scaled to every page.
 */

const writer = `
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { release, out, files } = workerData;
const pages = files.map((file) => [file, readFileSync(path.join(release, file))]);
const started = performance.now();
const folders = new Set();
for (const [file, body] of pages) {
  const target = path.join(out, file);
  const folder = path.dirname(target);
  if (!folders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    folders.add(folder);
  }
  writeFileSync(target, body);
}
parentPort.postMessage((performance.now() - started) / 1000);
`;

export async function writingFloor(release: string, pages: number, threads: number, sampleSize = 9_000) {
  const files = (await readdir(release, { recursive: true }))
    .filter((file) => file.endsWith('.html'))
    .slice(0, sampleSize);
  const out = await mkdtemp(path.join(path.dirname(release), 'floor-'));
  try {
    const seconds = await Promise.all(
      Array.from({ length: threads }, (_, index) => {
        const worker = new Worker(writer, {
          eval: true,
          workerData: { release, out, files: files.filter((_, position) => position % threads === index) },
        });
        return new Promise<number>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
      }),
    );
    return { seconds: (Math.max(...seconds) * pages) / files.length, sample: files.length };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
