import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createLogger, type Logger } from '../logger';
import { linkOrigin } from '../origin';
import { createMailer, type Mailer } from '../mail/mailer';
import { sendWaitingMail } from '../mail/outbox';
import { createPaymentProvider } from '../payments/registry';
import type { PaymentProvider } from '../payments/provider';
import { openStorage } from '../storage/open-storage';
import type { Storage } from '../storage/storage';

/*
 * Operator commands that work on the shop's data. A command's `execute` takes its arguments and an
 * open shop and answers what to print, so tests run it against a test database; `run` opens the
 * shop the configuration names, executes, prints and closes.
 */

/** An operator command: it gets its arguments and the parsed configuration. */
export type Command = { usage: string; help: string; run: (args: string[], config: Config) => Promise<void> };

/** What an operator command works with: the same pieces the API has. */
export type OperatorShop = {
  db: Database;
  config: Config;
  logger: Logger;
  storage: Storage;
  mailer: Mailer;
  payments: PaymentProvider;
};

export type OperatorCommand = Command & { execute(args: string[], shop: OperatorShop): Promise<string> };

export function operatorCommand(spec: {
  usage: string;
  help: string;
  execute: OperatorCommand['execute'];
}): OperatorCommand {
  return {
    ...spec,
    run: async (args, config) =>
      console.log(
        await withOperatorShop(
          config,
          (shop) => spec.execute(args, shop),
          `npm run shop -- ${spec.usage.split(' ')[0]}`,
        ),
      ),
  };
}

/**
 * Opens the shop's database (migrated) with storage, mail and the payment provider. The embedded
 * database has one owner: beside a running shop this throws DatabaseInUseError, naming the shop, before
 * anything is touched (with DATABASE_URL commands run beside the shop). Links the command builds
 * (mails, labels) use the public origin of the shop of this data folder (see origin.ts).
 */
export async function withOperatorShop<T>(
  config: Config,
  work: (shop: OperatorShop) => Promise<T>,
  task = 'an operator command',
): Promise<T> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    owner: { kind: 'task', name: task },
  });
  let storage: Storage | undefined;
  try {
    await database.migrate();
    // Warnings only: the command prints its own summary.
    const logger = createLogger('warn');
    const linked = { ...config, publicOrigin: await linkOrigin(config) };
    storage = await openStorage(linked.storage);
    const shop = { db: database.db, config: linked, logger, storage, mailer: createMailer(linked, logger) };
    const result = await work({ ...shop, payments: createPaymentProvider(shop) });
    // Mail the command queued (a shipping notice, a newsletter) leaves now; what cannot waits in the outbox for the shop.
    await sendWaitingMail(shop).catch((error: unknown) => logger.warn({ err: error }, 'mail stays in the outbox'));
    return result;
  } finally {
    await storage?.close();
    await database.close();
  }
}

/** Parses a command's arguments; anything unexpected answers the command's usage. */
export function readArguments<O extends ParseArgsOptionsConfig>(
  args: string[],
  usage: string,
  options: O,
  positionals: { min: number; max?: number },
) {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    const count = parsed.positionals.length;
    if (count < positionals.min || count > (positionals.max ?? positionals.min))
      throw new Error('wrong number of arguments');
    return parsed;
  } catch {
    throw new Error(`usage: npm run shop -- ${usage}`);
  }
}

/** The input's problems named field by field, as a command prints them. */
export function parsed<T>(
  result:
    { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): T {
  if (result.success) return result.data;
  throw new Error(
    result.error.issues.map((issue) => `${issue.path.map(String).join('.') || 'input'}: ${issue.message}`).join('\n'),
  );
}
