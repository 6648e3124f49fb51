import type { RouteConfig } from '@hono/zod-openapi';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import * as ErrorCode from '@/lib/error-codes';
import type { ShopDeps } from '@/server/deps';
import type { Config } from '@/server/config';
import { preparedOnce, type Executor } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema';
import type { AppEnv, SignedIn } from '@/server/http/context';
import { ShopError } from '@/server/http/errors';
import { hashToken, isWellFormedToken, newToken } from './tokens';

/*
 * Sessions: an opaque token in an HttpOnly cookie, only its hash in the database, SESSION_DAYS that
 * slide forward while the customer keeps coming back, but never past SESSION_MAX_DAYS after sign-in.
 * See docs/decisions/005-sessions.md and 075.
 */

export const SESSION_COOKIE = 'token';
/** The name the OpenAPI document gives the session cookie's security scheme. */
export const SESSION_SECURITY = 'session';

export type { SignedIn, User } from '@/server/http/context';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding the expiry at most hourly keeps reads from writing on every request. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;

/** A new session for the customer; answers the token for the cookie. `device` names the browser for "Download my data". */
export async function startSession(
  db: Executor,
  userId: number,
  days: number,
  now = new Date(),
  device = '',
): Promise<string> {
  const token = newToken();
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + days * DAY_MS),
    device,
  });
  return token;
}

const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A hint the customer recognises a browser by ("Firefox on Windows"), never the whole User-Agent. */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(' on ');
}

/** What every session lookup selects: the session and its customer (a lookup may select more of them). */
export const sessionColumns = { session: sessions, user: users };
export type SessionRow = { session: typeof sessions.$inferSelect; user: typeof users.$inferSelect };
/** A prepared statement that finds a session by `tokenHash` (see `preparedOnce`). */
export type SessionLookup<Row extends SessionRow> = (db: Executor) => {
  execute(values: { tokenHash: string }): Promise<Row[]>;
};

/** Every signed-in request asks this first. */
const sessionByToken: SessionLookup<SessionRow> = preparedOnce((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_token'),
);

/**
 * The session a token belongs to, sliding its expiry; null when it is unknown, expired or its
 * customer is disabled (such sessions are deleted on the way).
 */
export const findSession = (db: Executor, token: string, lifetime: Lifetime, now = new Date()) =>
  lookUpSession(db, sessionByToken, token, lifetime, now);

/** SESSION_DAYS, idle, and SESSION_MAX_DAYS from sign-in. */
type Lifetime = Pick<Config['sessions'], 'days' | 'maxDays'>;

/** `findSession` with a `lookup` that may bring more of the customer in the same statement; its row comes back as `row`. */
async function lookUpSession<Row extends SessionRow>(
  db: Executor,
  lookup: SessionLookup<Row>,
  token: string,
  { days, maxDays }: Lifetime,
  now: Date,
): Promise<(SignedIn & { slid: boolean; row: Row }) | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await lookup(db).execute({ tokenHash: hashToken(token) });
  if (!row) return null;
  const ends = row.session.createdAt.getTime() + maxDays * DAY_MS;
  if (row.session.expiresAt <= now || ends <= now.getTime() || row.user.disabledAt) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  const slid = now.getTime() - row.session.lastSeenAt.getTime() >= SLIDE_EVERY_MS;
  if (slid) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(Math.min(now.getTime() + days * DAY_MS, ends)) })
      .where(eq(sessions.id, row.session.id));
  }
  return { user: row.user, sessionId: row.session.id, slid, row };
}

export async function endSession(db: Executor, token: string): Promise<void> {
  if (isWellFormedToken(token)) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Signs the customer out everywhere, or everywhere but the session given. */
export async function endSessions(db: Executor, userId: number, options: { except?: number } = {}): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), options.except === undefined ? undefined : ne(sessions.id, options.except)),
    );
}

/* ── The cookie ────────────────────────────────────────────────────────────────────────────── */

export function setSessionCookie(c: Context, config: Pick<Config, 'publicOrigin' | 'sessions'>, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.publicOrigin.startsWith('https:'),
    path: '/',
    maxAge: config.sessions.days * 24 * 60 * 60,
  });
}

export function clearSessionCookie(c: Context, config: Pick<Config, 'publicOrigin'>) {
  deleteCookie(c, SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.publicOrigin.startsWith('https:'),
    path: '/',
  });
}

export const sessionToken = (c: Context) => getCookie(c, SESSION_COOKIE);

/* ── Middleware other features use ─────────────────────────────────────────────────────────── */

type SessionDeps = Pick<ShopDeps, 'db' | 'config'>;

async function loadSession<Row extends SessionRow>(
  c: Context<AppEnv>,
  deps: SessionDeps,
  lookup: SessionLookup<Row>,
): Promise<Row | undefined> {
  const token = sessionToken(c);
  if (!token) return undefined;
  const found = await lookUpSession(deps.db, lookup, token, deps.config.sessions, new Date());
  if (!found) {
    clearSessionCookie(c, deps.config);
    return undefined;
  }
  if (found.slid) setSessionCookie(c, deps.config, token);
  c.set('signedIn', { user: found.user, sessionId: found.sessionId });
  return found.row;
}

/** Puts the signed-in customer, if any, on the context (`c.var.signedIn`). */
export const optionalUser = (deps: SessionDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await loadSession(c, deps, sessionByToken);
    await next();
  });

/** Lets only signed-in customers through (`-212`, HTTP 401 otherwise); read them with `signedInOf(c)`. */
export const requireUser = (deps: SessionDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!(await loadSession(c, deps, sessionByToken))) throw new ShopError(ErrorCode.LoginRequired);
    await next();
  });

/**
 * For a route that reads more of the customer than `requireUser` does, in the same statement as the
 * session: answers the row of `lookup` (its route is documented with `sessionSecurity`), or -212.
 */
export async function requireUserWith<Row extends SessionRow>(
  c: Context<AppEnv>,
  deps: SessionDeps,
  lookup: SessionLookup<Row>,
): Promise<Row> {
  const row = await loadSession(c, deps, lookup);
  if (!row) throw new ShopError(ErrorCode.LoginRequired);
  return row;
}

/** How the OpenAPI document marks a route that needs a session. */
export const sessionSecurity = [{ [SESSION_SECURITY]: [] }];

/** The customer `requireUser` let through. */
export function signedInOf(c: Context<AppEnv>): SignedIn {
  const signedIn = c.get('signedIn');
  if (!signedIn) throw new ShopError(ErrorCode.LoginRequired);
  return signedIn;
}

type RequireUser = ReturnType<typeof requireUser>;

/**
 * A route that needs a session: `requireUser` runs first (before `after`, so nobody signed out gets
 * to upload), and the OpenAPI document says so.
 */
export function signedInRoute<R extends RouteConfig, M extends MiddlewareHandler[] = []>(
  route: R,
  guard: RequireUser,
  ...after: M
) {
  return { ...route, middleware: [guard, ...after] as [RequireUser, ...M], security: sessionSecurity };
}
