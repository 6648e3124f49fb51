import { chmod, mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../logger';

/*
 * The embedded database has one owner (docs/decisions/023): beside a serving shop a command cannot
 * open it. So the serving shop takes the backup itself when the command asks it to, on a local
 * channel: a Unix socket in DATA_DIR/run, a folder only the user the shop runs as may enter (0700).
 * Nobody else on the machine, and nothing on the network, can ask (docs/decisions/074).
 */

/** Where the shop of `dataDir` listens for backup requests. */
export const backupSocketOf = (dataDir: string) => path.join(dataDir, 'run', 'backup.sock');

/** Unix socket paths are limited to 108 bytes (104 on macOS). */
const SOCKET_PATH_LIMIT = 100;

/** A backup the shop was asked for could not be taken through it; the message says what to do. */
export class BackupChannelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupChannelError';
  }
}

/** Opens the channel: each request gets a backup written by `backup`, one at a time. */
export async function openBackupChannel(
  dataDir: string,
  backup: (out: Writable) => Promise<unknown>,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const socket = backupSocketOf(dataDir);
  if (socket.length > SOCKET_PATH_LIMIT) {
    logger.warn(
      { socket },
      'the data folder path is too long for the backup channel: `npm run shop -- backup` needs the shop stopped',
    );
    return { close: async () => {} };
  }
  await mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socket), 0o700);
  // Left by a shop that was killed: this process owns the database now, so the socket is its own to replace.
  await rm(socket, { force: true });
  let busy = false;
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    if (busy) {
      response
        .writeHead(409, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('A backup is being taken already; try again when it has finished.');
      return;
    }
    busy = true;
    const started = performance.now();
    response.writeHead(200, { 'Content-Type': 'application/gzip' });
    backup(response)
      .then(
        (manifest) => logger.info({ manifest, ms: Math.round(performance.now() - started) }, 'backup taken'),
        (error: unknown) => {
          logger.error({ err: error }, 'backup failed');
          // The command sees the answer cut short and keeps no file.
          response.destroy(error as Error);
        },
      )
      .finally(() => (busy = false));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  await chmod(socket, 0o600);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socket, { force: true });
    },
  };
}

/** Asks the shop serving `dataDir` for a backup and writes it to `out`. */
export async function backupThroughShop(dataDir: string, out: Writable, shop: string): Promise<void> {
  const socket = backupSocketOf(dataDir);
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request({ socketPath: socket, path: '/backup', method: 'POST' }, resolve);
    request.once('error', reject);
    request.end();
  }).catch((error: NodeJS.ErrnoException) => {
    throw new BackupChannelError(
      [
        `${shop} holds the embedded database, and it did not answer on its backup channel ${socket} (${error.code ?? error.message}).`,
        'A shop started by an older version has none: stop it, run the backup, and start it again.',
      ].join('\n'),
    );
  });
  if (response.statusCode !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    throw new BackupChannelError(
      `${shop} did not take the backup: ${Buffer.concat(chunks).toString('utf8') || response.statusCode}`,
    );
  }
  await pipeline(response, out).catch((error: Error) => {
    throw new BackupChannelError(
      `${shop} failed while taking the backup (${error.message}); its log says why. No backup was written.`,
    );
  });
}
