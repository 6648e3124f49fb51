import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Config } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { openStorage } from '../storage/open-storage';
import { checkedKey, isValidStorageKey, type Storage, type StorageSettings } from '../storage/storage';
import {
  BACKUP_FORMAT,
  BackupError,
  backupWriter,
  databaseEntry,
  manifestEntry,
  pictureEntry,
  readBackup,
  type BackupManifest,
} from './backup-file';
import { copyDatabaseIn, copyDatabaseOut, databaseContents, knownMigrations } from './database-copy';

/*
 * Backups you can restore (docs/decisions/074-backups-you-can-restore.md). `writeBackup` copies a
 * shop's database in one snapshot and then the pictures of its folder store into one file; it runs
 * wherever the database is open: in the command on PostgreSQL or on an embedded database no shop
 * holds, in the serving shop itself on an embedded database it holds (backup-channel.ts).
 * `restoreBackup` checks the whole file, then fills an empty database and picture folder from it.
 */

/** What a backup reads: the shop's database and where its pictures are. */
export type BackupSource = { db: Database; kind: DatabaseHandle['kind']; storage: StorageSettings };

/** Writes a backup of `source` to `out` and answers its manifest. */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupManifest> {
  const writer = backupWriter(out);
  try {
    const copied = await copyDatabaseOut(source.db, (table, batch, lines) =>
      writer.add(databaseEntry(table, batch), Buffer.from(`${lines.join('\n')}\n`)),
    );
    // After the snapshot: every picture its rows name was stored before it (a picture is stored, then named).
    const pictures: BackupManifest['pictures'] = {
      store: source.storage.kind,
      included: source.storage.kind === 'folder',
      count: 0,
      bytes: 0,
    };
    if (source.storage.kind === 'folder') {
      for (const key of await pictureKeys(source.storage.dir)) {
        const body = await readFile(path.join(source.storage.dir, key)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined; // deleted since it was listed
          throw error;
        });
        if (!body) continue;
        await writer.add(pictureEntry(key), body);
        pictures.count += 1;
        pictures.bytes += body.length;
      }
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      shop: 'energy-shop',
      createdAt: new Date().toISOString(),
      migration: copied.migration,
      database: { kind: source.kind, tables: copied.tables, sequences: copied.sequences },
      pictures,
    };
    await writer.add(manifestEntry, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.finish();
    return manifest;
  } catch (error) {
    writer.abort();
    throw error;
  }
}

/** The keys of the pictures in a folder store, leaving out files being written this instant. */
async function pictureKeys(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => isValidStorageKey(key) && !/\.\d+\.tmp$/.test(key))
    .sort();
}

