import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobs } from '@/server/jobs/scheduler';
import { captchas, passwordResets, rateLimitCounters, sessions } from '@/server/db/schema';
import { signUp } from '../../../tests/support/customers';
import { aShop } from '../../../tests/support/fixtures';

/*
 * The retention sweep as the background jobs run it: what has served its purpose is deleted, what is
 * still in use stays. One round of every job at a chosen "now".
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const shop = await aShop({ env: { MAIL_RETENTION_DAYS: '30', RATE_LIMIT_WINDOW_SECONDS: '900' } });

async function runEveryJob(now: Date) {
  const deps = shop.operator;
  for (const job of jobs) await job.run(deps, now);
}

describe('the retention sweep', () => {
  it('deletes expired captchas, sessions and reset links, ended rate-limit windows and old mail files, and keeps the rest', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const customer = await signUp(shop);
    const userId = Number(customer.user.userId);
    await shop.db.insert(captchas).values([
      { id: 'expired-captcha', answer: 3, expiresAt: new Date(now.getTime() - 1000) },
      { id: 'live-captcha', answer: 4, expiresAt: new Date(now.getTime() + 5 * 60_000) },
    ]);
    await shop.db.delete(sessions);
    await shop.db.insert(sessions).values([
      { tokenHash: 'expired-session', userId, expiresAt: new Date(now.getTime() - DAY) },
      { tokenHash: 'live-session', userId, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await shop.db.insert(passwordResets).values([
      { tokenHash: 'expired-reset', userId, expiresAt: new Date(now.getTime() - 1000), usedAt: new Date(now.getTime() - 2000) },
      { tokenHash: 'live-reset', userId, expiresAt: new Date(now.getTime() + 10 * 60_000) },
    ]);
    await shop.db.delete(rateLimitCounters);
    await shop.db.insert(rateLimitCounters).values([
      { key: 'sign-in:ip:203.0.113.7', windowStart: new Date(now.getTime() - 2 * HOUR), hits: 3 },
      { key: 'sign-in:ip:203.0.113.8', windowStart: new Date(now.getTime() - 5 * 60_000), hits: 1 },
    ]);
    const outbox = shop.config.mail.outboxDir;
    await mkdir(outbox, { recursive: true });
    for (const [name, age] of [['old.eml', 31 * DAY], ['recent.eml', 29 * DAY], ['notes.txt', 90 * DAY]] as const) {
      const file = path.join(outbox, name);
      await writeFile(file, 'Subject: test\n\nbody\n');
      const time = new Date(now.getTime() - age);
      await utimes(file, time, time);
    }

    await runEveryJob(now);

    expect((await shop.db.select({ id: captchas.id }).from(captchas)).map((row) => row.id)).toEqual(['live-captcha']);
    expect((await shop.db.select({ token: sessions.tokenHash }).from(sessions)).map((row) => row.token)).toEqual(['live-session']);
    expect((await shop.db.select({ token: passwordResets.tokenHash }).from(passwordResets)).map((row) => row.token)).toEqual(['live-reset']);
    expect((await shop.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key)).toEqual(['sign-in:ip:203.0.113.8']);
    expect((await readdir(outbox)).filter((name) => name.startsWith('old') || name.startsWith('recent') || name.startsWith('notes')).sort()).toEqual(['notes.txt', 'recent.eml']);
  });

  it('is safe to run again: a second round deletes nothing more', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const deps = shop.operator;
    const purges = jobs.filter((job) => job.name.startsWith('purge'));
    expect(purges.map((job) => job.name)).toEqual([
      'purge expired captchas',
      'purge expired sessions',
      'purge expired password resets',
      'purge ended rate-limit windows',
      'purge old mail files',
    ]);
    for (const job of purges) expect(await job.run(deps, now), job.name).toBe(0);
  });
});
