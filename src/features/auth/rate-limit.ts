import { getConnInfo } from '@hono/node-server/conninfo';
import { inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as ErrorCode from '@/lib/error-codes';
import type { ShopDeps } from '@/server/deps';
import type { Config } from '@/server/config';
import { rowsOf, type Executor } from '@/server/db/client';
import { rateLimitCounters } from '@/server/db/schema';
import type { AppEnv } from '@/server/http/context';
import { ShopError } from '@/server/http/errors';
import { hashToken } from './tokens';

/*
 * Brute-force limits on sign-in, registration, password reset and captchas, per client address and
 * per account. Counters live in the database so every API process counts together; each is a fixed
 * window bumped by one atomic upsert. See docs/decisions/007-rate-limits.md.
 */

export type LimitedAction =
  | 'sign-in'
  | 'register'
  | 'reset'
  | 'captcha'
  | 'email-check'
  | 'verify'
  | 'operator-sign-in'
  | 'review'
  | 'newsletter';

/** The address of a client the shop cannot tell (no socket, no trusted proxy header). */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * The client's address: the connection's peer, or — only when the shop is told it sits behind a
 * proxy — the first X-Forwarded-For hop, which a client could otherwise forge.
 */
export function clientAddress(c: Context, config: Pick<Config, 'trustProxy'>): string {
  if (config.trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_ADDRESS;
  } catch {
    return UNKNOWN_ADDRESS; // no socket, e.g. app.request() in tests
  }
}

/**
 * Counts one attempt at `action` from `address` (RATE_LIMIT_PER_IP) and, when given, for the account
 * with that email, against `perAccount` (by default RATE_LIMIT_PER_ACCOUNT). Over either limit it
 * answers -9999 (HTTP 429), never saying which.
 */
export async function countAttempt(
  db: Executor,
  limits: Config['limits'],
  attempt: { action: LimitedAction; address: string; account?: string; perAccount?: number },
): Promise<void> {
  const counters: Counter[] = [{ key: `${attempt.action}:ip:${attempt.address}`, limit: limits.rateLimitPerIp }];
  if (attempt.account !== undefined) {
    counters.push({
      key: `${attempt.action}:account:${accountKey(attempt.account)}`,
      limit: attempt.perAccount ?? limits.rateLimitPerAccount,
    });
  }
  await countInWindow(db, limits, counters);
}

/**
 * Counts one password guess for the account with `account`'s email from `address`, so that nobody can
 * lock its owner out (docs/decisions/075). Refused (-9999) over the address's limit, or over the
 * account's limit from this same address; the account's attempts from everywhere only slow every
 * further attempt down, by a delay that doubles with each one up to `SIGN_IN_DELAY_MAX_MS`. The
 * owner, from her own address, still signs in while someone elsewhere guesses.
 */
export async function countPasswordGuess(
  db: Executor,
  limits: Config['limits'],
  attempt: { action: Extract<LimitedAction, 'sign-in' | 'operator-sign-in'>; address: string; account: string },
): Promise<void> {
  const account = `${attempt.action}:account:${accountKey(attempt.account)}`;
  const hits = await countInWindow(db, limits, [
    { key: `${attempt.action}:ip:${attempt.address}`, limit: limits.rateLimitPerIp },
    { key: `${account}:ip:${attempt.address}`, limit: limits.rateLimitPerAccount },
    { key: account, limit: null },
  ]);
  const delay = passwordGuessDelayMs(hits.get(account) ?? 0, limits.rateLimitPerAccount);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}

/** The longest an attempt at an account that many addresses are guessing waits. */
export const SIGN_IN_DELAY_MAX_MS = 8_000;

/** How long the `attempts`-th attempt at one account in a window waits: nothing up to `limit`, then ½ s, 1 s, 2 s, … up to the maximum. */
export const passwordGuessDelayMs = (attempts: number, limit: number) =>
  attempts <= limit ? 0 : Math.min(SIGN_IN_DELAY_MAX_MS, 500 * 2 ** Math.min(attempts - limit - 1, 16));

/** What a counter counts and for whom (`sign-in:ip:203.0.113.7`), its limit (none: only counted), and how much this attempt adds (1). */
export type Counter = { key: string; limit: number | null; by?: number };

/** Hashed so the table holds no email addresses. */
const accountKey = (email: string) => hashToken(email.trim().toLowerCase());

/** A counter's count in the current window, as the bump answers it. */
export type Count = { key: string; hits: number };

/**
 * The statement that bumps the counters, in the window of RATE_LIMIT_WINDOW_SECONDS (every counter
 * has that window), answering each one's `key` and `hits`: alone (`countInWindow`) or as a CTE of
 * another statement. Keys and amounts may be placeholders, for a statement built once.
 */
export function bumpCountersSql(
  db: Executor,
  limits: Pick<Config['limits'], 'rateLimitWindowSeconds'>,
  counters: { key: string | Placeholder; by?: number | Placeholder }[],
): SQL {
  const seconds = limits.rateLimitWindowSeconds;
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${seconds}) * ${seconds})`;
  return db
    .insert(rateLimitCounters)
    .values(counters.map(({ key, by = 1 }) => ({ key, windowStart, hits: by })))
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`CASE WHEN ${rateLimitCounters.windowStart} = excluded.window_start THEN ${rateLimitCounters.hits} + excluded.hits ELSE excluded.hits END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ key: rateLimitCounters.key, hits: rateLimitCounters.hits })
    .getSQL();
}

/**
 * What the bumped counts mean: -9999 (HTTP 429) when a counter with a limit is over it. A counter that
 * started a new window deletes the counters of past windows first. Answers each counter's count.
 */
export async function judgeCounts(
  db: Executor,
  limits: Pick<Config['limits'], 'rateLimitWindowSeconds'>,
  counters: Counter[],
  rows: Count[],
): Promise<Map<string, number>> {
  const seconds = limits.rateLimitWindowSeconds;
  const started = new Map(counters.map((counter) => [counter.key, counter.by ?? 1]));
  if (rows.some((row) => row.hits === started.get(row.key))) {
    // Skipping locked rows: a counter being bumped right now is not stale, and waiting for it could deadlock.
    const stale = db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStart, sql`now() - make_interval(secs => ${seconds})`))
      .for('update', { skipLocked: true });
    await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, stale));
  }
  const limitOf = new Map(counters.map((counter) => [counter.key, counter.limit]));
  if (rows.some((row) => row.hits > (limitOf.get(row.key) ?? Infinity))) {
    // The window ends on a multiple of its length: the client may try again then.
    const retryAfter = seconds - (Math.floor(Date.now() / 1000) % seconds);
    throw new ShopError(ErrorCode.SystemBusy, { status: 429, headers: { 'Retry-After': String(retryAfter) } });
  }
  return new Map(rows.map((row) => [row.key, row.hits]));
}

/** Bumps the counters in one statement and judges their counts (`judgeCounts`). */
export async function countInWindow(
  db: Executor,
  limits: Pick<Config['limits'], 'rateLimitWindowSeconds'>,
  counters: Counter[],
): Promise<Map<string, number>> {
  return judgeCounts(db, limits, counters, rowsOf<Count>(await db.execute(bumpCountersSql(db, limits, counters))));
}

/** Counts every request a route receives against the client address's limit for `action`. */
export const limitByAddress = (deps: Pick<ShopDeps, 'db' | 'config'>, action: LimitedAction) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await countAttempt(deps.db, deps.config.limits, { action, address: clientAddress(c, deps.config) });
    await next();
  });
