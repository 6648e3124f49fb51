import type { Executor } from '@/server/db/client';
import { addGauge, metrics } from '@/server/metrics';
import { countMail, type OutcomeHook } from './outbox';

/**
 * The outbox in the metrics (docs/decisions/072, 073): each attempt's outcome counted (sent, retry, failed
 * for good), and the mails waiting and given up read when scraped. Answers the hook the sender reports to.
 */
export function countMailInMetrics(db: Executor): OutcomeHook {
  addGauge({
    name: 'shop_mails_waiting',
    help: 'Mails in the outbox waiting to be sent',
    read: async () => (await countMail(db)).waiting,
  });
  addGauge({
    name: 'shop_mails_failed',
    help: 'Mails the mail server refused for good, until sent again or purged',
    read: async () => (await countMail(db)).failed,
  });
  return (outcome) => metrics.mails.inc({ outcome });
}
