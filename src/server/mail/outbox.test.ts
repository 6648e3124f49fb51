import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@/server/logger';
import { mailOutbox } from '@/server/db/schema';
import { aCustomer, aLine, anOrder, aShop } from '../../../tests/support/fixtures';
import { createTestDatabase, createTestDatabaseUrl } from '../../../tests/support/database';
import { startSmtpServer } from '../../../tests/support/mail';
import { anOperator } from '../../../tests/support/operators';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createMailer } from './mailer';
import { LEASE_MS, MAX_AGE_MS, countMail, queueMail, retryDelayMs, sendWaitingMail, startMailSender } from './outbox';

/* Mail that is never lost: written with the event that owes it, sent once, retried while the mail server is away (docs/decisions/073). */

/** A local port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const SECOND = 1000;
const port = await freePort();
const shop = await aShop({
  catalogue: 'small',
  env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Energy Shop <shop@shop.example>' },
});
const outboxRows = () => shop.db.select().from(mailOutbox).orderBy(mailOutbox.id);

describe('the mail outbox', () => {
  it('keeps the confirmation of an order paid while the mail server is down, and delivers it once when it is back', async () => {
    const customer = await aCustomer(shop);
    const order = await anOrder(shop, customer, [aLine(shop, 'robe-s', 1)], { paid: true });

    // The server is down: the attempt fails, the mail waits for a later one.
    const firstTry = new Date();
    expect(await sendWaitingMail(shop.operator, firstTry)).toBe(0);
    const [waiting] = (await outboxRows()).filter((row) => row.recipient === customer.email);
    expect(waiting).toMatchObject({
      kind: 'order-confirmation',
      status: 'waiting',
      attempts: 1,
      lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    expect(waiting!.nextAttemptAt!.getTime()).toBe(firstTry.getTime() + retryDelayMs(1));

    const smtp = await startSmtpServer({ port });
    try {
      // Not before its delay, then once, and never again.
      expect(await sendWaitingMail(shop.operator, new Date(firstTry.getTime() + 10 * SECOND))).toBe(0);
      expect(smtp.received).toHaveLength(0);
      expect(await sendWaitingMail(shop.operator, new Date(firstTry.getTime() + retryDelayMs(1)))).toBe(1);
      expect(await sendWaitingMail(shop.operator, new Date(firstTry.getTime() + 60 * 60 * SECOND))).toBe(0);
      const toCustomer = smtp.received.filter((mail) => JSON.stringify(mail.to).includes(customer.email));
      expect(toCustomer).toHaveLength(1);
      expect(toCustomer[0]!.subject).toContain(order.orderNo);
      expect(toCustomer[0]!.messageId).toBe(`<${waiting!.messageKey}@shop.example>`);
      // Sent: the body is erased, who and when stay.
      const [sent] = (await outboxRows()).filter((row) => row.id === waiting!.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, text: null, html: null, lastError: null });
    } finally {
      await smtp.close();
    }
  });

  it('sends a mail as soon as the transaction that owes it commits, without waiting for the sweep', async () => {
    const smtp = await startSmtpServer({ port });
    const sender = await startMailSender({ ...shop.operator, database: shop }, { sweepMs: 60 * 60 * SECOND });
    try {
      await sender.settled();
      const customer = await aCustomer(shop);
      const order = await anOrder(shop, customer, [aLine(shop, 'robe-s', 1)], { paid: true });
      await expect
        .poll(() => smtp.received.filter((mail) => mail.subject?.includes(order.orderNo)).length, {
          timeout: 10 * SECOND,
        })
        .toBe(1);
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  it('gives up a mail the server refuses for good, and lists it in the back office', async () => {
    const smtp = await startSmtpServer({ port, refuse: (address) => address.endsWith('@refused.example') });
    try {
      expect(
        (
          await shop.post('/mail/subscribers/addSubscribers', {
            subscribeName: 'Nobody',
            email: 'nobody@refused.example',
          })
        ).body.code,
      ).toBe(1);
      expect(await sendWaitingMail(shop.operator)).toBe(0);
      const [failed] = (await outboxRows()).filter((row) => row.recipient === 'nobody@refused.example');
      expect(failed).toMatchObject({
        kind: 'newsletter-confirmation',
        status: 'failed',
        attempts: 1,
        lastError: expect.stringContaining('550'),
      });
      expect(smtp.received).toHaveLength(0);

      const admin = await anOperator(shop, 'admin');
      const headers = await admin.freshSession();
      const listed = await shop.get<{
        counts: { failed: number };
        unsent: { id: number; kind: string; recipient: string; status: string }[];
      }>('/admin/mail', { headers });
      expect(listed.body.data.counts.failed).toBe(1);
      expect(listed.body.data.unsent).toContainEqual(
        expect.objectContaining({
          id: failed!.id,
          kind: 'newsletter-confirmation',
          recipient: 'nobody@refused.example',
          status: 'failed',
        }),
      );

      // Once the cause is fixed (here: the server takes it now), the operator sends it again.
      const accepting = await startSmtpServer();
      const fixedShop = {
        ...shop.operator,
        mailer: createMailer({ mail: { ...shop.config.mail, smtpUrl: accepting.url } }, createLogger('silent')),
      };
      try {
        expect((await shop.post('/admin/mail/retry', { id: failed!.id }, { headers })).body.code).toBe(1);
        expect((await shop.post('/admin/mail/retry', { id: failed!.id }, { headers })).body.code).toBe(-218);
        expect(await sendWaitingMail(fixedShop)).toBe(1);
        expect(accepting.received.map((mail) => JSON.stringify(mail.to))).toEqual([
          expect.stringContaining('nobody@refused.example'),
        ]);
      } finally {
        await accepting.close();
      }
    } finally {
      await smtp.close();
    }
  });

  it('gives up a mail the server never takes within two days', async () => {
    await queueMail(shop.db, 'password-reset', {
      to: 'late@example.com',
      subject: 'Reset your password',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    const queuedAt = new Date();
    expect(await sendWaitingMail(shop.operator, queuedAt)).toBe(0);
    const later = new Date(queuedAt.getTime() + MAX_AGE_MS);
    expect(await sendWaitingMail(shop.operator, later)).toBe(0);
    const [givenUp] = (await outboxRows()).filter((row) => row.recipient === 'late@example.com');
    expect(givenUp).toMatchObject({
      status: 'failed',
      attempts: 2,
      settledAt: later,
      lastError: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
    expect(await countMail(shop.db)).toMatchObject({ failed: 1 });
  });
});

// Two database handles stand for two processes (on PostgreSQL: two pools, two sets of connections; PGlite has one).
const url = process.env.TEST_DATABASE_URL ? await createTestDatabaseUrl() : undefined;
const first: DatabaseHandle = url
  ? await openDatabase({ databaseUrl: url.url, dataDir: null })
  : await createTestDatabase();
const second: DatabaseHandle = url ? await openDatabase({ databaseUrl: url.url, dataDir: null }) : first;
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  await url?.drop();
});

describe('several senders', () => {
  const logger = createLogger('silent');
  const mail = (index: number) => ({
    to: `reader-${index}@example.com`,
    subject: `Mail ${index}`,
    text: `Hello ${index}`,
    html: `<p>Hello ${index}</p>`,
  });

  it('never send one mail twice, however many run at once', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer(
        { mail: { from: 'Shop <shop@shop.example>', smtpUrl: smtp.url, outboxDir: '' } },
        logger,
      );
      await first.db.transaction(async (tx) => {
        for (let index = 0; index < 60; index += 1) await queueMail(tx, 'newsletter-issue', mail(index));
      });
      const senders = [first, second, first, second].map((database) => ({
        db: database.db,
        mailer,
        logger,
        config: { mail: { from: 'Shop <shop@shop.example>' } },
      }));
      const sent = await Promise.all(senders.map((sender) => sendWaitingMail(sender)));
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(60);
      const subjects = smtp.received.map((received) => received.subject);
      expect(subjects).toHaveLength(60);
      expect(new Set(subjects).size).toBe(60);
    } finally {
      await smtp.close();
    }
  });

  it('take over a mail whose sender stopped mid-way only once its lease has run out, under the same Message-ID', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer(
        { mail: { from: 'Shop <shop@shop.example>', smtpUrl: smtp.url, outboxDir: '' } },
        logger,
      );
      const sender = { db: second.db, mailer, logger, config: { mail: { from: 'Shop <shop@shop.example>' } } };
      await queueMail(first.db, 'password-reset', mail(100));
      // A sender claimed it and died before it could say (its lease stands).
      const now = new Date();
      const [row] = await first.db
        .update(mailOutbox)
        .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: 1 })
        .where(eq(mailOutbox.subject, 'Mail 100'))
        .returning();
      expect(await sendWaitingMail(sender, now)).toBe(0);
      expect(await sendWaitingMail(sender, new Date(now.getTime() + LEASE_MS + SECOND))).toBe(1);
      expect(smtp.received.map((received) => received.messageId)).toEqual([`<${row!.messageKey}@shop.example>`]);
    } finally {
      await smtp.close();
    }
  });
});
