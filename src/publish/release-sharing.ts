import { existsSync } from 'node:fs';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, inArray, sql } from 'drizzle-orm';
import { purgeChangedPages, type CdnSettings } from '@/server/cdn/netlify-cache';
import type { DatabaseHandle } from '@/server/db/client';
import { publishedReleases } from '@/server/db/schema';
import type { Logger } from '@/server/logger';
import type { Storage } from '@/server/storage/storage';
import {
  changedFiles,
  digestRelease,
  inBatches,
  readReleaseFiles,
  releaseFilesFile,
  type ReleaseFiles,
} from './release-files';
import { publishingSettled, type PublishResult } from './publish';
import { releaseRecordFile, retireOldReleases, servedRelease, switchCurrent, type ReleaseRecord } from './release';

/*
 * One published release for every machine of the shop (docs/decisions/084). On PostgreSQL with the
 * pictures in an S3-compatible bucket, a publish keeps its release in that bucket too:
 *
 *   site/files/<sha1>          each file's bytes, once per content (a publish uploads the new ones only)
 *   site/releases/<id>.json    the release: every file's path and digest, and its record (code, page keys)
 *
 * and adds it to `published_releases`, which tells every shop on the database (NOTIFY site_release).
 * Each shop then makes the release in its own site folder, linking the files its served release
 * already has and downloading the others, and switches to it as a publish does. A shop that starts
 * later does the same before deciding whether to build. One publish runs at a time across every
 * machine: it holds the database's advisory lock `publish`, and first catches up with the current
 * release, so that it renders only what changed since it. After a publish, the bucket is swept of the
 * releases before the last three and of the files none of those names.
 */

export const RELEASE_CHANNEL = 'site_release';

const blobKey = (digest: string) => `site/files/${digest}`;
const manifestKey = (id: string) => `site/releases/${id.toLowerCase()}.json`;

type SharedManifest = { id: string; record: ReleaseRecord; files: ReleaseFiles };

export type ReleaseSharing = {
  /** Runs a publish of this shop's (`run`) under the shop-wide lock, then shares its release and purges the CDN. */
  publish(run: () => Promise<PublishResult>): Promise<PublishResult>;
  /** Brings the site folder to the shop's current release, when one is shared and this folder serves another. */
  follow(): Promise<void>;
  /** Follows each release published from now on (serving shops). */
  listen(): Promise<void>;
  /** Removes from the bucket the releases before the kept ones and the files no kept release names (after each publish, by itself). */
  sweepBucket(): Promise<number>;
  close(): Promise<void>;
};

export type SharingOptions = {
  database: Pick<DatabaseHandle, 'db' | 'exclusively' | 'listen'>;
  /** The bucket every machine reads; null: releases stay in this machine's site folder. */
  bucket: Storage | null;
  cdn: CdnSettings | null;
  root: string;
  logger: Logger;
};

/** Shared releases the bucket keeps: the current one, and two before it for a machine still following one. */
export const KEPT_SHARED_RELEASES = 3;
/**
 * A file object a publish under way has uploaded is named by no release until it is shared: it is
 * kept this long. The bucket's files are listed at most this often by a process, since none younger goes.
 */
const UNNAMED_FILES_KEPT_MS = 60 * 60_000;

