import { existsSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { readArguments, type Command } from '@/server/cli/operator';
import type { Config } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { DatabaseInUseError, type LockRecord } from '@/server/db/owner-lock';
import type { BackupManifest } from '@/server/backup/backup-file';
import { restoreBackup, verifyBackup, writeBackup } from '@/server/backup/backup';
import { backupThroughShop } from '@/server/backup/backup-channel';

/* `npm run shop -- backup --to FILE` and `restore --from FILE` (docs/decisions/074-backups-you-can-restore.md). */

const backupUsage = 'backup --to <file>';
const restoreUsage = 'restore --from <file>';

/**
 * Writes the backup to `<file>.partial` (readable by this user only: it holds customers' data), reads
 * it back against its manifest, and only then puts it in place of `file`.
 */
export async function takeBackup(config: Config, file: string): Promise<BackupManifest> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  const dbDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl && !existsSync(path.join(dbDir, 'PG_VERSION')))
    throw new Error(`There is no shop to back up in ${config.dataDir} (no database in ${dbDir}).`);
  // Inside the data folder a backup would be lost with it (and in the picture folder, copied into the next one).
  if (!path.relative(config.dataDir, target).startsWith('..'))
    throw new Error(
      `Write the backup outside the data folder ${config.dataDir}: it is lost with the folder it copies.`,
    );
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const handle = await open(partial, 'w', 0o600);
  const out = handle.createWriteStream();
  try {
    let servingShop: LockRecord | undefined;
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: dbDir,
      owner: { kind: 'task', name: 'npm run shop -- backup' },
    }).catch((error: unknown) => {
      if (!(error instanceof DatabaseInUseError && error.holder.owner.kind === 'shop')) throw error;
      servingShop = error.holder;
      return undefined;
    });
    if (database) {
      try {
        await writeBackup({ db: database.db, kind: database.kind, storage: config.storage }, out);
      } finally {
        await database.close();
      }
    } else {
      // The serving shop holds the embedded database: it takes the backup.
      const { owner, pid } = servingShop!;
      await backupThroughShop(
        config.dataDir,
        out,
        `The shop running at ${owner.kind === 'shop' ? owner.url : ''} (process ${pid})`,
      );
    }
    const manifest = await verifyBackup(partial);
    await rename(partial, target);
    return manifest;
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function describe(manifest: BackupManifest) {
  const tables = manifest.database.tables;
  const rows = Object.values(tables).reduce((sum, count) => sum + count, 0);
  const pictures = manifest.pictures.included
    ? `${manifest.pictures.count} pictures (${megabytes(manifest.pictures.bytes)})`
    : 'no pictures: they are in the S3 bucket, which its own versioning or replication keeps (README, Backups)';
  return [
    `  ${tables.users ?? 0} customers, ${tables.orders ?? 0} orders, ${tables.energy_records ?? 0} energy records, ${tables.comments ?? 0} reviews, ${tables.goods ?? 0} products (${rows} rows in ${Object.keys(tables).length} tables)`,
    `  ${pictures}`,
    `  the ${manifest.database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'} at migration ${manifest.migration.tag}, taken ${manifest.createdAt}`,
  ].join('\n');
}

export const backupCommands: Record<string, Command> = {
  backup: {
    usage: backupUsage,
    help: "writes one file holding the database (a consistent snapshot, taken while the shop serves) and the folder store's pictures",
    async run(args, config) {
      const { values } = readArguments(args, backupUsage, { to: { type: 'string' } }, { min: 0 });
      if (!values.to) throw new Error(`usage: npm run shop -- ${backupUsage}`);
      const manifest = await takeBackup(config, values.to);
      const size = (await stat(path.resolve(values.to))).size;
      console.log(
        `Backed up to ${path.resolve(values.to)} (${megabytes(size)}), read back and checked:\n${describe(manifest)}`,
      );
    },
  },
  restore: {
    usage: restoreUsage,
    help: 'restores a backup into an empty data folder or an empty database (refuses one that holds a shop), then migrates it to this version',
    async run(args, config) {
      const { values } = readArguments(args, restoreUsage, { from: { type: 'string' } }, { min: 0 });
      if (!values.from) throw new Error(`usage: npm run shop -- ${restoreUsage}`);
      const manifest = await restoreBackup(config, path.resolve(values.from));
      const where = config.databaseUrl ? 'the database at DATABASE_URL' : `${config.dataDir}`;
      console.log(
        `Restored ${path.resolve(values.from)} into ${where}:\n${describe(manifest)}\nStart the shop on it: npm start`,
      );
    },
  },
};
