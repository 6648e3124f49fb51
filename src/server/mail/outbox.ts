import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import { rowsOf, type DatabaseHandle, type Database, type Executor } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Logger } from '../logger';
import type { Mail, Mailer } from './mailer';

/*
 * Mail that is never lost (docs/decisions/073-mail-outbox.md). The shop does not send a mail where an
 * event owes it: it writes the mail to `mail_outbox` in the event's transaction (`queueMail`, or
 * `queueMailSql` inside a statement), so the mail exists exactly when the event does. The sender
 * (`startMailSender`, in the process that runs the background jobs) is woken by the row's commit and
 * sweeps every half minute; it claims rows under a lease, hands each to the mailer (SMTP, or the
 * DATA_DIR/mail folder) with a Message-ID fixed per row, and marks it sent, or tries again later with
 * growing delays, or gives it up as failed: a permanent refusal (5xx), MAX_ATTEMPTS, or MAX_AGE.
 */

/** What a mail is, as the back office lists it. */
export const mailKinds = [
  'order-confirmation',
  'shipping-notice',
  'password-reset',
  'newsletter-confirmation',
  'newsletter-issue',
  'review-request',
] as const;
export type MailKind = (typeof mailKinds)[number];

export type MailStatus = (typeof mailOutbox.$inferSelect)['status'];

/** The channel the outbox's insert trigger notifies on commit (migration 0017). */
export const MAIL_CHANNEL = 'mail_waiting';

/** How long a sender holds a claimed mail; past it another sender may take it (the first crashed). */
export const LEASE_MS = 5 * 60_000;
/** The first retry's delay; each next one doubles, up to RETRY_CAP_MS. */
const RETRY_FIRST_MS = 30_000;
const RETRY_CAP_MS = 60 * 60_000;
/** A mail not sent after this many attempts, or this long after it was queued, is given up. */
export const MAX_ATTEMPTS = 25;
export const MAX_AGE_MS = 2 * 24 * 60 * 60_000;
/** Mails claimed at once by one sender. */
const BATCH = 20;
/** The sweep's period: retries come due, and a wake-up missed (a broken listening connection) is caught up. */
const SWEEP_MS = 30_000;

/** The delay before attempt `attempts + 1`, after `attempts` failed: 30 s, 1 min, 2 min, … at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));

/** Writes a mail to the outbox on `db` (the event's transaction); it is sent once that commits. */
export async function queueMail(db: Executor, kind: MailKind, mail: Mail): Promise<void> {
  await db.insert(mailOutbox).values(outboxValues(kind, mail));
}

/**
 * The same as a statement to use inside a larger one (a CTE): `insert … select … from <from>`, one
 * mail for each row `from` yields (none when it yields none).
 */
export function queueMailSql(kind: MailKind, mail: Mail, from: SQL): SQL {
  const values = outboxValues(kind, mail);
  return sql`insert into ${mailOutbox} (kind, recipient, subject, text, html, headers)
    select ${values.kind}, ${values.recipient}, ${values.subject}, ${values.text}, ${values.html}, ${values.headers ? JSON.stringify(values.headers) : null}::jsonb from ${from}`;
}

function outboxValues(kind: MailKind, mail: Mail) {
  return {
    kind,
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? null,
  };
}

/** The Message-ID of an outbox row: its key at the sender's domain. */
export function messageIdOf(messageKey: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${messageKey}@${domain}>`;
}

/** Whether the mail server refused for good (a 5xx reply); anything else (no connection, 4xx, a timeout) may pass later. */
const refusedForGood = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export type MailOutcome = 'sent' | 'retry' | 'failed';
export type SenderDeps = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  config: { mail: Pick<Config['mail'], 'from'> };
};
/** Told of each attempt's outcome, for the metrics. */
export type OutcomeHook = (outcome: MailOutcome, kind: string) => void;

type ClaimedRow = {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string> | null;
  messageKey: string;
  attempts: number;
  createdAt: Date;
};

/**
 * Claims up to BATCH mails that are due and held by no one: a conditional update on rows locked with
 * SKIP LOCKED, so two senders (two processes, two machines) never take the same row, and the lease
 * marks them as taken once the statement commits.
 */
async function claimDue(db: Database, now: Date): Promise<ClaimedRow[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      update ${mailOutbox} set lease_until = ${leaseUntil}, attempts = attempts + 1
      where id in (
        select id from ${mailOutbox}
        where status = 'waiting' and (next_attempt_at is null or next_attempt_at <= ${now}) and (lease_until is null or lease_until < ${now})
        order by id limit ${BATCH}
        for update skip locked
      )
      returning id, kind, recipient, subject, text, html, headers, message_key, attempts, created_at`),
  );
  // Oldest first: an update's RETURNING follows no ORDER BY, and a customer reads the confirmation before the shipping notice.
  return rows
    .map((row) => ({
      id: Number(row.id),
      kind: String(row.kind),
      recipient: String(row.recipient),
      subject: String(row.subject),
      text: (row.text as string | null) ?? null,
      html: (row.html as string | null) ?? null,
      headers: (typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers) as Record<
        string,
        string
      > | null,
      messageKey: String(row.message_key),
      attempts: Number(row.attempts),
      createdAt: new Date(row.created_at as string | Date),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Sends one claimed mail and records what came of it; the updates repeat `waiting` so a late sender changes nothing settled. */
async function sendClaimed(deps: SenderDeps, row: ClaimedRow, now: Date): Promise<MailOutcome> {
  const still = and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'waiting'));
  try {
    await deps.mailer.send({
      to: row.recipient,
      subject: row.subject,
      text: row.text ?? '',
      html: row.html ?? '',
      ...(row.headers ? { headers: row.headers } : {}),
      messageId: messageIdOf(row.messageKey, deps.config.mail.from),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const givenUp =
      refusedForGood(error) || row.attempts >= MAX_ATTEMPTS || now.getTime() - row.createdAt.getTime() >= MAX_AGE_MS;
    if (givenUp) {
      await deps.db
        .update(mailOutbox)
        .set({ status: 'failed', settledAt: now, leaseUntil: null, lastError: reason })
        .where(still);
      deps.logger.error({ err: error, mailId: row.id, kind: row.kind, attempts: row.attempts }, 'mail given up');
      return 'failed';
    }
    await deps.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)), leaseUntil: null, lastError: reason })
      .where(still);
    deps.logger.warn(
      { err: error, mailId: row.id, kind: row.kind, attempts: row.attempts },
      'mail not sent; it will be tried again',
    );
    return 'retry';
  }
  // Sent: the body goes (it may hold a reset link or an address); who, what and when stay.
  await deps.db
    .update(mailOutbox)
    .set({ status: 'sent', settledAt: now, leaseUntil: null, lastError: null, text: null, html: null })
    .where(still);
  return 'sent';
}

