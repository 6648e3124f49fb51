import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { uiEn } from '@/lib/i18n/ui-en';
import { disputes, payments } from '@/server/db/schema';
import { dateTime } from './ui';

/* What the order panel shows of the money after the sale is in the operator's words, not the codes stored. */

const disputesDefinition = JSON.parse(
  readFileSync(new URL('../../../tests/support/paypal-openapi/customer_disputes_v1.json', import.meta.url), 'utf8'),
) as {
  components: { schemas: { dispute_reason: { enum: string[] } } };
};

describe("the back office's words for money after the sale", () => {
  it('names every payment status, dispute status and reason PayPal gives for a dispute', () => {
    const keys = [
      ...payments.status.enumValues.map((status) => `admin.orders.paymentStatus.${status}`),
      ...disputes.status.enumValues.map((status) => `admin.orders.disputeStatus.${status}`),
      ...disputesDefinition.components.schemas.dispute_reason.enum.map(
        (reason) => `admin.orders.disputeReason.${reason}`,
      ),
    ];
    // The other languages have every English key (i18n.test.ts).
    expect(keys.filter((key) => !(key in uiEn))).toEqual([]);
  });

  it("writes times in the operator's language", () => {
    const when = '2026-11-28T09:30:00Z';
    expect(dateTime(when, 'zh-CN')).toMatch(/2026年11月28日/);
    expect(dateTime(when, 'ms')).toMatch(/28 Nov 2026/);
    expect(dateTime(when, 'en')).toMatch(/Nov 28, 2026/);
    expect(dateTime(null, 'en')).toBe('—');
  });
});
