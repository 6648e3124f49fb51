import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { embeddedOptions, openDatabase } from '@/server/db/client';
import { publishSite } from '@/publish/publish';
import { mediaUrl } from '@/server/storage/storage';

/**
 * A publish in a process of its own, for a test to kill half-way (src/publish/publish.test.ts): it
 * publishes every page of a freshly migrated database into `root` and says `rendering` once pages
 * are being written, then `published`.
 */
export type PublishChildJob = { root: string; origin: string; databaseUrl?: string; pgliteDump?: string };

process.once('message', (message) => {
  const job = message as PublishChildJob;
  void (async () => {
    const handle = job.databaseUrl
      ? await openDatabase({ databaseUrl: job.databaseUrl, dataDir: null })
      : await openDatabase({
          client: new PGlite({ ...embeddedOptions, loadDataDir: new Blob([await readFile(job.pgliteDump!)]) }),
        });
    let said = false;
    await publishSite({
      db: handle.db,
      storage: { url: mediaUrl },
      testMode: true,
      apiOrigin: job.origin,
      publicOrigin: job.origin,
      root: job.root,
      full: true,
      quiet: true,
      onProgress: ({ done }) => {
        if (done > 0 && !said) process.send?.('rendering');
        said = true;
      },
    });
    process.send?.('published');
    await handle.close();
  })();
});
