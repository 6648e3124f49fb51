import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { newsletterSubscribers } from '@/server/db/schema';
import { aShop } from '../support/fixtures';
import { linkIn, sentMail } from '../support/mail';

/*
 * The newsletter sign-up as a weapon: mailing someone again and again with a name the attacker
 * chose, and asking which addresses subscribe (-224) to an adult shop. Both are limited per email and
 * per client, and the confirmation mail greets nobody by the typed name (docs/decisions/075).
 */

const shop = await aShop({ env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_IP: '5', RATE_LIMIT_PER_ACCOUNT: '10' } });
const subscribe = (email: string, address: string, subscribeName = 'Mei') =>
  shop.post('/mail/subscribers/addSubscribers', { subscribeName, email }, { headers: { 'X-Forwarded-For': address } });
const mailsTo = async (email: string) =>
  (await sentMail(shop)).filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
const ATTACKER_NAME = 'Your order of a vibrator shipped, visit evil.example';

it('mails one address a few confirmations at most, greeting nobody by the name typed, which the confirmation page shows', async () => {
  const victim = 'victim@example.com';
  const codes = [];
  for (let attempt = 0; attempt < 6; attempt += 1)
    codes.push((await subscribe(victim, `203.0.113.${attempt + 1}`, ATTACKER_NAME)).body.code);
  expect(codes).toEqual([1, 1, 1, -9999, -9999, -9999]);
  const mails = await mailsTo(victim);
  expect(mails).toHaveLength(3);
  for (const mail of mails) {
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).toMatch(/^Hello,/);
  }
  // The owner sees the name before confirming: the newsletter greets her by a name she confirmed.
  const link = linkIn(mails.at(-1)!, `${shop.config.publicOrigin}/api/v1/mail/subscribers/confirm?token=`)!;
  const page = await (await shop.app.request(link.slice(shop.config.publicOrigin.length))).text();
  expect(page).toContain('addressed to “Your order of a vibrator shipped, visit evil.example”');
});

it('answers "already subscribed" only within the same limits, so addresses cannot be tested at scale', async () => {
  const subscribed = 'subscribed@example.com';
  await shop.db.insert(newsletterSubscribers).values({
    email: subscribed,
    name: 'Ana',
    language: 'EN',
    unsubscribeToken: 'token-subscribed',
    confirmedAt: new Date(),
    createdAt: new Date(),
  });
  const forOne = [];
  for (let attempt = 0; attempt < 4; attempt += 1)
    forOne.push((await subscribe(subscribed, `198.51.100.${attempt + 1}`)).body.code);
  expect(forOne).toEqual([-224, -224, -224, -9999]);

  const fromOne = [];
  for (let attempt = 0; attempt < 6; attempt += 1)
    fromOne.push(
      (await subscribe(attempt === 5 ? 'SUBSCRIBED@example.com' : `probe${attempt}@example.com`, '192.0.2.9')).body
        .code,
    );
  expect(fromOne).toEqual([1, 1, 1, 1, 1, -9999]);
  expect(await shop.db.$count(newsletterSubscribers, sql`${newsletterSubscribers.email} like 'probe%'`)).toBe(5);
});
