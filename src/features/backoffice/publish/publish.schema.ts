import { z } from '@hono/zod-openapi';

/* The contract of publishing the pages under /api/v1/admin/publish. */

export const publishBodySchema = z.object({ full: z.boolean().default(false) });
export const publishStatusSchema = z
  .object({
    state: z.enum(['idle', 'running', 'finished', 'requested', 'failed']),
    full: z.boolean().optional(),
    by: z.string().optional(),
    startedAt: z.string().optional(),
    finishedAt: z.string().optional(),
    pages: z.number().int().optional(),
    rendered: z.number().int().optional(),
    seconds: z.number().optional(),
    /** When finished: seconds per step of the publish (snapshot, bundle, paths, render, write, release, switch). */
    stages: z.record(z.string(), z.number()).optional(),
    /** While running: pages written so far, and how many the last publish held (0 before the first). */
    progress: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
    error: z.string().optional(),
    /** A press joined the publish already running. */
    joined: z.boolean().optional(),
    /** Whether this shop can publish at all, and whether through the CDN's build hook. */
    available: z.boolean(),
    hook: z.boolean(),
  })
  .openapi('PublishStatus');

/** An operator's change to what the pages show, made since the last publish. */
export const unpublishedChangeSchema = z.object({
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  time: z.string(),
});
