import { and, desc, eq, gt, like, lt, or } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Executor } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';

/*
 * Publishing the pages from the back office (docs/decisions/042-back-office-operations.md). One publish
 * runs at a time: a press while one runs joins it. The outcome stays readable until the next press,
 * and a failed publish leaves the last good pages served (the site build swaps pages in only on success).
 */

/** What a finished local publish reports (src/publish/publish.ts `PublishResult`, narrowed). */
export type PublishOutcome = { pages: number; rendered: number; seconds: number; stages?: Record<string, number> };

/** Pages written so far, of how many the last publish held (0 when there was none). */
export type PublishProgress = { done: number; total: number };

/** Runs one publish of the pages; handed to the back office by whoever starts the shop. */
export type Publisher = (options: {
  full?: boolean;
  onProgress?: (progress: PublishProgress) => void;
}) => Promise<PublishOutcome>;

export type PublishStatus =
  | { state: 'idle' }
  | { state: 'running'; full: boolean; startedAt: string; by: string; progress?: PublishProgress }
  | {
      state: 'finished';
      full: boolean;
      startedAt: string;
      by: string;
      finishedAt: string;
      pages: number;
      rendered: number;
      seconds: number;
      /** Where the time went, in seconds per step (snapshot, render, write, switch, …). */
      stages?: Record<string, number>;
    }
  /** Sent to the CDN's build hook: the CDN builds and swaps the pages itself. */
  | { state: 'requested'; full: boolean; startedAt: string; by: string; finishedAt: string }
  | { state: 'failed'; full: boolean; startedAt: string; by: string; finishedAt: string; error: string };

export type Publishing = {
  status(): PublishStatus;
  /**
   * Starts a publish, or joins the one running; `joined` says which. Never throws: a failure lands in
   * the status. For the press that starts it, `onStart` runs before the build and `onEnd` before
   * the outcome shows in the status (the audit log is written in that order).
   */
  start(options: {
    full: boolean;
    by: string;
    onStart?: () => Promise<void>;
    onEnd?: (status: PublishStatus) => Promise<void>;
  }): {
    status: PublishStatus;
    joined: boolean;
  };
  /** Settles when the publish running now (if any) has ended. */
  settled(): Promise<void>;
  /** Calls `listener` with every change of the status (start, progress, end) until unsubscribed. */
  subscribe(listener: (status: PublishStatus) => void): () => void;
};

/** Posts to the CDN's build hook (Netlify): the build runs there, whole. */
export const buildHookPublisher =
  (url: string): Publisher =>
  async () => {
    const response = await fetch(url, { method: 'POST' });
    if (!response.ok) throw new Error(`the build hook answered ${response.status}`);
    return { pages: 0, rendered: 0, seconds: 0 };
  };

/** The publisher this shop uses: the CDN build hook when one is set, else the local build, else none. */
export function choosePublisher(
  config: Pick<Config, 'buildHookUrl' | 'cdn'>,
  local: Publisher | undefined,
): { run: Publisher; hook: boolean } | null {
  // With the CDN's purge set up, a publish renders here and purges what changed (docs/decisions/085).
  if (config.buildHookUrl && !(config.cdn && local))
    return { run: buildHookPublisher(config.buildHookUrl), hook: true };
  return local ? { run: local, hook: false } : null;
}

/** Keeps the state of the shop's one publish. */
export function createPublishing(publisher: { run: Publisher; hook: boolean }): Publishing {
  let status: PublishStatus = { state: 'idle' };
  let running: Promise<void> | null = null;
  const listeners = new Set<(status: PublishStatus) => void>();
  const change = (next: PublishStatus) => {
    status = next;
    for (const listener of listeners) listener(status);
  };

  return {
    status: () => status,
    settled: () => running ?? Promise.resolve(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start({ full, by, onStart, onEnd }) {
      if (status.state === 'running') return { status, joined: true };
      const started = { full, startedAt: new Date().toISOString(), by };
      change({ state: 'running', ...started });
      const run = async () => {
        let ended: PublishStatus;
        try {
          await onStart?.();
          const outcome = await publisher.run({
            full,
            onProgress: (progress) => {
              if (status.state === 'running') change({ ...status, progress });
            },
          });
          const finishedAt = new Date().toISOString();
          ended = publisher.hook
            ? { state: 'requested', ...started, finishedAt }
            : {
                state: 'finished',
                ...started,
                finishedAt,
                pages: outcome.pages,
                rendered: outcome.rendered,
                seconds: Math.round(outcome.seconds * 10) / 10,
                ...(outcome.stages ? { stages: outcome.stages } : {}),
              };
        } catch (error) {
          ended = {
            state: 'failed',
            ...started,
            finishedAt: new Date().toISOString(),
            error: ((error as Error).message || String(error)).slice(0, 2000),
          };
        }
        await onEnd?.(ended).catch(() => undefined);
        running = null;
        change(ended);
      };
      running = run();
      return { status, joined: false };
    },
  };
}

/** The audited actions that change what the pages show: products, adverts and review decisions. */
const contentChange = or(
  like(auditLog.action, 'catalogue.%'),
  like(auditLog.action, 'adverts.%'),
  like(auditLog.action, 'reviews.%'),
);

/**
 * The operators' changes to products, adverts and reviews since the last publish that succeeded started
 * (its snapshot was taken after that), newest first: what the next publish brings to the pages.
 */
export async function unpublishedChanges(db: Executor, limit = 100) {
  const [published] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.action, 'site.published'))
    .orderBy(desc(auditLog.id))
    .limit(1);
  const [started] = published
    ? await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'site.publish'), lt(auditLog.id, published.id)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    : [];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(contentChange, gt(auditLog.id, started?.id ?? 0)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    time: row.at.toISOString(),
  }));
}
