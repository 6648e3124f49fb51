import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '@/server/db/schema';
import { jobs } from '@/app/jobs/scheduler';
import { eraseCustomerCommand } from '@/features/privacy/privacy.commands';
import { aShop } from '../../../tests/support/fixtures';
import { linkIn, sentMail } from '../../../tests/support/mail';
import { sendNewsletterCommand } from './newsletter.commands';

/*
 * The newsletter with double opt-in: a confirmation mail first, the newsletter only to confirmed
 * addresses, each with an unsubscribe link and RFC 8058 one-click headers; unsubscribing deletes.
 */

const shop = await aShop({ env: { NEWSLETTER_CONFIRM_DAYS: '7', NEWSLETTER_SIGN_UPS_PER_EMAIL: '10' } });
const DAY = 24 * 60 * 60 * 1000;

const subscribe = (body: unknown, language?: string) =>
  shop.post('/mail/subscribers/addSubscribers', body, { language });
const mailsTo = async (email: string) =>
  (await sentMail(shop)).filter(
    (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text.toLowerCase() === email.toLowerCase(),
  );
const rowOf = async (email: string) =>
  (
    await shop.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`)
  )[0];
const linkPrefix = (action: string) => `${shop.config.publicOrigin}/api/v1/mail/subscribers/${action}?token=`;
const pathOf = (link: string) => link.slice(shop.config.publicOrigin.length);
const form = (body: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length) },
  body,
});

/** Subscribes and opens the confirmation link as a person would: the page, then its button. */
async function subscribeAndConfirm(email: string, language = 'EN') {
  expect((await subscribe({ subscribeName: 'Mei', email }, language)).body.code).toBe(1);
  const link = linkIn((await mailsTo(email)).at(-1)!, linkPrefix('confirm'))!;
  const asked = await shop.app.request(pathOf(link));
  expect(await asked.text()).toContain('<form method="post"');
  const confirmed = await shop.app.request(pathOf(link), form(''));
  expect(confirmed.status).toBe(200);
  return confirmed.text();
}

async function sendIssue() {
  const file = path.join(shop.config.mail.outboxDir, '..', `issue-${Date.now()}.json`);
  const inAll = (text: string) => ({ EN: `${text} (EN)`, ZH: `${text} (ZH)`, MS: `${text} (MS)` });
  await writeFile(file, JSON.stringify({ subject: inAll('New arrivals'), text: inAll('Silk for the season.') }));
  return sendNewsletterCommand.execute([file], shop.operator);
}

describe('newsletter', () => {
  it('subscribes nobody until the mailed link is opened and its button pressed; then -224 for the address in any letter case', async () => {
    expect((await subscribe({ subscribeName: 'Mei', email: 'mei@example.com' })).body.code).toBe(1);
    const [confirmation] = await mailsTo('mei@example.com');
    expect(confirmation!.subject).toBe('Confirm your newsletter subscription');
    expect((await rowOf('mei@example.com'))!.confirmedAt).toBeNull();
    expect(await sendIssue()).toBe('Newsletter sent to 0 confirmed subscriber(s).');

    // Opening the link only asks (a mail scanner following links confirms nothing).
    const link = linkIn(confirmation!, linkPrefix('confirm'))!;
    await shop.app.request(pathOf(link));
    expect((await rowOf('mei@example.com'))!.confirmedAt).toBeNull();
    // Asking again before confirming sends a new link; the address is not yet "already subscribed".
    expect((await subscribe({ subscribeName: 'Mei', email: 'MEI@example.com' })).body.code).toBe(1);
    expect(await mailsTo('mei@example.com')).toHaveLength(2);
    expect((await shop.app.request(pathOf(link), form(''))).status).toBe(404);

    expect(await subscribeAndConfirm('mei@example.com')).toContain('mei@example.com is subscribed');
    const again = await subscribe({ subscribeName: 'Mei', email: 'MEI@Example.com' }, 'MS');
    expect(again.body.code).toBe(-224);
    expect(again.body.message).toBe('Anda sudah melanggan');
    expect(
      await shop.db
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = 'mei@example.com'`),
    ).toHaveLength(1);
  });

  it('mails each issue with an unsubscribe link and the RFC 8058 one-click headers; one POST unsubscribes and deletes the address', async () => {
    await subscribeAndConfirm('aisyah@example.com', 'MS');
    expect(await sendIssue()).toMatch(/^Newsletter sent to \d+ confirmed subscriber\(s\)\.$/);
    const issue = (await mailsTo('aisyah@example.com')).at(-1)!;
    expect(issue.subject).toBe('New arrivals (MS)');
    const unsubscribeLink = linkIn(issue, linkPrefix('unsubscribe'))!;
    const header = (name: string) =>
      issue.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribeLink}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(issue.text).toContain('Berhenti melanggan dengan satu klik');

    // What a mail program sends for RFC 8058.
    const unsubscribed = await shop.app.request(pathOf(unsubscribeLink), form('List-Unsubscribe=One-Click'));
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.text()).toContain('Anda telah berhenti melanggan');
    expect(await rowOf('aisyah@example.com')).toBeUndefined();
    expect((await shop.app.request(pathOf(unsubscribeLink))).status).toBe(404);
  });

  it('forgets addresses never confirmed after NEWSLETTER_CONFIRM_DAYS', async () => {
    expect((await subscribe({ subscribeName: 'Jo', email: 'late@example.com' })).body.code).toBe(1);
    const link = linkIn((await mailsTo('late@example.com'))[0]!, linkPrefix('confirm'))!;
    const sweep = jobs.find((job) => job.name === 'purge unconfirmed newsletter subscriptions')!;
    expect(await sweep.run(shop.operator, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect(await sweep.run(shop.operator, new Date(Date.now() + 8 * DAY))).toBe(1);
    expect(await rowOf('late@example.com')).toBeUndefined();
    expect((await shop.app.request(pathOf(link), form(''))).status).toBe(404);
  });

  it('erases a subscriber without an account on request (erase-customer)', async () => {
    await subscribeAndConfirm('only-news@example.com');
    expect(await eraseCustomerCommand.execute(['Only-News@example.com'], shop.operator)).toBe(
      'Only-News@example.com has no account; its newsletter subscription is deleted.',
    );
    expect(await rowOf('only-news@example.com')).toBeUndefined();
  });

  it('refuses a malformed email with -201 and bad fields with -218, changing nothing', async () => {
    const before = (await shop.db.select().from(newsletterSubscribers)).length;
    expect((await subscribe({ subscribeName: 'Jo', email: 'not-an-email' })).body.code).toBe(-201);
    const missingName = await subscribe({ subscribeName: '  ', email: 'jo@example.com' });
    expect(missingName.body.code).toBe(-218);
    expect(missingName.body.message).toContain('subscribeName');
    expect((await subscribe({ subscribeName: 'x'.repeat(101), email: 'jo@example.com' })).body.code).toBe(-218);
    expect((await subscribe({ subscribeName: 'Jo', email: `${'a'.repeat(45)}@example.com` })).body.code).toBe(-218);
    expect(await shop.db.select().from(newsletterSubscribers)).toHaveLength(before);
  });

  it('keeps one subscription when the same address is sent twice at once', async () => {
    const results = await Promise.all([
      subscribe({ subscribeName: 'A', email: 'race@example.com' }),
      subscribe({ subscribeName: 'B', email: 'Race@example.com' }),
    ]);
    expect(results.map((result) => result.body.code)).toEqual([1, 1]);
    expect(
      await shop.db
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = 'race@example.com'`),
    ).toHaveLength(1);
  });

  it("takes the footer form posted without scripts from the shop's own page, in the page's language, and answers with a page", async () => {
    const footerForm = (fields: Record<string, string>, origin = shop.config.publicOrigin) => {
      const body = new URLSearchParams(fields).toString();
      return shop.app.request('/api/v1/mail/subscribers/subscribe', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': String(body.length),
          Origin: origin,
          Referer: `${origin}/productsList?page=2`,
        },
        body,
      });
    };
    const sent = await footerForm({ language: 'ZH', subscribeName: 'Mei', email: 'form@example.com' });
    expect(sent.status).toBe(200);
    const page = await sent.text();
    expect(page).toContain('就差一步');
    expect(page).toContain(`href="${shop.config.publicOrigin}/productsList?page=2"`);
    expect((await mailsTo('form@example.com')).at(-1)!.subject).toBe('请确认订阅我们的新闻邮件');
    expect((await rowOf('form@example.com'))!.confirmedAt).toBeNull();

    const missing = await footerForm({ language: 'MS', subscribeName: ' ', email: 'other@example.com' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Sila masukkan nama dan e-mel anda.');
    expect(await rowOf('other@example.com')).toBeUndefined();

    // Another site's page cannot subscribe anyone through it.
    const forged = await footerForm(
      { language: 'EN', subscribeName: 'Eve', email: 'forged@example.com' },
      'https://elsewhere.example',
    );
    expect(forged.status).toBe(403);
    expect(await rowOf('forged@example.com')).toBeUndefined();

    const link = linkIn((await mailsTo('form@example.com')).at(-1)!, linkPrefix('confirm'))!;
    await shop.app.request(pathOf(link), form(''));
    const again = await footerForm({ language: 'EN', subscribeName: 'Mei', email: 'form@example.com' });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('You are already subscribed');
  });
});
