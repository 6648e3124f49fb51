import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit, type Actor } from '@/features/audit/audit';
import { findCountry, findState } from '@/features/delivery/delivery-areas';
import type { RulesReader } from '@/features/shipping/shipping.service';
import * as ErrorCode from '@/lib/error-codes';
import { payMethods } from '@/lib/pay-methods';
import { rowsOf, type Executor } from '@/server/db/client';
import { ageCheckRegions, products, salesRules } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { describeRule, refusingRule, type RuledDestination, type SalesRule } from './sales-rules';
import type { SalesRuleInput } from './sales-rules.schema';

/*
 * Sales rules: one rule per action, called by the back office and the operator CLI alike, and the
 * checks checkout, the quote and payment share. See docs/decisions/077-sales-rules.md.
 */

type RuleRow = typeof salesRules.$inferSelect;

const ruleView = (row: RuleRow): SalesRule => ({
  salesRuleId: row.id,
  payMethod: row.payMethod || null,
  category: row.category || null,
  goodsId: row.goodsId,
  region: row.region,
  allowed: row.allowed,
  note: row.note,
});

/** Every rule, sale rules first, then by method, subject and region. */
export async function listSalesRules(db: Executor): Promise<SalesRule[]> {
  const rows = await db
    .select()
    .from(salesRules)
    .orderBy(asc(salesRules.payMethod), asc(salesRules.category), asc(salesRules.goodsId), asc(salesRules.region));
  return rows.map(ruleView);
}

/** -218 naming `field`, with a reason the page and the tests can read. */
const refuse = (field: string, reason: string, status?: 404) =>
  new ShopError(ErrorCode.IllegalRequest, { field, data: { field, reason }, ...(status ? { status } : {}) });

/** `MY` or `US-CA` must be a destination the shop knows; `*` is every destination. */
export function checkRegion(region: string) {
  if (region === '*') return;
  const [countryCode = '', state] = region.split('-');
  const country = findCountry(countryCode);
  if (!country) throw refuse('region', 'unknown-country');
  if (state !== undefined && !findState(country, state)) throw refuse('region', 'unknown-state');
}

/**
 * Sets the rule for one subject (a category or a product) at one region, for sale or for one payment
 * method: a rule already there for the same is changed. -218 naming `region` for a destination the
 * shop does not know, `payMethod` for a method that does not exist, `goodsId` (404) for a product
 * that does not.
 */
export async function saveSalesRule(db: Executor, actor: Actor, input: SalesRuleInput): Promise<SalesRule> {
  checkRegion(input.region);
  if (input.payMethod !== null && !(payMethods as readonly string[]).includes(input.payMethod))
    throw refuse('payMethod', 'unknown-pay-method');
  return db.transaction(async (tx) => {
    if (input.goodsId !== undefined) {
      const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.goodsId));
      if (!product) throw refuse('goodsId', 'unknown-product', 404);
    }
    const subject = {
      payMethod: input.payMethod ?? '',
      category: input.category ?? '',
      goodsId: input.goodsId ?? null,
      region: input.region,
    };
    const same = and(
      eq(salesRules.payMethod, subject.payMethod),
      eq(salesRules.category, subject.category),
      subject.goodsId === null ? isNull(salesRules.goodsId) : eq(salesRules.goodsId, subject.goodsId),
      eq(salesRules.region, subject.region),
    );
    const [before] = await tx.select().from(salesRules).where(same).for('update');
    const [row] = before
      ? await tx
          .update(salesRules)
          .set({ allowed: input.allowed, note: input.note })
          .where(eq(salesRules.id, before.id))
          .returning()
      : await tx
          .insert(salesRules)
          .values({ ...subject, allowed: input.allowed, note: input.note })
          .returning();
    const saved = ruleView(row!);
    await recordAudit(tx, actor, {
      action: before ? 'sales-rule.update' : 'sales-rule.create',
      subject: `sales rule ${saved.salesRuleId}`,
      before: before ? { ...ruleView(before), rule: describeRule(ruleView(before)) } : undefined,
      after: { ...saved, rule: describeRule(saved) },
    });
    return saved;
  });
}

export async function deleteSalesRule(db: Executor, actor: Actor, salesRuleId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(salesRules).where(eq(salesRules.id, salesRuleId)).returning();
    if (!deleted) throw refuse('salesRuleId', 'unknown-rule', 404);
    await recordAudit(tx, actor, {
      action: 'sales-rule.delete',
      subject: `sales rule ${deleted.id}`,
      before: { ...ruleView(deleted), rule: describeRule(ruleView(deleted)) },
    });
  });
}

/** Every rule, the category of every product and the regions that ask for an age check, as checks need them. */
export type SalesRuleBook = {
  rules: SalesRule[];
  categories: Record<string, string>;
  ageRegions: { region: string; provider: string }[];
};

/**
 * The rules, every product's category and the age-check regions, read in one statement and kept like
 * the delivery rules (a change to any of them or to a product notifies): every quote, order, payment
 * and stock answer asks.
 */
export function readSalesRuleBook({ db, cache }: RulesReader): Promise<SalesRuleBook> {
  return cache ? (cache.remember('sales-rules', () => readBook(db)) as Promise<SalesRuleBook>) : readBook(db);
}

