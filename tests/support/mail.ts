import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sendWaitingMail } from '@/server/mail/outbox';
import type { TestApi } from './api';

/** The mails the outbox transport wrote, oldest first. */
export async function readOutbox(outboxDir: string): Promise<ParsedMail[]> {
  const files = await readdir(outboxDir).catch(() => [] as string[]);
  const emls = files.filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(emls.map(async (file) => simpleParser(await readFile(path.join(outboxDir, file)))));
}

/**
 * The mails a test shop has sent: what its outbox holds is sent first, as the shop's sender would
 * right after the commit (a test shop runs no sender of its own), then the outbox folder is read.
 */
export async function sentMail(shop: Pick<TestApi, 'operator' | 'config'>): Promise<ParsedMail[]> {
  await sendWaitingMail(shop.operator);
  return readOutbox(shop.config.mail.outboxDir);
}

/**
 * A real SMTP server on a local port (an ephemeral one unless `port` is given) that keeps what it
 * receives; `refuse` names recipients it refuses for good (550), as a server does an unknown mailbox.
 */
export async function startSmtpServer(options: { port?: number; refuse?: (address: string) => boolean } = {}) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.(address.address)) return callback();
      callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that points at `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string | undefined {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`${escaped}[^\\s"<>]+`).exec(mail.text ?? '')?.[0];
}
