import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { hashToken, newToken } from '@/features/auth/tokens';
import * as ErrorCode from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import { isValidEmail } from '@/lib/validation';
import type { Config } from '@/server/config';
import type { Executor } from '@/server/db/client';
import { newsletterSubscribers } from '@/server/db/schema';
import { forgetMailTo, queueMail } from '@/server/mail/outbox';
import type { ShopDeps } from '@/server/deps';
import { ShopError } from '@/server/http/errors';
import { newsletterConfirmationMail, newsletterIssueMail, type NewsletterIssue } from './newsletter-mails';
import type { SubscribeBody } from './newsletter.schema';

/*
 * The newsletter, with double opt-in: subscribing mails a confirmation link, and only an address whose
 * link was opened gets the newsletter. Unconfirmed rows go after NEWSLETTER_CONFIRM_DAYS. Every
 * newsletter mail carries an unsubscribe link and RFC 8058's one-click headers; unsubscribing deletes
 * the row. See docs/decisions/035-privacy.md.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the mails' links lead: the API's own small pages (`newsletter.routes.ts`). */
export const newsletterLink = (
  config: Pick<Config, 'publicOrigin'>,
  action: 'confirm' | 'unsubscribe',
  token: string,
) => `${config.publicOrigin}/api/v1/mail/subscribers/${action}?token=${encodeURIComponent(token)}`;

const byEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = lower(${email})`;

/**
 * Subscribes an address: a confirmed one answers -224 (in any letter case); a new or still unconfirmed
 * one gets a (fresh) confirmation mail. Nothing is sent to the address until its owner confirms.
 */
export async function addSubscriber(
  deps: Pick<ShopDeps, 'db' | 'config'>,
  body: SubscribeBody,
  language: Language,
  now = new Date(),
): Promise<void> {
  if (!isValidEmail(body.email)) throw new ShopError(ErrorCode.InvalidEmail);
  const token = newToken();
  const pending = { name: body.subscribeName, language, confirmTokenHash: hashToken(token), createdAt: now };
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(newsletterSubscribers)
      .values({ ...pending, email: body.email, unsubscribeToken: newToken() })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (inserted.length === 0) {
      // Asked again before confirming (a lost mail): a new link replaces the old one.
      const renewed = await tx
        .update(newsletterSubscribers)
        .set(pending)
        .where(and(byEmail(body.email), isNull(newsletterSubscribers.confirmedAt)))
        .returning({ id: newsletterSubscribers.id });
      if (renewed.length === 0) throw new ShopError(ErrorCode.AlreadySubscribed);
    }
    const days = deps.config.privacy.newsletterConfirmDays;
    await queueMail(
      tx,
      'newsletter-confirmation',
      newsletterConfirmationMail({ email: body.email, language }, newsletterLink(deps.config, 'confirm', token), days),
    );
  });
}

/** The subscription a link's token belongs to: to confirm (unconfirmed, not yet swept) or to unsubscribe. */
export async function subscriberByToken(db: Executor, action: 'confirm' | 'unsubscribe', token: string) {
  const where =
    action === 'confirm'
      ? eq(newsletterSubscribers.confirmTokenHash, hashToken(token))
      : eq(newsletterSubscribers.unsubscribeToken, token);
  const [subscriber] = await db.select().from(newsletterSubscribers).where(where);
  return subscriber ?? null;
}

/** Opens the confirmation link: the address is subscribed from now on. The link works once. */
export async function confirmSubscriber(db: Executor, token: string, now = new Date()) {
  const [confirmed] = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: now, confirmTokenHash: null })
    .where(and(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)), isNull(newsletterSubscribers.confirmedAt)))
    .returning();
  return confirmed ?? null;
}

/** Unsubscribing deletes the subscription: nothing of the address stays. Answers whether there was one. */
export async function unsubscribe(db: Executor, token: string): Promise<boolean> {
  return (
    (
      await db
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.unsubscribeToken, token))
        .returning({ id: newsletterSubscribers.id })
    ).length > 0
  );
}

/** Deletes the newsletter subscription of an address, for someone who asks to be forgotten without an account. */
export async function eraseSubscriber(db: Executor, email: string): Promise<number> {
  await forgetMailTo(db, email);
  return (await db.delete(newsletterSubscribers).where(byEmail(email)).returning({ id: newsletterSubscribers.id }))
    .length;
}

/** Sweep: subscriptions never confirmed within NEWSLETTER_CONFIRM_DAYS are deleted, and their links stop working. */
export async function purgeUnconfirmedSubscribers(
  db: Executor,
  privacy: Pick<Config['privacy'], 'newsletterConfirmDays'>,
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - privacy.newsletterConfirmDays * DAY_MS);
  const deleted = await db
    .delete(newsletterSubscribers)
    .where(and(isNull(newsletterSubscribers.confirmedAt), lt(newsletterSubscribers.createdAt, before)))
    .returning({ id: newsletterSubscribers.id });
  return deleted.length;
}

const SEND_BATCH = 200;

/**
 * Queues an issue for every confirmed subscriber, each in their language with their own unsubscribe
 * link, a batch per transaction. Answers how many were queued.
 */
export async function sendNewsletter(deps: Pick<ShopDeps, 'db' | 'config'>, issue: NewsletterIssue): Promise<number> {
  let sent = 0;
  for (let after = 0; ;) {
    const batch = await deps.db
      .select()
      .from(newsletterSubscribers)
      .where(and(isNotNull(newsletterSubscribers.confirmedAt), gt(newsletterSubscribers.id, after)))
      .orderBy(asc(newsletterSubscribers.id))
      .limit(SEND_BATCH);
    await deps.db.transaction(async (tx) => {
      for (const subscriber of batch)
        await queueMail(
          tx,
          'newsletter-issue',
          newsletterIssueMail(
            subscriber,
            issue,
            newsletterLink(deps.config, 'unsubscribe', subscriber.unsubscribeToken),
          ),
        );
    });
    sent += batch.length;
    if (batch.length < SEND_BATCH) return sent;
    after = batch.at(-1)!.id;
  }
}