async function readBook(db: Executor): Promise<SalesRuleBook> {
  const [book] = rowsOf<SalesRuleBook>(
    await db.execute(sql`select
      coalesce((select json_agg(json_build_object('salesRuleId', r.id, 'payMethod', nullif(r.pay_method, ''), 'category', nullif(r.category, ''),
        'goodsId', r.goods_id, 'region', r.region, 'allowed', r.allowed, 'note', r.note)) from ${salesRules} r), '[]') as rules,
      case when exists (select 1 from ${salesRules}) then coalesce((select json_object_agg(g.id, g.category) from ${products} g), '{}') else '{}' end as categories,
      coalesce((select json_agg(json_build_object('region', a.region, 'provider', a.provider)) from ${ageCheckRegions} a), '[]') as "ageRegions"`),
  );
  return book!;
}

/** A line as the checks name it to the shopper. */
export type RuledLine = { goodsId: number; goodsSpecificationId?: number | undefined; goodsName?: string | undefined };

/** The lines `book` refuses at `where` (for sale at all, or for `payMethod`), each with the rule that refuses it. */
export function refusedLines<T extends RuledLine>(
  book: SalesRuleBook,
  lines: readonly T[],
  where: RuledDestination,
  payMethod: string | null,
) {
  if (book.rules.length === 0) return [];
  return lines.flatMap((line) => {
    const rule = refusingRule(
      book.rules,
      payMethod,
      { goodsId: line.goodsId, category: book.categories[line.goodsId] ?? '' },
      where,
    );
    return rule ? [{ line, rule }] : [];
  });
}

/** The payment methods among `methods` that the rules refuse for these lines at `where`. */
export function refusedPayMethods(
  book: SalesRuleBook,
  methods: readonly string[],
  lines: readonly RuledLine[],
  where: RuledDestination,
): string[] {
  return methods.filter((method) => refusedLines(book, lines, where, method).length > 0);
}

/**
 * -260 unless every line may be sold at `where` and, when `payMethod` is given, that method may carry
 * every line there. `data` names the lines refused and the rule, so the page can show which and why.
 */
export function checkSalesRules(
  book: SalesRuleBook,
  lines: readonly RuledLine[],
  where: RuledDestination,
  payMethod?: string,
): void {
  const notSold = refusedLines(book, lines, where, null);
  const refused = notSold.length > 0 ? notSold : payMethod ? refusedLines(book, lines, where, payMethod) : [];
  if (refused.length === 0) return;
  const reason = notSold.length > 0 ? 'not-sold' : 'pay-method-refused';
  throw new ShopError(ErrorCode.NotAvailableThere, {
    message: reason === 'not-sold' ? 'sales.notSold' : 'sales.payMethodRefused',
    data: {
      reason,
      country: where.country,
      state: where.state,
      ...(reason === 'pay-method-refused' ? { payMethod } : {}),
      lines: refused.map(({ line, rule }) => ({
        goodsId: line.goodsId,
        goodsSpecificationId: line.goodsSpecificationId ?? null,
        goodsName: line.goodsName ?? null,
        salesRuleId: rule.salesRuleId,
      })),
    },
  });
}

/**
 * The products among `goodsIds` that may not be sold at `where`, for the live availability the pages
 * ask for once they know the shopper's destination. -218 naming `country` or `state` for one the
 * shop does not know.
 */
export async function productsNotSoldAt(
  reader: RulesReader,
  goodsIds: number[],
  where: RuledDestination,
): Promise<Set<number>> {
  const country = findCountry(where.country);
  if (!country) throw refuse('country', 'unknown-country');
  if (where.state && !findState(country, where.state)) throw refuse('state', 'unknown-state');
  const book = await readSalesRuleBook(reader);
  return new Set(
    refusedLines(
      book,
      goodsIds.map((goodsId) => ({ goodsId })),
      where,
      null,
    ).map(({ line }) => line.goodsId),
  );
}

/** An order as the operators' check reads it. */
export type RuledOrder = {
  kind: string;
  status: number;
  payMethod: string;
  deliveryAddress: RuledDestination | null;
  lines: RuledLine[];
};

/** Paid or awaiting payment: not shipped yet, so a rule can still hold it. */
const notShippedYet = [0, 1, 2];
const awaitingPayment = [0, 2];

/**
 * The rule that holds `order` as the rules are now, for the orders board and the order details: one
 * that refuses a line at its address (an order paid or awaiting payment), else, while it awaits
 * payment, one that refuses its payment method for a line there. Null when none does.
 */
export function holdingRule(book: SalesRuleBook, order: RuledOrder): SalesRule | null {
  if (
    book.rules.length === 0 ||
    order.kind !== 'goods' ||
    !order.deliveryAddress ||
    !notShippedYet.includes(order.status)
  )
    return null;
  const [notSold] = refusedLines(book, order.lines, order.deliveryAddress, null);
  if (notSold) return notSold.rule;
  if (!awaitingPayment.includes(order.status)) return null;
  return refusedLines(book, order.lines, order.deliveryAddress, order.payMethod)[0]?.rule ?? null;
}