/**
 * Reads the whole file and checks it against its manifest, before anything is changed: a file cut
 * short, damaged, of a newer format or from a newer version of the shop is refused here.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const rows: Record<string, number> = {};
  const pictures = { count: 0, bytes: 0 };
  await readBackup(file, (name, body) => {
    if (name === manifestEntry) manifest = parseManifest(file, body);
    else if (name.startsWith('database/')) {
      const table = name.split('/')[1]!;
      rows[table] = (rows[table] ?? 0) + body.toString('utf8').split('\n').filter(Boolean).length;
    } else if (name.startsWith('pictures/')) {
      pictures.count += 1;
      pictures.bytes += body.length;
    }
  });
  if (!manifest)
    throw new BackupError(`${file} has no manifest: it is not a backup of this shop, or it was cut short.`);
  const migrations = knownMigrations();
  const head = migrations.at(-1)!;
  if (!migrations.some((known) => known.when === manifest!.migration.when)) {
    throw new BackupError(
      manifest.migration.when > head.when
        ? `${file} was made by a newer version of the shop (its database is at migration ${manifest.migration.tag}; this version knows up to ${head.tag}). Restore it with that version or a newer one.`
        : `${file} names a migration this shop never had (${manifest.migration.tag}); it cannot be restored by this version.`,
    );
  }
  const expected = Object.entries(manifest.database.tables).filter(([, count]) => count > 0);
  const mismatch =
    expected.find(([table, count]) => rows[table] !== count) ??
    Object.entries(rows).find(([table, count]) => manifest!.database.tables[table] !== count);
  if (mismatch || pictures.count !== manifest.pictures.count || pictures.bytes !== manifest.pictures.bytes) {
    throw new BackupError(
      `${file} does not hold what its manifest lists (${mismatch ? `table ${mismatch[0]}` : 'pictures'}): it is damaged.`,
    );
  }
  return manifest;
}

function parseManifest(file: string, body: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(body.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${file} has a damaged manifest.`);
  }
  if (manifest.shop !== 'energy-shop' || !Number.isInteger(manifest.format))
    throw new BackupError(`${file} is not a backup of this shop.`);
  if (manifest.format > BACKUP_FORMAT) {
    throw new BackupError(
      `${file} was made by a newer version of the shop (backup format ${manifest.format}; this version reads format ${BACKUP_FORMAT}). Restore it with that version or a newer one.`,
    );
  }
  return manifest;
}

const emptyOrAbsent = async (dir: string) =>
  readdir(dir).then(
    (names) => names.length === 0,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return true;
      throw error;
    },
  );

/**
 * Restores the backup `file` into the shop the configuration names: its database must be empty (no
 * embedded database in DATA_DIR, or a PostgreSQL database without tables) and its picture folder
 * empty, or nothing is done. On a failure the database and picture folder are left empty again
 * (pictures already written to an S3 bucket stay: they are the backup's own).
 */
export async function restoreBackup(config: Config, file: string): Promise<BackupManifest> {
  const manifest = await verifyBackup(file);
  const dbDir = path.join(config.dataDir, 'db');
  const pictureDir = config.storage.kind === 'folder' ? config.storage.dir : undefined;
  const refusals: string[] = [];
  if (!config.databaseUrl && !(await emptyOrAbsent(dbDir))) refusals.push(`${dbDir} already holds a database`);
  if (pictureDir && !(await emptyOrAbsent(pictureDir))) refusals.push(`${pictureDir} already holds pictures`);
  if (refusals.length > 0) throw notEmpty(refusals);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: dbDir,
    owner: { kind: 'task', name: 'npm run shop -- restore' },
  });
  let storage: Storage | undefined;
  let closed = false;
  try {
    if (config.databaseUrl) {
      const contents = await databaseContents(database.db);
      if (contents.tables > 0 || contents.migrated)
        throw notEmpty([`the database at DATABASE_URL already holds ${contents.tables} tables and sequences`]);
    }
    storage = await openStorage(config.storage);
    // Pictures first: a folder is emptied again if the database then fails; the database goes in at once or not at all.
    if (manifest.pictures.included) {
      const store = storage;
      await readBackup(file, async (name, body) => {
        if (name.startsWith('pictures/')) await store.put(checkedKey(name.slice('pictures/'.length)), body);
      });
    }
    await copyDatabaseIn(database.db, manifest, (load) =>
      readBackup(file, async (name, body) => {
        if (!name.startsWith('database/')) return;
        await load(name.split('/')[1]!, body.toString('utf8').split('\n').filter(Boolean));
      }),
    );
    await database.migrate();
    return manifest;
  } catch (error) {
    if (error instanceof NotEmptyError) throw error;
    closed = true;
    await storage?.close();
    await database.close();
    if (pictureDir) await emptyFolder(pictureDir);
    if (!config.databaseUrl) await rm(dbDir, { recursive: true, force: true });
    throw error;
  } finally {
    if (!closed) {
      await storage?.close();
      await database.close();
    }
  }
}

class NotEmptyError extends BackupError {}

const notEmpty = (refusals: string[]) =>
  new NotEmptyError(
    [
      `Nothing was restored: ${refusals.join('; ')}.`,
      'A restore only fills an empty shop, so that it never mixes two shops or overwrites one. Point DATA_DIR at a new folder',
      '(and DATABASE_URL at a new, empty database: createdb shop_restored), restore there, start the shop on it, and swap it in.',
    ].join('\n'),
  );

async function emptyFolder(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
}
