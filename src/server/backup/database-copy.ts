import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, rowsOf, type Database, type Executor } from '../db/client';
import type { BackupManifest } from './backup-file';

/*
 * The database as rows, the same way on PGlite and PostgreSQL (docs/decisions/074): read in one
 * REPEATABLE READ snapshot, each table through a cursor as `to_json` lines, and written back with
 * `json_populate_recordset`, so a copy taken on one restores into the other and no `pg_dump` of the
 * server's version is needed. The schema is not copied: a restore runs the shop's own migrations up to
 * the one the copy was taken at, loads the rows, then migrates on to the code's head.
 */

/** Rows a batch (one entry of the file) holds. */
const BATCH_ROWS = 1000;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const table = (name: string) => `public.${quoted(name)}`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

type Migration = { tag: string; when: number };

/** The shop's migrations, oldest first, as the code's journal lists them. */
export function knownMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Migration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

const tablesOf = async (db: Executor) =>
  rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
    ),
  ).map((row) => row.name);

const sequencesOf = async (db: Executor) =>
  rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
    ),
  ).map((row) => row.name);

/** The last migration the database ran, or undefined when it has none (an empty database). */
async function migrationHead(db: Executor): Promise<number | undefined> {
  const present = rowsOf<{ found: boolean }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`),
  )[0]!.found;
  if (!present) return undefined;
  const [last] = rowsOf<{ created_at: string }>(
    await db.execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`),
  );
  return last ? Number(last.created_at) : undefined;
}

/** What is in a database a restore is pointed at: tables of the shop's schema or migrations run. */
export async function databaseContents(db: Executor): Promise<{ tables: number; migrated: boolean }> {
  return {
    tables: (await tablesOf(db)).length + (await sequencesOf(db)).length,
    migrated: (await migrationHead(db)) !== undefined,
  };
}

/**
 * Reads the whole database in one consistent snapshot, handing each batch of rows to `emit` (still
 * inside the snapshot). Answers the migration, the rows per table and the sequences' positions.
 */
export async function copyDatabaseOut(
  db: Database,
  emit: (table: string, batch: number, lines: string[]) => Promise<void>,
): Promise<
  Pick<BackupManifest, 'migration'> & {
    tables: Record<string, number>;
    sequences: BackupManifest['database']['sequences'];
  }
> {
  return db.transaction(
    async (tx) => {
      const when = await migrationHead(tx);
      const migration = knownMigrations().find((known) => known.when === when);
      if (!migration)
        throw new Error(
          'The database is at a migration this version of the shop does not know; back it up with the version that runs it.',
        );
      // Two statements a table and one for all sequences: on the embedded database the shop's other
      // queries wait for the snapshot, and each statement costs a round trip through PGlite.
      const tables: Record<string, number> = {};
      for (const [index, name] of (await tablesOf(tx)).entries()) {
        tables[name] = 0;
        const cursor = `backup_rows_${index}`; // closed by the transaction's end
        await tx.execute(
          sql.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT to_json(t)::text AS line FROM ${table(name)} t`),
        );
        for (let batch = 0; ; batch++) {
          const lines = rowsOf<{ line: string }>(await tx.execute(sql.raw(`FETCH ${BATCH_ROWS} FROM ${cursor}`))).map(
            (row) => row.line,
          );
          if (lines.length > 0) await emit(name, batch, lines);
          tables[name] += lines.length;
          if (lines.length < BATCH_ROWS) break;
        }
      }
      // A sequence is read as it stands now, never behind any id the snapshot holds.
      const names = await sequencesOf(tx);
      const positions =
        names.length === 0
          ? []
          : rowsOf<{ name: string; last_value: string | number; is_called: boolean }>(
              await tx.execute(
                sql.raw(
                  names
                    .map((name) => `SELECT ${literal(name)} AS name, last_value, is_called FROM ${table(name)}`)
                    .join(' UNION ALL '),
                ),
              ),
            );
      const sequences: BackupManifest['database']['sequences'] = {};
      for (const position of positions)
        sequences[position.name] = { lastValue: String(position.last_value), isCalled: position.is_called };
      return { migration, tables, sequences };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Loads a copy into an empty database in one transaction: the shop's migrations up to the copy's, the
 * rows (`batches` hands them over table by table), the sequences; a failure leaves the database as it
 * was. Foreign keys are dropped while the rows go in and added back after, which checks every one.
 * Then the caller migrates on to the code's head as a start does.
 */
export async function copyDatabaseIn(
  db: Database,
  manifest: BackupManifest,
  batches: (load: (tableName: string, lines: string[]) => Promise<void>) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await migrateUpTo(tx, manifest.migration.when);
    const keys = rowsOf<{ table_name: string; name: string; definition: string }>(
      await tx.execute(
        sql`SELECT conrelid::regclass::text AS table_name, conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
      ),
    );
    for (const key of keys)
      await tx.execute(sql.raw(`ALTER TABLE ${key.table_name} DROP CONSTRAINT ${quoted(key.name)}`));
    // Rows a migration wrote (settings it seeded) are in the copy as they were.
    const tables = await tablesOf(tx);
    if (tables.length > 0) await tx.execute(sql.raw(`TRUNCATE ${tables.map(table).join(', ')}`));
    const columns = new Map<string, string>();
    await batches(async (tableName, lines) => {
      if (!tables.includes(tableName))
        throw new Error(`the backup holds a table "${tableName}" its migration does not make`);
      let list = columns.get(tableName);
      if (list === undefined) {
        // Generated columns are computed again; every other column is written as it was, ids included.
        const names = rowsOf<{ name: string }>(
          await tx.execute(
            sql`SELECT attname AS name FROM pg_attribute WHERE attrelid = ${table(tableName)}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
          ),
        );
        list = names.map((column) => quoted(column.name)).join(', ');
        columns.set(tableName, list);
      }
      await tx.execute(
        sql`INSERT INTO ${sql.raw(table(tableName))} (${sql.raw(list)}) OVERRIDING SYSTEM VALUE SELECT ${sql.raw(list)} FROM json_populate_recordset(null::${sql.raw(table(tableName))}, ${`[${lines.join(',')}]`}::json)`,
      );
    });
    for (const key of keys)
      await tx.execute(sql.raw(`ALTER TABLE ${key.table_name} ADD CONSTRAINT ${quoted(key.name)} ${key.definition}`));
    for (const [name, position] of Object.entries(manifest.database.sequences)) {
      await tx.execute(
        sql`SELECT setval(${table(name)}::regclass, ${position.lastValue}::bigint, ${position.isCalled})`,
      );
    }
  });
}

/** Runs the shop's migrations up to the one made at `when`, recording them as Drizzle's migrator does. */
async function migrateUpTo(tx: Executor, when: number) {
  await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await tx.execute(
    sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    if (migration.folderMillis > when) break;
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}
