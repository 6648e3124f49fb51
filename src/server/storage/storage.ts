import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where pictures (product pictures, adverts, avatars) live: a local folder (the default), or an
 * S3-compatible bucket every process and machine of the shop shares (s3-storage.ts). Either way the
 * shop serves them itself, at `/api/v1/media/<key>` (docs/decisions/047-several-processes-and-shared-pictures.md).
 */
export type Storage = {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Whether an object is stored under the key, without reading it. */
  has(key: string): Promise<boolean>;
  /** Deletes the object; nothing happens when there is none (an erased customer's avatar). */
  remove(key: string): Promise<void>;
  /** The objects stored under the folder-like `prefix` (`site/files`), in no particular order, with when each was written. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** The public URL path the API serves the object at. */
  url(key: string): string;
  /** Lets go of connections (the shop is stopping). */
  close(): Promise<void>;
};

export type StoredObject = { key: string; writtenAt: Date };

/** Where the pictures are kept, as the configuration says (config.ts). */
export type StorageSettings =
  | { kind: 'folder'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible server (MinIO, R2, …); unset: Amazon S3 in `region`. */
      endpoint?: string;
      /** Unset: the AWS SDK's standard credential chain (an instance or task role). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** The store cannot be used as configured; the message says what to check. */
export class StorageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StorageError';
  }
}

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

export const contentTypeOf = (key: string) =>
  contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** Keys are folder-like (`goods/silk-robe-1.webp`): lower-case letters, digits, dashes, dots, slashes. */
export const isValidStorageKey = (key: string) =>
  /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/.test(key) && !key.includes('..');

/** The key itself, or an error for one no store accepts. */
export function checkedKey(key: string) {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** Where the shop serves a stored object (media.routes.ts), whichever store keeps it. */
export const mediaUrl = (key: string) => `/api/v1/media/${key}`;

export function createFolderStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async has(key) {
      if (!isValidStorageKey(key)) return false;
      return stat(resolve(key)).then(
        (found) => found.isFile(),
        () => false,
      );
    },
    async remove(key) {
      if (isValidStorageKey(key)) await rm(resolve(key), { force: true });
    },
    async *list(prefix) {
      const folder = resolve(prefix.replace(/\/+$/, ''));
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      for (const entry of entries) {
        // A file `put` is still writing is not an object yet.
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const file = path.join(entry.parentPath, entry.name);
        const written = await stat(file).catch(() => null);
        if (written) yield { key: path.relative(root, file).split(path.sep).join('/'), writtenAt: written.mtime };
      }
    },
    url: mediaUrl,
    close: async () => {},
  };
}
