import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where pictures (product pictures, adverts, avatars) live. The local folder is the default; an
 * S3-compatible store implements the same calls.
 */
export type Storage = {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Deletes the object; nothing happens when there is none (an erased customer's avatar). */
  remove(key: string): Promise<void>;
  /** The public URL path the API serves the object at. */
  url(key: string): string;
};

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

export const contentTypeOf = (key: string) => contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** Keys are folder-like (`goods/silk-robe-1.webp`): lower-case letters, digits, dashes, dots, slashes. */
export const isValidStorageKey = (key: string) => /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/.test(key) && !key.includes('..');

export function createFolderStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
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
    async remove(key) {
      if (isValidStorageKey(key)) await rm(resolve(key), { force: true });
    },
    url: (key) => `/api/v1/media/${key}`,
  };
}
