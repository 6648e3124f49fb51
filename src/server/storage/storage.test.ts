import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { loadConfig } from '@/server/config';
import { createTestApi, testPicture, type TestApi } from '../../../tests/support/api';
import { signUp, uploadHeadPicture } from '../../../tests/support/customers';
import { runScript } from '../../../tests/support/processes';
import { startS3Server } from '../../../tests/support/s3-server';
import { openStorage } from './open-storage';
import { StorageError } from './storage';

/*
 * The picture stores, each through the shop that uses it: a folder of its own, and a bucket on a
 * local S3-compatible server (s3rver, speaking S3's HTTP API and checking signatures). A second shop
 * with its own data folder stands for a second machine.
 */

type Backend = { env: Record<string, string>; close(): Promise<void> };

const stores: { name: string; sharedBetweenMachines: boolean; start: () => Promise<Backend> }[] = [
  { name: 'a folder', sharedBetweenMachines: false, start: async () => ({ env: {}, close: async () => {} }) },
  { name: 'an S3-compatible bucket', sharedBetweenMachines: true, start: () => startS3Server() },
];

describe.each(stores)('pictures kept in $name', ({ sharedBetweenMachines, start }) => {
  let backend: Backend;
  let shop: TestApi;
  let otherMachine: TestApi;

  beforeAll(async () => {
    backend = await start();
    shop = await createTestApi({ seed: false, env: backend.env });
    otherMachine = await createTestApi({ seed: false, env: backend.env });
  });
  afterAll(async () => {
    await shop?.close();
    await otherMachine?.close();
    await backend?.close();
  });

  it('keeps what is put under its key until it is replaced or removed', async () => {
    const { storage } = shop;
    const first = await testPicture('#112233');
    const second = await testPicture('#445566');

    expect(await storage.get('goods/robe-1.png')).toBeNull();
    expect(await storage.has('goods/robe-1.png')).toBe(false);
    await storage.put('goods/robe-1.png', first);
    expect(await storage.get('goods/robe-1.png')).toEqual(first);
    expect(await storage.has('goods/robe-1.png')).toBe(true);
    await storage.put('goods/robe-1.png', second);
    expect(await storage.get('goods/robe-1.png')).toEqual(second);

    await storage.remove('goods/robe-1.png');
    expect(await storage.get('goods/robe-1.png')).toBeNull();
    expect(await storage.has('goods/robe-1.png')).toBe(false);
    // Removing what is not there (an erased customer without an avatar) is no error.
    await expect(storage.remove('goods/robe-1.png')).resolves.toBeUndefined();
  });

  it('lists what is stored under a folder, with when each was written, and nothing beside it', async () => {
    const { storage } = shop;
    const listed = async (prefix: string) => {
      const found: { key: string; writtenAt: Date }[] = [];
      for await (const object of storage.list(prefix)) found.push(object);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    };
    expect(await listed('site/files')).toEqual([]);
    const started = Date.now() - 60_000;
    await storage.put('site/files/aa11', Buffer.from('one'));
    await storage.put('site/files/bb/22', Buffer.from('two'));
    await storage.put('site/filesystem.txt', Buffer.from('not in the folder'));
    const found = await listed('site/files/');
    expect(found.map((object) => object.key)).toEqual(['site/files/aa11', 'site/files/bb/22']);
    for (const object of found) expect(object.writtenAt.getTime()).toBeGreaterThan(started);
    for (const key of ['site/files/aa11', 'site/files/bb/22', 'site/filesystem.txt']) await storage.remove(key);
    expect(await listed('site/files')).toEqual([]);
  });

  it('refuses keys outside its own names, and finds nothing under them', async () => {
    const { storage } = shop;
    for (const key of ['../escape.png', 'Goods/Upper.png', '/rooted.png', 'goods//double.png', 'goods/../up.png']) {
      await expect(storage.put(key, await testPicture())).rejects.toThrow(/invalid storage key/);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.has(key)).toBe(false);
    }
  });

  it('serves a stored picture at its URL with its type, cached for a year; a missing one is 404', async () => {
    const picture = await testPicture();
    await shop.storage.put('adverts/spring-1.png', picture);
    const url = shop.storage.url('adverts/spring-1.png');
    expect(url).toBe('/api/v1/media/adverts/spring-1.png');

    const served = await shop.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    // A CDN that proxies the shop (Netlify) keeps it only when told to.
    expect(served.headers.get('Netlify-CDN-Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('CDN-Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(picture);

    expect((await shop.app.request('/api/v1/media/adverts/never-stored.png')).status).toBe(404);
  });

  it(`serves an avatar a customer uploads ${sharedBetweenMachines ? 'from every machine' : 'only from the machine that keeps the folder'}, and deletes it with the account`, async () => {
    const customer = await signUp(shop);
    const uploaded = (await (await uploadHeadPicture(shop, customer.headers, await testPicture('#7a4'))).json()) as {
      code: number;
      data: { headPicture: string };
    };
    expect(uploaded.code).toBe(1);
    const url = uploaded.data.headPicture;

    const here = await shop.app.request(url);
    expect(here.status).toBe(200);
    expect(here.headers.get('Content-Type')).toBe('image/webp');
    const elsewhere = await otherMachine.app.request(url);
    expect(elsewhere.status).toBe(sharedBetweenMachines ? 200 : 404);
    if (sharedBetweenMachines) expect(await elsewhere.arrayBuffer()).toEqual(await here.arrayBuffer());

    const deleted = await shop.post(
      '/privacy/deleteAccount',
      { password: encodePassword(customer.password) },
      { headers: customer.headers },
    );
    expect(deleted.body.code).toBe(1);
    expect((await shop.app.request(url)).status).toBe(404);
    expect((await otherMachine.app.request(url)).status).toBe(404);
  });
});

describe('a bucket the shop cannot use', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());

  const opening = (env: Record<string, string>) => openStorage(loadConfig({ ...s3.env, ...env }).storage);

  it('is refused when the store opens, saying what to check', async () => {
    await expect(opening({ S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(StorageError);
    await expect(opening({ S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      /cannot use bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+: there is no such bucket\.\nCheck S3_ENDPOINT, S3_BUCKET/,
    );
    await expect(opening({ S3_SECRET_ACCESS_KEY: 'not-the-secret' })).rejects.toThrow(
      /access denied \(SignatureDoesNotMatch\)/,
    );
    await expect(opening({ S3_ENDPOINT: 'http://127.0.0.1:9' })).rejects.toThrow(
      /cannot use bucket shop-pictures at http:\/\/127\.0\.0\.1:9: ECONNREFUSED/,
    );
  });

  it('stops `npm start` before it serves, with that message and no stack trace', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-no-bucket-'));
    const started = await runScript('start', ['--no-build'], {
      ...s3.env,
      S3_BUCKET: 'no-such-bucket',
      DATA_DIR: dataDir,
    });
    const created = await readdir(dataDir);
    await rm(dataDir, { recursive: true, force: true });
    expect(started.code).toBe(1);
    expect(created).toEqual([]);
    expect(started.stdout).not.toContain('running at');
    expect(started.stderr).toContain('The picture store (STORAGE=s3) cannot use bucket no-such-bucket');
    expect(started.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
