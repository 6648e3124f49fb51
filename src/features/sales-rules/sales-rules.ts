/*
 * Pure rules of what may be sold where, and paid how, shared by the server (which judges) and the
 * operator's pages (which show the rules). See docs/decisions/077-sales-rules.md.
 */

/** One rule as the service keeps it: `payMethod` null for whether the goods may be sold at all. */
export type SalesRule = {
  salesRuleId: number;
  payMethod: string | null;
  category: string | null;
  goodsId: number | null;
  /** `*` (everywhere), `MY` (a country) or `US-CA` (a state of it). */
  region: string;
  allowed: boolean;
  note: string;
};

export type RuledProduct = { goodsId: number; category: string };
export type RuledDestination = { country: string; state: string };

/** How precisely `region` names the destination: 3 its state, 2 its country, 1 everywhere, 0 not it. */
export function regionRank(region: string, where: RuledDestination): number {
  if (region === '*') return 1;
  if (region === where.country) return 2;
  return where.state !== '' && region === `${where.country}-${where.state}` ? 3 : 0;
}

/**
 * The rule that decides for `goods` sent to `where` (paid with `payMethod`, or null for whether it may
 * be sold at all): a product's rule before its category's, and within each a state's before its
 * country's before `*`. Null: no rule, which allows.
 */
export function decidingRule(
  rules: readonly SalesRule[],
  payMethod: string | null,
  goods: RuledProduct,
  where: RuledDestination,
): SalesRule | null {
  let best: SalesRule | null = null;
  let bestRank = 0;
  for (const rule of rules) {
    if (rule.payMethod !== payMethod) continue;
    const subject =
      rule.goodsId === null ? (rule.category === goods.category ? 0 : -1) : rule.goodsId === goods.goodsId ? 10 : -1;
    const region = regionRank(rule.region, where);
    if (subject < 0 || region === 0) continue;
    if (subject + region > bestRank) {
      best = rule;
      bestRank = subject + region;
    }
  }
  return best;
}

/** The rule that refuses `goods` at `where` (for `payMethod`, or for sale at all), or null when it is allowed. */
export function refusingRule(
  rules: readonly SalesRule[],
  payMethod: string | null,
  goods: RuledProduct,
  where: RuledDestination,
): SalesRule | null {
  const rule = decidingRule(rules, payMethod, goods, where);
  return rule && !rule.allowed ? rule : null;
}

/** How the operators' pages and the audit log name a rule: `#4 paypal · category toys → * : refused (note)`. */
export function describeRule(
  rule: Pick<SalesRule, 'salesRuleId' | 'payMethod' | 'category' | 'goodsId' | 'region' | 'allowed' | 'note'>,
): string {
  const subject = rule.goodsId === null ? `category ${rule.category}` : `product ${rule.goodsId}`;
  const what = rule.payMethod ? `${rule.payMethod} · ${subject}` : subject;
  return `#${rule.salesRuleId} ${what} → ${rule.region}: ${rule.allowed ? 'allowed' : rule.payMethod ? 'not carried' : 'not sold'}${rule.note ? ` (${rule.note})` : ''}`;
}
