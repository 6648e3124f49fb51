import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { seedDemoCatalogue } from '@/features/catalogue/demo/seed';
import { makeMissingPictureVariants } from '@/features/catalogue/picture-variants.service';
import { embeddedOptions, openDatabase } from '@/server/db/client';
import { createFolderStorage } from '@/server/storage/storage';

/*
 * The data folder a first `npm start` makes (the embedded database migrated, the demo catalogue and its
 * pictures seeded), made once per run and copied for each test that starts the shop as a process.
 * Starting PGlite from scratch and drawing the demo's pictures cost most of a first start, and the
 * tests that copy this folder test what happens after it.
 */

const poll = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
let made: Promise<string> | undefined;

/** A copy of the seeded demo data folder, for `DATA_DIR`; `remove` deletes it. */
export async function copyOfDemoData() {
  const source = await (made ??= demoData());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-demo-data-'));
  await cp(source, dataDir, { recursive: true });
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** The run's demo data folder: the first test file to ask makes it, the others (in any worker) wait for it. */
async function demoData(): Promise<string> {
  const runDir = inject('runDir');
  const ready = path.join(runDir, 'demo-data');
  const failed = path.join(runDir, 'demo-data.failed');
  const claimed = await mkdir(path.join(runDir, 'demo-data.claim')).then(
    () => true,
    () => false,
  );
  if (claimed) {
    try {
      const building = await mkdtemp(path.join(runDir, 'demo-data-'));
      await seedInto(building);
      await rename(building, ready);
    } catch (error) {
      await writeFile(failed, String((error as Error).stack ?? error));
      throw error;
    }
    return ready;
  }
  for (const started = Date.now(); Date.now() - started < 240_000; await poll(200)) {
    if (await exists(ready)) return ready;
    if (await exists(failed))
      throw new Error(`the demo data folder could not be made:\n${await readFile(failed, 'utf8')}`);
  }
  throw new Error('the demo data folder was not made within 4 minutes');
}

async function seedInto(dataDir: string) {
  // The shop keeps its database in DATA_DIR/db and its pictures in DATA_DIR/storage (config.ts).
  const dump = inject('pgliteTemplate');
  const database = dump
    ? await openDatabase({
        client: new PGlite(path.join(dataDir, 'db'), {
          ...embeddedOptions,
          loadDataDir: new Blob([await readFile(dump)]),
        }),
      })
    : await openDatabase({ dataDir: path.join(dataDir, 'db'), owner: { kind: 'task', name: 'test demo data' } });
  try {
    await database.migrate();
    const storage = createFolderStorage(path.join(dataDir, 'storage'));
    await seedDemoCatalogue(database.db, storage);
    // A first start marks its pictures as sized (src/app/main.ts): a start on a copy has nothing to make.
    await makeMissingPictureVariants({ db: database.db, storage });
  } finally {
    await database.close();
  }
}
