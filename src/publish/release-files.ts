import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/*
 * Every file of a release by its path and the SHA-1 of its bytes (the digest Netlify's deploy API
 * names files by, and the name a file is kept under in the shared bucket). Worked out after a
 * publish from the release before it: a file that is still the same inode as that release's file
 * (a page the publish linked, not rendered) keeps its digest, so a publish of one new product hashes
 * the few dozen pages it rendered, not 90,000 (docs/decisions/084).
 */

/** Path inside the release (with `/`) → SHA-1 in hex. */
export type ReleaseFiles = Record<string, string>;

export const releaseFilesFile = (release: string) => `${release}.files.json`;

export async function readReleaseFiles(release: string): Promise<ReleaseFiles | null> {
  try {
    return JSON.parse(await readFile(releaseFilesFile(release), 'utf8')) as ReleaseFiles;
  } catch {
    return null;
  }
}

/** Lists and digests `release`'s files, reusing `previous`'s digests for the files it shares with it, and keeps the list beside the release. */
export async function digestRelease(
  release: string,
  previous: { dir: string; files: ReleaseFiles } | null,
): Promise<ReleaseFiles> {
  const files: ReleaseFiles = {};
  const entries = await readdir(release, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(release, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  await inBatches(paths, 64, async (file) => {
    const known = previous?.files[file];
    if (known && (await sameFile(path.join(release, file), path.join(previous.dir, file)))) files[file] = known;
    else files[file] = await sha1Of(path.join(release, file));
  });
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  await writeFile(releaseFilesFile(release), JSON.stringify(sorted));
  return sorted;
}

/** The paths whose content differs between two releases: changed, added or removed. */
export function changedFiles(before: ReleaseFiles | null, after: ReleaseFiles): string[] {
  if (!before) return Object.keys(after);
  const changed = Object.keys(after).filter((file) => before[file] !== after[file]);
  return [...changed, ...Object.keys(before).filter((file) => !(file in after))];
}

async function sameFile(a: string, b: string) {
  const [one, other] = await Promise.all([stat(a), stat(b).catch(() => null)]);
  return other !== null && one.ino === other.ino && one.dev === other.dev;
}

export async function sha1Of(file: string) {
  const hash = createHash('sha1');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Runs `work` on every item, `size` at a time. */
export async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
}
