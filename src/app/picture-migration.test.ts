import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyOfDemoData } from '../../tests/support/demo-data';
import { startShopProcess } from '../../tests/support/processes';
import { onPostgres } from '../../tests/support/database';

let demo: Awaited<ReturnType<typeof copyOfDemoData>> | undefined;
afterAll(() => demo?.remove());

/** The sizes kept beside the stored pictures (`….480x480.webp`), by key, with when each was written. */
async function storedSizes(dataDir: string) {
  const storage = path.join(dataDir, 'storage');
  const files = (await readdir(storage, { recursive: true })).filter((file) => /\.\d+x\d+\.webp$/.test(file)).sort();
  return new Map(
    await Promise.all(files.map(async (file) => [file, (await stat(path.join(storage, file))).mtimeMs] as const)),
  );
}

describe.skipIf(onPostgres)('pictures stored before their sizes were made at upload', () => {
  it('get them when the shop starts, before it serves; the next start makes none', async () => {
    demo = await copyOfDemoData();
    const sized = await storedSizes(demo.dataDir);
    expect(sized.size).toBeGreaterThan(100);
    // The store as a shop kept it before: the pictures alone, and no record of a migration.
    await Promise.all(
      [...sized.keys(), 'picture-variants.json'].map((file) => rm(path.join(demo!.dataDir, 'storage', file))),
    );
    expect((await storedSizes(demo.dataDir)).size).toBe(0);

    const first = await startShopProcess({ DATA_DIR: demo.dataDir });
    const made = await storedSizes(demo.dataDir);
    expect([...made.keys()]).toEqual([...sized.keys()]);
    const card = [...made.keys()].find((file) => file.endsWith('.480x480.webp'))!;
    const served = await fetch(`${first.url}/api/v1/media/${card}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect(await first.stop()).toBe(0);

    const second = await startShopProcess({ DATA_DIR: demo.dataDir });
    expect(await second.stop()).toBe(0);
    expect(await storedSizes(demo.dataDir)).toEqual(made);
  }, 180_000);
});
