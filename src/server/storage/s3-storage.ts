import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  checkedKey,
  contentTypeOf,
  isValidStorageKey,
  mediaUrl,
  StorageError,
  type Storage,
  type StorageSettings,
} from './storage';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/**
 * Pictures in an S3-compatible bucket, so that every process and machine of the shop sees every
 * upload. The bucket stays private: the shop reads objects with its keys and serves them at the
 * same `/api/v1/media/…` URLs as from a folder (docs/decisions/047).
 */
export async function createS3Storage(settings: S3Settings): Promise<Storage> {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // S3-compatible servers address buckets by path; Amazon S3 by host name.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: several S3-compatible servers reject the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  // A bucket's own requests (listing) go to `/<bucket>` without the slash the SDK adds by path: several
  // S3-compatible servers (s3rver among them) sign that path without it and refuse the signature.
  // Amazon S3 takes either; no object key ends in a slash.
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path && request.path.length > 1 && request.path.endsWith('/'))
        request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
  const Bucket = settings.bucket;
  const storage: Storage = {
    async put(key, body) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: body, ContentType: contentTypeOf(key) }),
      );
    },
    async get(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async has(key) {
      if (!isValidStorageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        // A HEAD answer has no body to name the error: some S3-compatible servers' 404 arrives unnamed.
        if (
          error instanceof NotFound ||
          error instanceof NoSuchKey ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return false;
        throw error;
      }
    },
    async remove(key) {
      // Deleting an object that is not there succeeds.
      if (isValidStorageKey(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      for await (const page of paginateListObjectsV2(
        { client },
        { Bucket, Prefix: `${checkedKey(prefix.replace(/\/+$/, ''))}/` },
      )) {
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key, writtenAt: object.LastModified ?? new Date() };
      }
    },
    url: mediaUrl,
    close: async () => client.destroy(),
  };

  // Writes, reads back and deletes an object of its own: exactly the rights the shop needs, and no more.
  try {
    const probe = `checks/${randomBytes(8).toString('hex')}.txt`;
    await storage.put(probe, Buffer.from('picture store check'));
    if ((await storage.get(probe)) === null) throw new Error('an object just written could not be read back');
    await storage.remove(probe);
  } catch (error) {
    client.destroy();
    throw new StorageError(
      `The picture store (STORAGE=s3) cannot use bucket ${Bucket} at ${settings.endpoint ?? `Amazon S3 in ${settings.region}`}: ${describe(error)}.\n` +
        'Check S3_ENDPOINT, S3_BUCKET, S3_REGION and the keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY): they need the right to write, read and delete objects in the bucket.',
      { cause: error },
    );
  }
  return storage;
}

/** What went wrong, in the words of S3's answer or of the connection. */
function describe(error: unknown) {
  const { name, message } = error as Error;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (name === 'NoSuchBucket') return 'there is no such bucket';
  if (status === 403) return `access denied (${name}): wrong keys, or keys without rights on this bucket`;
  if (status === 301) return 'the bucket is in another region (S3_REGION)';
  const code = (error as { code?: string }).code;
  return code ? `${code} (${message})` : `${name}: ${message}`;
}
