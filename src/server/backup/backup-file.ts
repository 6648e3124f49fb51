import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

/*
 * A backup is one gzip'd tar file (docs/decisions/074-backups-you-can-restore.md), readable with
 * `tar tzf`: the database as `database/<table>/<n>.ndjson` (one row a line, as PostgreSQL's `to_json`
 * writes it), the folder store's pictures as `pictures/<key>`, and last `manifest.json`, which says
 * what the file holds and is checked against it before a restore touches anything.
 */

/** The layout of the file; a restore refuses a file of a newer format than it knows. */
export const BACKUP_FORMAT = 1;

export type BackupManifest = {
  format: number;
  shop: 'energy-shop';
  createdAt: string;
  /** The last migration the database had: its journal tag and time (the time identifies it; tags are renumbered). */
  migration: { tag: string; when: number };
  database: {
    kind: 'pglite' | 'postgres';
    /** Rows per table. */
    tables: Record<string, number>;
    /** Where each sequence stood: new ids after a restore continue from there. */
    sequences: Record<string, { lastValue: string; isCalled: boolean }>;
  };
  pictures: { store: 'folder' | 's3'; included: boolean; count: number; bytes: number };
};

export const manifestEntry = 'manifest.json';
export const databaseEntry = (table: string, batch: number) =>
  `database/${table}/${String(batch).padStart(6, '0')}.ndjson`;
export const pictureEntry = (key: string) => `pictures/${key}`;

/** A file that is not a backup this code can restore; nothing was changed. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Writes entries into a gzip'd tar on `out`; `finish` ends it once the last entry is added, `abort` after a failure. */
export function backupWriter(out: Writable) {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), out);
  // The pipeline destroys the pack with a downstream failure, which it already answers; not an uncaught error.
  pack.on('error', () => {});
  // A failure downstream (a full disk, a reader gone) rejects the entries being added rather than leave them waiting.
  let failure: Error | undefined;
  const waiting = new Set<(error: Error) => void>();
  written.catch((error: Error) => {
    failure = error;
    for (const reject of waiting) reject(error);
  });
  return {
    add: (name: string, body: Buffer) =>
      new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        waiting.add(reject);
        const entry = pack.entry({ name, size: body.length, mode: 0o600, mtime: new Date() }, body, (error) => {
          waiting.delete(reject);
          if (error) reject(error);
          else resolve();
        });
        // Its failure comes to the callback too.
        entry.on('error', () => {});
      }),
    async finish() {
      pack.finalize();
      await written;
    },
    /** Stops writing after a failure (the caller has the error; the file is incomplete). */
    abort() {
      pack.destroy();
    },
  };
}

/** Reads every entry of the backup `file` in order, handing each to `onEntry` (one at a time). */
export async function readBackup(file: string, onEntry: (name: string, body: Buffer) => Promise<void> | void) {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  reading.catch(() => {});
  // What `onEntry` throws is its own failure, passed on as it is; anything else is the file's.
  let handlerFailed: { error: unknown } | undefined;
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.type !== 'file') continue;
      try {
        await onEntry(entry.header.name, Buffer.concat(chunks));
      } catch (error) {
        handlerFailed = { error };
        throw error;
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    if (handlerFailed) throw handlerFailed.error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR')
      throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
    throw new BackupError(`${file} is not a backup of this shop, or it is damaged (${(error as Error).message}).`);
  }
}