/** Sends every mail due at `now`, batch after batch; answers how many were sent. */
export async function sendWaitingMail(deps: SenderDeps, now = new Date(), onOutcome?: OutcomeHook): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimDue(deps.db, now);
    for (const row of claimed) {
      const outcome = await sendClaimed(deps, row, now);
      onOutcome?.(outcome, row.kind);
      if (outcome === 'sent') sent += 1;
    }
    if (claimed.length < BATCH) return sent;
  }
}

/**
 * Sends mail in the background: at start, whenever a queued mail commits (in any process of the
 * shop), and every SWEEP_MS. One round at a time; a wake-up during a round runs another after it.
 */
export async function startMailSender(
  deps: SenderDeps & { database: Pick<DatabaseHandle, 'listen'> },
  options: { sweepMs?: number; onOutcome?: OutcomeHook } = {},
) {
  let round: Promise<void> = Promise.resolve();
  let running = false;
  let again = false;
  let stopped = false;
  const runRound = async () => {
    do {
      again = false;
      try {
        const sent = await sendWaitingMail(deps, new Date(), options.onOutcome);
        if (sent > 0) deps.logger.info({ sent }, 'mail sent');
      } catch (error) {
        deps.logger.error({ err: error }, 'mail round failed; it runs again');
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    round = runRound().finally(() => {
      running = false;
    });
  };
  const listening = await deps.database.listen(MAIL_CHANNEL, { notified: wake, hearing: (yes) => yes && wake() });
  wake();
  const timer = setInterval(wake, options.sweepMs ?? SWEEP_MS);
  timer.unref();
  return {
    /** Resolves once a round that started after the call has ended (what was queued before it is sent or rescheduled). */
    async settled() {
      await round;
      wake();
      await round;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listening.stop();
      await round;
    },
  };
}

export type MailCounts = Record<MailStatus, number>;

/** How many mails wait, were sent and failed (for the metrics' gauges; sent rows stay until purged). */
export async function countMail(db: Executor): Promise<MailCounts> {
  const rows = await db
    .select({ status: mailOutbox.status, count: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts: MailCounts = { waiting: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** The mails not sent, newest first: those failed and those still waiting, with their attempts and last error. */
export async function listUnsentMail(db: Executor, limit = 100) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      settledAt: mailOutbox.settledAt,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['waiting', 'failed']))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}

/** Queues a failed mail again (an operator's choice once the cause is fixed), attempts from zero; answers whether it was failed. */
export async function retryFailedMail(db: Executor, id: number): Promise<boolean> {
  const moved = await db
    .update(mailOutbox)
    .set({ status: 'waiting', attempts: 0, nextAttemptAt: null, leaseUntil: null, settledAt: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning({ id: mailOutbox.id });
  if (moved.length > 0) await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
  return moved.length > 0;
}

/** An erasure: every mail to the address goes, sent or not (an erased person is mailed nothing more). */
export async function forgetMailTo(db: Executor, email: string): Promise<void> {
  await db.delete(mailOutbox).where(sql`lower(${mailOutbox.recipient}) = lower(${email})`);
}

/** Retention: sent mails (their bodies already erased) and failed ones older than `days` go. */
export async function purgeSettledMail(db: Executor, days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60_000);
  const deleted = await db
    .delete(mailOutbox)
    .where(and(or(eq(mailOutbox.status, 'sent'), eq(mailOutbox.status, 'failed')), lt(mailOutbox.settledAt, before)))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
