import { createWriteStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { migrationsFolder, openDatabase, rowsOf } from '@/server/db/client';
import { createTestDatabaseUrl } from '../../../tests/support/database';
import { restoreBackup, writeBackup } from './backup';
import { knownMigrations } from './database-copy';

/* A backup taken by an older version of the shop restores into this one: at its own migration first, then migrated on. */

const work = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-older-'));
afterAll(() => rm(work, { recursive: true, force: true }));

describe('a backup from before the latest migrations', () => {
  it('restores its rows at its own migration, then migrates them on to this version; ids continue after them', async () => {
    // A database two migrations behind this code, with a customer and the friend she referred.
    const older = path.join(work, 'migrations');
    await cp(migrationsFolder, older, { recursive: true });
    const journalFile = path.join(older, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -2) }));
    const database = await openDatabase({ client: new PGlite() });
    await migrate(database.db as Parameters<typeof migrate>[0], { migrationsFolder: older });
    await database.db
      .execute(sql`INSERT INTO users (id, email, password_hash, first_name, last_name, user_code, share_code, rebate_rate, referrer_id) VALUES
      (7, 'mei@example.com', 'x', 'Mei', 'Tan', 'U7', 'S7', 5, 8), (8, 'siti@example.com', 'x', 'Siti', 'Aziz', 'U8', 'S8', 5, NULL)`);
    await database.db.execute(sql`SELECT setval('users_id_seq', 8)`);
    const file = path.join(work, 'older.tar.gz');
    const manifest = await writeBackup(
      { db: database.db, kind: 'pglite', storage: { kind: 'folder', dir: path.join(work, 'no-pictures') } },
      createWriteStream(file),
    );
    await database.close();
    expect(manifest.migration.tag).toBe(knownMigrations().at(-3)!.tag);

    const target = path.join(work, 'restored');
    const postgres = process.env.TEST_DATABASE_URL ? await createTestDatabaseUrl({ empty: true }) : undefined;
    try {
      await restoreBackup(loadConfig({ DATA_DIR: target, ...(postgres && { DATABASE_URL: postgres.url }) }), file);
      const restored = await openDatabase({
        databaseUrl: postgres?.url,
        dataDir: path.join(target, 'db'),
        owner: { kind: 'task', name: 'test' },
      });
      try {
        const users = rowsOf<{ id: number; email: string; referrer_id: number | null }>(
          await restored.db.execute(sql`SELECT id, email, referrer_id FROM users ORDER BY id`),
        );
        expect(users).toEqual([
          { id: 7, email: 'mei@example.com', referrer_id: 8 },
          { id: 8, email: 'siti@example.com', referrer_id: null },
        ]);
        const [head] = rowsOf<{ created_at: string }>(
          await restored.db.execute(
            sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
          ),
        );
        expect(Number(head!.created_at)).toBe(knownMigrations().at(-1)!.when);
        // The last migrations ran on the restored rows: the column the newest payments carry is there.
        expect(rowsOf(await restored.db.execute(sql`SELECT liability_shift FROM payments LIMIT 1`))).toEqual([]);
        const [next] = rowsOf<{ id: number }>(
          await restored.db.execute(sql`SELECT nextval('users_id_seq')::int AS id`),
        );
        expect(next!.id).toBe(9);
      } finally {
        await restored.close();
      }
    } finally {
      await postgres?.drop();
    }
  }, 180_000);
});
