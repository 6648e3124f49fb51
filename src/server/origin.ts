import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

/*
 * One public origin everywhere (docs/decisions/024-one-public-origin.md): the URL the shop prints is
 * the one payment returns, mail links and label links use. PUBLIC_ORIGIN sets it; without it a
 * serving shop settles it to the URL it listens at and records it in DATA_DIR/shop.json, where
 * commands and page builds that run beside or after it read it.
 */

const recordFile = (dataDir: string) => path.join(dataDir, 'shop.json');

/** Written by a serving shop at start: the origin it announced. */
export async function recordShopOrigin(dataDir: string, origin: string) {
  await mkdir(dataDir, { recursive: true });
  await writeFile(
    recordFile(dataDir),
    `${JSON.stringify({ origin, pid: process.pid, startedAt: new Date().toISOString() }, null, 2)}\n`,
  );
}

/** The origin the running (or last) shop of this data folder announced, if any. */
export async function recordedShopOrigin(dataDir: string): Promise<string | undefined> {
  try {
    const { origin } = JSON.parse(await readFile(recordFile(dataDir), 'utf8')) as { origin?: unknown };
    return typeof origin === 'string' && URL.canParse(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin links built outside a serving shop use (operator commands, page builds): PUBLIC_ORIGIN
 * when set, else the one the shop of this data folder announced, else the default from HOST and PORT.
 */
export async function linkOrigin(config: Config): Promise<string> {
  if (config.publicOriginSet) return config.publicOrigin;
  return (await recordedShopOrigin(config.dataDir)) ?? config.publicOrigin;
}
