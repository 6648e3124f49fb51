import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, startSmtpServer } from '../../../tests/support/mail';
import { composeMail } from './layout';
import { createMailer } from './mailer';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) }),
  );
  return { logger, lines };
}

const mail = {
  to: 'mei@example.com',
  subject: 'Hello 你好',
  ...composeMail({ greeting: 'Hi Mei,', intro: ['One'], outro: ['Two'], signature: 'Shop' }),
};

describe('the mailer', () => {
  let outboxDir: string;
  beforeAll(async () => {
    outboxDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'shop-mail-')), 'mail');
  });
  afterAll(() => rm(path.dirname(outboxDir), { recursive: true, force: true }));

  it('writes .eml files to the outbox in sending order and logs where', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ mail: { from: 'Shop <shop@localhost>', smtpUrl: undefined, outboxDir } }, logger);
    for (const subject of ['first', 'second', 'third']) await mailer.send({ ...mail, subject });
    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(3);
    expect((await readOutbox(outboxDir)).map((received) => received.subject)).toEqual(['first', 'second', 'third']);
    expect(lines.map((line) => line.file)).toEqual(files.map((file) => path.join(outboxDir, file)));
  });

  it('sends through SMTP when configured, with text and HTML parts', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer(
        { mail: { from: 'Shop <shop@localhost>', smtpUrl: smtp.url, outboxDir } },
        capturingLogger().logger,
      );
      await mailer.send(mail);
      const [received] = smtp.received;
      expect(received!.subject).toBe('Hello 你好');
      expect(received!.text).toBe('Hi Mei,\n\nOne\n\nTwo\n\nShop\n');
      expect(received!.html).toContain('<p style="margin:0 0 16px">One</p>');
    } finally {
      await smtp.close();
    }
  });
});
