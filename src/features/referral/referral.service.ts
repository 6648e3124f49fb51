import { and, count, desc, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { maskEmail, normalizeCode } from '@/features/auth/auth';
import { findUserByCode } from '@/features/auth/auth.service';
import { clientAddress, countInWindow, UNKNOWN_ADDRESS } from '@/features/auth/rate-limit';
import type { User } from '@/features/auth/session';
import { OrderStatus } from '@/lib/order-status';
import { currencySymbols, type Currency } from '@/lib/locale';
import { convertForDisplay, type ReferenceRates } from '@/lib/money';
import type { Config } from '@/server/config';
import type { Executor } from '@/server/db/client';
import type { AppEnv } from '@/server/http/context';
import { energyRecords, orders, shareVisits, users } from '@/server/db/schema';
import type { FriendListQuery, FriendPage, MyShare } from './referral.schema';

/* The referral programme's statistics: share-link visits and friends. See docs/decisions/019-friends-and-share-visits.md. */

export async function getMyShare(db: Executor, user: User): Promise<MyShare> {
  const [row] = await db
    .select({ visits: shareVisits.visits })
    .from(shareVisits)
    .where(eq(shareVisits.userId, user.id));
  return { shareCode: user.shareCode, rebateRate: user.rebateRate, visits: row?.visits ?? 0 };
}

/** The cookie that remembers the last code this browser's visit was counted for. */
export const SHARE_VISIT_COOKIE = 'share_visit';
/** A browser is counted once per code within this time: reloading or coming back the same day counts once. */
export const SHARE_VISIT_WINDOW_SECONDS = 24 * 3600;

/** Whether a share link's code belongs to a customer who can still be referred to (share or personal code). */
export async function shareCodeExists(db: Executor, code: string): Promise<boolean> {
  const owner = await findUserByCode(db, code);
  return Boolean(owner && !owner.disabledAt);
}

/**
 * Visitors to one code counted from one client address in the rate limits' window: a household, an
 * office or a mobile carrier's NAT puts several people behind one address, each arriving without the
 * cookie; a program that keeps no cookie adds no more than this (docs/decisions/075).
 */
export const VISITORS_PER_ADDRESS = 5;

/**
 * A visit through `/{code}`: the referral page posts the code once per page load (`share/visit`). It
 * counts when the code is known, is not the visitor's own, this browser was not counted for it in the
 * last day (an HttpOnly cookie remembers it), and this client address has not reached
 * VISITORS_PER_ADDRESS for it in the rate limits' window. Answers whether the code is
 * known, so the page keeps only a real code.
 */
export async function recordShareVisit(
  c: Context<AppEnv>,
  deps: { db: Executor; config: Pick<Config, 'publicOrigin' | 'limits' | 'trustProxy'> },
  refereeCode: string,
  visitor: User | undefined,
  now = new Date(),
): Promise<boolean> {
  const code = normalizeCode(refereeCode);
  const owner = code === '' ? undefined : await findUserByCode(deps.db, code);
  if (!owner || owner.disabledAt) return false;
  if (owner.id === visitor?.id || getCookie(c, SHARE_VISIT_COOKIE) === code) return true;
  const address = clientAddress(c, deps.config);
  if (address !== UNKNOWN_ADDRESS) {
    const key = `share-visit:${owner.id}:ip:${address}`;
    const seen = await countInWindow(deps.db, deps.config.limits, [{ key, limit: null }]);
    if ((seen.get(key) ?? 0) > VISITORS_PER_ADDRESS) return true;
  }
  try {
    await deps.db
      .insert(shareVisits)
      .values({ userId: owner.id, visits: 1, lastVisitedAt: now })
      .onConflictDoUpdate({
        target: shareVisits.userId,
        set: { visits: sql`${shareVisits.visits} + 1`, lastVisitedAt: now },
      });
    setCookie(c, SHARE_VISIT_COOKIE, code, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: deps.config.publicOrigin.startsWith('https:'),
      path: '/api/v1',
      maxAge: SHARE_VISIT_WINDOW_SECONDS,
    });
  } catch (error) {
    // A statistic: the visitor's way into the shop must not fail because of it.
    c.get('logger').warn({ err: error }, 'share visit not counted');
  }
  return true;
}

/** `J***`: the first letter of a friend's name, no more; empty when they gave none. */
function maskName(firstName: string, lastName: string): string {
  const [first] = `${firstName} ${lastName}`.trim();
  return first ? `${first}***` : '';
}

/**
 * The customers who registered with my code, newest first: masked name (or masked email), registration
 * time, what they spent on goods (less discount; shipping and tax aside, as for the rebate) in completed orders (in `currency`, converted by the reference rates)
 * and the rebate points I earned on their orders.
 */
export async function queryUserShareList(
  db: Executor,
  userId: number,
  query: FriendListQuery,
  currency: Currency,
  rates: ReferenceRates,
): Promise<FriendPage> {
  const where = and(eq(users.referrerId, userId), isNull(users.disabledAt));
  const [friends, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const ids = friends.map((friend) => friend.id);
  const [spent, earned] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            // Goods paid, as the rebate: shipping and tax are not what friends bought.
            .select({
              userId: orders.userId,
              currency: orders.currency,
              amount: sum(sql`${orders.goodsTotal} - ${orders.discountAmount}`).mapWith(Number),
            })
            .from(orders)
            .where(and(inArray(orders.userId, ids), eq(orders.kind, 'goods'), eq(orders.status, OrderStatus.Completed)))
            .groupBy(orders.userId, orders.currency),
          db
            .select({ userId: orders.userId, points: sum(energyRecords.points).mapWith(Number) })
            .from(energyRecords)
            .innerJoin(orders, eq(energyRecords.reference, sql`'rebate:order:' || ${orders.id}`))
            .where(and(eq(energyRecords.userId, userId), eq(energyRecords.type, 'rebate'), inArray(orders.userId, ids)))
            .groupBy(orders.userId),
        ]);
  return {
    list: friends.map((friend) => {
      const name = maskName(friend.firstName, friend.lastName);
      const email = maskEmail(friend.email);
      const consumption = spent
        .filter((row) => row.userId === friend.id)
        .reduce((total, row) => total + convertForDisplay(row.amount, row.currency, currency, rates), 0);
      return {
        name: name === '' ? email : name,
        email,
        registerTime: friend.createdAt.toISOString(),
        consumption,
        currency,
        symbol: currencySymbols[currency],
        rebate: earned.find((row) => row.userId === friend.id)?.points ?? 0,
      };
    }),
    total: counted?.total ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}
