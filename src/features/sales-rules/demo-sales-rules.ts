import type { Executor } from '@/server/db/client';
import { salesRules } from '@/server/db/schema';
import type { SalesRuleInput } from './sales-rules.schema';

/*
 * The demo shop's sales rules: AN EXAMPLE SET, NOT LEGAL ADVICE. An owner checks the law of every
 * destination they sell to and their payment processors' terms, and sets their own rules (README).
 */

const example = (note: string) => `Example rule of the demo shop, not legal advice: ${note}`;
const paypalTerms = example("PayPal's Acceptable Use Policy allows sexually oriented goods in U.S.-only transactions");

/** Toys are not sold to Malaysia; PayPal and its card fields carry toys and private care only to the United States. */
export const demoSalesRules: SalesRuleInput[] = [
  {
    payMethod: null,
    category: 'toys',
    region: 'MY',
    allowed: false,
    note: example('Malaysia prohibits the sale of sex toys'),
  },
  ...(['paypal', 'card'] as const).flatMap((payMethod) =>
    (['toys', 'private-care'] as const).flatMap((category) => [
      { payMethod, category, region: '*', allowed: false, note: paypalTerms },
      { payMethod, category, region: 'US', allowed: true, note: paypalTerms },
    ]),
  ),
];

/** Seeds the example rules, with the demo catalogue into an empty shop. */
export async function seedDemoSalesRules(db: Executor): Promise<void> {
  await db.insert(salesRules).values(
    demoSalesRules.map((rule) => ({
      payMethod: rule.payMethod ?? '',
      category: rule.category ?? '',
      region: rule.region,
      allowed: rule.allowed,
      note: rule.note,
    })),
  );
}
