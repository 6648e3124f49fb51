import { and, asc, eq } from 'drizzle-orm';
import { recordAudit, type Actor } from '@/features/audit/audit';
import * as ErrorCode from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import { ageCheckRegions, ageChecks } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { ageCheckProviders, type AgeCheckProviderName } from '@/server/age-assurance/provider';
import { ageCheckProvider } from '@/server/age-assurance/registry';
import { regionRank, type RuledDestination } from './sales-rules';
import { checkRegion, type SalesRuleBook } from './sales-rules.service';

/*
 * Age assurance by region: the 18+ confirmation is every visitor's (decision 030); a region set here
 * also asks for a provider's check before an order to it is placed. Only the outcome is stored. See
 * docs/decisions/077-sales-rules.md.
 */

export type AgeCheckRegion = { region: string; provider: string };

export async function listAgeCheckRegions(db: Executor): Promise<AgeCheckRegion[]> {
  return db
    .select({ region: ageCheckRegions.region, provider: ageCheckRegions.provider })
    .from(ageCheckRegions)
    .orderBy(asc(ageCheckRegions.region));
}

/** Sets the provider a region's orders need a check by, or with `provider` null, asks none there again. -218 naming `region` or `provider`. */
export async function saveAgeCheckRegion(
  db: Executor,
  actor: Actor,
  input: { region: string; provider: string | null },
): Promise<AgeCheckRegion | null> {
  checkRegion(input.region);
  if (input.provider !== null && !(ageCheckProviders as readonly string[]).includes(input.provider)) {
    throw new ShopError(ErrorCode.IllegalRequest, {
      field: 'provider',
      data: { field: 'provider', reason: 'unknown-provider' },
    });
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(ageCheckRegions)
      .where(eq(ageCheckRegions.region, input.region))
      .for('update');
    if (input.provider === null) {
      if (!before)
        throw new ShopError(ErrorCode.IllegalRequest, {
          field: 'region',
          status: 404,
          data: { field: 'region', reason: 'no-age-check' },
        });
      await tx.delete(ageCheckRegions).where(eq(ageCheckRegions.id, before.id));
      await recordAudit(tx, actor, {
        action: 'age-check.region.delete',
        subject: `age check ${input.region}`,
        before: { region: before.region, provider: before.provider },
      });
      return null;
    }
    const saved = { region: input.region, provider: input.provider };
    await tx
      .insert(ageCheckRegions)
      .values(saved)
      .onConflictDoUpdate({ target: ageCheckRegions.region, set: { provider: saved.provider } });
    await recordAudit(tx, actor, {
      action: before ? 'age-check.region.update' : 'age-check.region.create',
      subject: `age check ${input.region}`,
      before: before ? { region: before.region, provider: before.provider } : undefined,
      after: saved,
    });
    return saved;
  });
}

/** The provider whose check an order to `where` needs (the most precise region's), or null. */
export function ageCheckNeeded(book: SalesRuleBook, where: RuledDestination): AgeCheckProviderName | null {
  let best: AgeCheckRegion | null = null;
  for (const region of book.ageRegions)
    if (regionRank(region.region, where) > (best ? regionRank(best.region, where) : 0)) best = region;
  return (best?.provider as AgeCheckProviderName | undefined) ?? null;
}

/** Whether the customer passed a check by `provider`. */
async function hasPassed(db: Executor, userId: number, provider: string): Promise<boolean> {
  const [passed] = await db
    .select({ id: ageChecks.id })
    .from(ageChecks)
    .where(and(eq(ageChecks.userId, userId), eq(ageChecks.provider, provider), eq(ageChecks.status, 'passed')))
    .limit(1);
  return passed !== undefined;
}

/** The provider whose check is still missing for an order to `where` by this customer (a guest has none), or null. */
export async function missingAgeCheck(
  db: Executor,
  book: SalesRuleBook,
  where: RuledDestination,
  userId: number | undefined,
): Promise<AgeCheckProviderName | null> {
  const provider = ageCheckNeeded(book, where);
  if (!provider) return null;
  return userId !== undefined && (await hasPassed(db, userId, provider)) ? null : provider;
}

/** -261 when an order to `where` needs an age check this customer has not passed; nothing is written. */
export async function checkAgeAssurance(
  db: Executor,
  book: SalesRuleBook,
  where: RuledDestination,
  userId: number | undefined,
): Promise<void> {
  const provider = await missingAgeCheck(db, book, where, userId);
  if (provider)
    throw new ShopError(ErrorCode.AgeCheckRequired, {
      data: { provider, country: where.country, state: where.state, signedIn: userId !== undefined },
    });
}

type AgeDeps = { db: Executor; config: { publicOrigin: string } };

/** Starts a check by the provider `where` needs; -218 naming `country` when it needs none. */
export async function startAgeCheck(
  deps: AgeDeps,
  book: SalesRuleBook,
  userId: number,
  request: RuledDestination & { returnPath: string },
  language: Language,
) {
  const provider = ageCheckNeeded(book, request);
  if (!provider)
    throw new ShopError(ErrorCode.IllegalRequest, {
      field: 'country',
      data: { field: 'country', reason: 'no-age-check' },
    });
  const started = await ageCheckProvider(provider, deps.config.publicOrigin).start({
    returnUrl: `${deps.config.publicOrigin}${request.returnPath}`,
    language,
  });
  await deps.db.insert(ageChecks).values({ userId, provider, checkId: started.checkId });
  return { url: started.url };
}

/** Asks the provider how the customer's check went and keeps the outcome (never a document); -214 for a check that is not the caller's. */
export async function settleAgeCheck(deps: AgeDeps, userId: number, checkId: string, now = new Date()) {
  const [check] = await deps.db
    .select()
    .from(ageChecks)
    .where(and(eq(ageChecks.userId, userId), eq(ageChecks.checkId, checkId)));
  if (!check) throw new ShopError(ErrorCode.PaymentNotFound);
  if (check.status !== 'pending') return { status: check.status };
  const outcome = await ageCheckProvider(check.provider as AgeCheckProviderName, deps.config.publicOrigin).outcome(
    checkId,
  );
  if (outcome !== 'pending')
    await deps.db.update(ageChecks).set({ status: outcome, decidedAt: now }).where(eq(ageChecks.id, check.id));
  return { status: outcome };
}
