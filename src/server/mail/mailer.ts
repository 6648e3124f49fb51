import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

/** A mail the shop sends: plain text for every client, simple HTML for those that show it; `headers` adds header lines (List-Unsubscribe). */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/** `messageId`: the mail's Message-ID (`<…@…>`), the same on every attempt to send it (outbox.ts). */
export type Mailer = { send(mail: Mail & { messageId?: string }): Promise<void> };

/**
 * How long an SMTP exchange may stall before it counts as failed: well within the outbox's lease, so a
 * slow server is retried by the same sender rather than raced by another.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each mail as an `.eml` file to the outbox
 * folder, which any mail program opens, so a shop on one machine needs no mail server.
 */
export function createMailer(
  config: { mail: Pick<Config['mail'], 'from' | 'smtpUrl' | 'outboxDir'> },
  logger: Logger,
): Mailer {
  return transportMailer(config, logger);
}

function transportMailer(
  config: { mail: Pick<Config['mail'], 'from' | 'smtpUrl' | 'outboxDir'> },
  logger: Logger,
): Mailer {
  const { from, smtpUrl, outboxDir } = config.mail;
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(mail) {
        const sent = await transport.sendMail({ from, ...mail });
        logger.info({ messageId: sent.messageId }, 'mail sent');
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let sequence = 0;
  return {
    async send(mail) {
      const sent = await transport.sendMail({ from, ...mail });
      await mkdir(outboxDir, { recursive: true });
      // Names sort in sending order: time, then a counter for mails of the same millisecond.
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await writeFile(file, sent.message);
      logger.info({ file }, 'mail written to the outbox');
    },
  };
}