export function openReleaseSharing(options: SharingOptions): ReleaseSharing {
  const { database, bucket, cdn, root, logger } = options;
  let stopListening: (() => Promise<void>) | undefined;
  // Publishes and follows of this process one after the other: both switch the site folder's release.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  // The changed files a purge has not yet gone through for (a refused or failed purge): the next one names them too.
  const pendingFile = path.join(root, 'purge-pending.json');
  const purge = async (files: string[]) => {
    if (!cdn) return 0;
    const pending = JSON.parse(await readFile(pendingFile, 'utf8').catch(() => '[]')) as string[];
    const all = [...new Set([...pending, ...files])];
    if (all.length === 0) return 0;
    await writeFile(pendingFile, JSON.stringify(all));
    const tags = await purgeChangedPages(cdn, all);
    await rm(pendingFile, { force: true });
    return tags;
  };

  const currentShared = async (): Promise<string | null> => {
    const [row] = await database.db
      .select({ id: publishedReleases.id })
      .from(publishedReleases)
      .orderBy(desc(publishedReleases.publishedAt), desc(publishedReleases.id))
      .limit(1);
    return row?.id ?? null;
  };

  /** Makes the shared current release here and switches to it (linking what the served release has, downloading the rest). */
  const catchUp = async () => {
    if (!bucket) return;
    const id = await currentShared();
    if (!id) return;
    // The tidying after a local publish (the spare, old releases) is done before the folder changes again.
    await publishingSettled();
    const served = await servedRelease(root);
    if (served && path.basename(served) === id) return;
    const started = performance.now();
    const release = path.join(root, 'releases', id);
    const servedFiles = served ? await readReleaseFiles(served) : null;
    let manifest: SharedManifest;
    if (existsSync(release) && existsSync(releaseFilesFile(release))) {
      manifest = {
        id,
        record: JSON.parse(await readFile(releaseRecordFile(release), 'utf8')) as ReleaseRecord,
        files: (await readReleaseFiles(release))!,
      };
    } else {
      const body = await bucket.get(manifestKey(id));
      if (!body) throw new Error(`the current release ${id} is missing from the bucket (${manifestKey(id)})`);
      manifest = JSON.parse(body.toString('utf8')) as SharedManifest;
      const building = path.join(root, 'releases', `.${id}.following`);
      await rm(building, { recursive: true, force: true });
      // Each folder made once; a file waits for its folder, which another lane may be making.
      const folders = new Map<string, Promise<unknown>>();
      let downloaded = 0;
      await inBatches(Object.entries(manifest.files), 16, async ([file, digest]) => {
        const target = path.join(building, file);
        const folder = path.dirname(target);
        if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
        await folders.get(folder);
        if (served && servedFiles?.[file] === digest) return link(path.join(served, file), target);
        const bytes = await bucket.get(blobKey(digest));
        if (!bytes)
          throw new Error(`the file ${file} of release ${id} is missing from the bucket (${blobKey(digest)})`);
        downloaded++;
        await writeFile(target, bytes);
      });
      await writeFile(releaseRecordFile(release), JSON.stringify(manifest.record));
      await writeFile(releaseFilesFile(release), JSON.stringify(manifest.files));
      await rename(building, release);
      logger.info(
        {
          release: id,
          files: Object.keys(manifest.files).length,
          downloaded,
          seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
        },
        'followed the published release',
      );
    }
    await switchCurrent(root, release);
    await retireOldReleases(root);
    // The last machine to switch purges last: the CDN then fetches the new pages from whichever machine it asks.
    await purge(changedFiles(servedFiles, manifest.files)).catch((error: unknown) =>
      logger.warn({ err: error }, 'purging the changed pages from the CDN failed'),
    );
  };

  /** Keeps the release in the bucket (new files only) and makes it the current one for every shop. */
  const share = async (release: string, files: ReleaseFiles, known: Set<string>, pages: number) => {
    const id = path.basename(release);
    const missing = Object.entries(files).filter(([, digest]) => !known.has(digest));
    const uploaded = new Set<string>();
    await inBatches(missing, 16, async ([file, digest]) => {
      if (uploaded.has(digest)) return;
      uploaded.add(digest);
      await bucket!.put(blobKey(digest), await readFile(path.join(release, file)));
    });
    const record = JSON.parse(await readFile(releaseRecordFile(release), 'utf8')) as ReleaseRecord;
    await bucket!.put(manifestKey(id), Buffer.from(JSON.stringify({ id, record, files } satisfies SharedManifest)));
    await database.db.transaction(async (tx) => {
      await tx.insert(publishedReleases).values({ id, pages });
      await tx.execute(sql`select pg_notify(${RELEASE_CHANNEL}, ${id})`);
    });
    return uploaded.size;
  };

  /**
   * Removes what no kept release needs from the bucket: the releases before the last
   * KEPT_SHARED_RELEASES (their manifests and rows) and every file object none of the kept ones names
   * and older than UNNAMED_FILES_KEPT_MS (a removed page's, a failed publish's). A publish on another
   * machine uploads its files before its release is named, hence the age; two sweeps at once remove
   * the same objects, which is harmless. Listing the files (90,000 at 10,000 products) waits until
   * UNNAMED_FILES_KEPT_MS after this process last did. Answers how many objects it removed.
   */
  let filesListedAt = -Infinity;
  const sweepBucket = async () => {
    if (!bucket) return 0;
    const now = Date.now();
    const releases = await database.db
      .select({ id: publishedReleases.id })
      .from(publishedReleases)
      .orderBy(desc(publishedReleases.publishedAt), desc(publishedReleases.id));
    const kept = releases.slice(0, KEPT_SHARED_RELEASES).map((release) => release.id);
    const retired = releases.slice(KEPT_SHARED_RELEASES).map((release) => release.id);
    const unneeded: string[] = [];
    if (now - filesListedAt >= UNNAMED_FILES_KEPT_MS) {
      unneeded.push(...(await unnamedFiles(bucket, kept, now)));
      filesListedAt = now;
    }
    await inBatches(unneeded, 16, (key) => bucket.remove(key));
    for (const id of retired) await bucket.remove(manifestKey(id));
    if (retired.length > 0) await database.db.delete(publishedReleases).where(inArray(publishedReleases.id, retired));
    if (unneeded.length + retired.length > 0)
      logger.info(
        { files: unneeded.length, releases: retired.length },
        'swept the bucket of what no kept release needs',
      );
    return unneeded.length + retired.length;
  };
  // One sweep at a time in this process, after the publish that calls for it.
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepAfterPublish = () => {
    sweeping = sweeping
      .then(() => sweepBucket())
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'sweeping the bucket of old releases failed; the next publish tries again'),
      );
  };

  return {
    follow: () => inTurn(catchUp),
    publish: (run) =>
      inTurn(() =>
        database.exclusively('publish', async () => {
          if (!bucket && !cdn) return run();
          await catchUp();
          const before = await servedRelease(root);
          const beforeFiles = before ? await readReleaseFiles(before) : null;
          const sharedBefore = bucket ? await currentShared() : null;
          const result = await run();
          const started = performance.now();
          const files = await digestRelease(
            result.release,
            before && beforeFiles ? { dir: before, files: beforeFiles } : null,
          );
          result.stages.digest = seconds(started);
          if (bucket) {
            // The files of the current shared release are in the bucket already.
            const known = new Set(
              before && beforeFiles && sharedBefore === path.basename(before) ? Object.values(beforeFiles) : [],
            );
            const at = performance.now();
            const uploaded = await share(result.release, files, known, result.pages);
            result.stages.share = seconds(at);
            logger.info({ release: path.basename(result.release), uploaded }, 'release shared');
            sweepAfterPublish();
          }
          const at = performance.now();
          await purge(changedFiles(beforeFiles, files));
          if (cdn) result.stages.purge = seconds(at);
          return result;
        }),
      ),
    async listen() {
      if (!bucket) return;
      const follow = () =>
        void inTurn(catchUp).catch((error: unknown) =>
          logger.error({ err: error }, 'following the published release failed'),
        );
      const listening = await database.listen(RELEASE_CHANNEL, { notified: follow, hearing: (yes) => yes && follow() });
      stopListening = () => listening.stop();
    },
    sweepBucket,
    async close() {
      await stopListening?.();
      await queue;
      await sweeping;
    },
  };
}

/** The file objects none of the `kept` releases names, older than UNNAMED_FILES_KEPT_MS. */
async function unnamedFiles(bucket: Storage, kept: string[], now: number): Promise<string[]> {
  const named = new Set<string>();
  for (const id of kept) {
    const body = await bucket.get(manifestKey(id));
    // A kept release that cannot be read: what it names is unknown, so nothing is removed.
    if (!body) throw new Error(`the kept release ${id} is missing from the bucket (${manifestKey(id)})`);
    for (const digest of Object.values((JSON.parse(body.toString('utf8')) as SharedManifest).files)) named.add(digest);
  }
  const unneeded: string[] = [];
  for await (const object of bucket.list('site/files')) {
    if (!named.has(object.key.slice(blobKey('').length)) && now - object.writtenAt.getTime() >= UNNAMED_FILES_KEPT_MS)
      unneeded.push(object.key);
  }
  return unneeded;
}

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2));

/** Whether the shop shares its releases through the bucket: several machines need PostgreSQL and the S3-compatible store. */
export const sharesReleases = (database: DatabaseHandle, storageKind: string) =>
  database.kind === 'postgres' && storageKind === 's3';
