import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { metrics } from '../metrics';

/** A mail the shop sends: plain text for every client, simple HTML for those that show it; `headers` adds header lines (List-Unsubscribe). */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each mail as an `.eml` file to the outbox
 * folder, which any mail program opens, so a shop on one machine needs no mail server.
 */
export function createMailer(config: { mail: Pick<Config['mail'], 'from' | 'smtpUrl' | 'outboxDir'> }, logger: Logger): Mailer {
  const mailer = transportMailer(config, logger);
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (error) {
        metrics.mails.inc({ outcome: 'failed' });
        throw error;
      }
      metrics.mails.inc({ outcome: 'sent' });
    },
  };
}

function transportMailer(config: { mail: Pick<Config['mail'], 'from' | 'smtpUrl' | 'outboxDir'> }, logger: Logger): Mailer {
  const { from, smtpUrl, outboxDir } = config.mail;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
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
