import { expireCoupons } from '@/features/coupons/coupons.service';
import { closeExpiredOrders, completeSignedForOrders, releaseRebates } from '@/features/orders/order-lifecycle';
import { purgeUnconfirmedSubscribers } from '@/features/newsletter/newsletter.service';
import { settleHeldCaptures } from '@/features/payments/capture';
import { refundSurplusCaptures } from '@/features/payments/surplus-refunds';
import * as retention from '@/features/privacy/retention';
import { sendReviewRequests } from '@/features/reviews/review-request';
import type { ShopDeps } from '@/server/deps';
import { metrics } from '@/server/metrics';
import { purgeSettledMail } from '@/server/mail/outbox';
import { createPaymentProvider } from '@/server/payments/registry';
import '@/app/order-reactions';

/*
 * Background work, every minute. Of the processes `npm start` runs on one machine (WORKERS) only one
 * runs the jobs (docs/decisions/047); shops on several machines each run them, and each job is safe
 * when several processes run it at once (they claim rows with FOR UPDATE SKIP LOCKED and move them with
 * conditional updates), so there is no leader to elect. See docs/decisions/016-background-jobs.md.
 */

export type JobDeps = ShopDeps;

type Job = { name: string; run: (deps: JobDeps, now: Date) => Promise<number> };

export const jobs: Job[] = [
  // Before closing unpaid orders, the provider is asked about captures it held or whose answer was lost.
  {
    name: 'settle held captures',
    run: (deps, now) => settleHeldCaptures({ ...deps, payments: createPaymentProvider(deps) }, now),
  },
  // Money captured twice (the order was paid otherwise) whose refund failed is asked back until the provider refunds it.
  {
    name: 'refund surplus captures',
    run: (deps, now) => refundSurplusCaptures({ ...deps, payments: createPaymentProvider(deps) }, now),
  },
  { name: 'close expired orders', run: ({ db }, now) => closeExpiredOrders(db, now) },
  {
    name: 'complete signed-for orders',
    run: ({ db, config }, now) =>
      completeSignedForOrders(
        db,
        now,
        config.orders.autoCompleteDays,
        config.referenceRates,
        config.orders.rebateHoldDays,
      ),
  },
  // Referral rebates pending through the return window become available.
  {
    name: 'release rebates',
    run: ({ db, config }, now) => releaseRebates(db, now, config.orders.rebateHoldDays, config.referenceRates),
  },
  { name: 'expire gift coupons', run: ({ db }, now) => expireCoupons(db, now) },
  { name: 'send review requests', run: (deps, now) => sendReviewRequests(deps, now) },
  // Retention (README, Privacy): what served its purpose is deleted.
  { name: 'purge expired captchas', run: ({ db }, now) => retention.purgeExpiredCaptchas(db, now) },
  { name: 'purge expired sessions', run: ({ db }, now) => retention.purgeExpiredSessions(db, now) },
  { name: 'purge expired password resets', run: ({ db }, now) => retention.purgeExpiredPasswordResets(db, now) },
  {
    name: 'purge ended rate-limit windows',
    run: ({ db, config }, now) => retention.purgeEndedRateLimitWindows(db, config.limits, now),
  },
  { name: 'purge old mail files', run: ({ config }, now) => retention.purgeOldMailFiles(config, now) },
  {
    name: 'purge settled outbox mail',
    run: ({ db, config }, now) => purgeSettledMail(db, config.privacy.mailRetentionDays, now),
  },
  {
    name: 'purge unconfirmed newsletter subscriptions',
    run: ({ db, config }, now) => purgeUnconfirmedSubscribers(db, config.privacy, now),
  },
  {
    name: 'strip closed unpaid orders',
    run: ({ db, config }, now) => retention.stripClosedUnpaidOrders(db, config.privacy, now),
  },
];

const EVERY_MS = 60_000;

/** Runs every job now and then every minute, never two rounds at once; `stop` waits for a round under way. */
export function startJobs(deps: JobDeps, everyMs = EVERY_MS) {
  let round: Promise<void> = Promise.resolve();
  let running = false;

  const runRound = async () => {
    for (const job of jobs) {
      try {
        const moved = await job.run(deps, new Date());
        metrics.jobLastSuccess.set({ job: job.name }, Date.now() / 1000);
        if (moved > 0) deps.logger.info({ job: job.name, moved }, 'job done');
      } catch (error) {
        deps.logger.error({ err: error, job: job.name }, 'job failed; it runs again next round');
      }
    }
  };
  const tick = () => {
    if (running) return;
    running = true;
    round = runRound().finally(() => {
      running = false;
    });
  };

  deps.logger.debug({ everyMs }, 'background jobs run in this process');
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
