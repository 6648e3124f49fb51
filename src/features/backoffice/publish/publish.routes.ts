import { streamSSE } from 'hono/streaming';
import { createRoute, z } from '@hono/zod-openapi';
import { recordAudit } from '@/features/audit/audit';
import * as ErrorCode from '@/lib/error-codes';
import type { ShopDeps } from '@/server/deps';
import { ShopError } from '@/server/http/errors';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { actorOf, operatorOf, requireOperator } from '../operators/operator-auth';
import { may } from '../operators/operators';
import { publishBodySchema, publishStatusSchema, unpublishedChangeSchema } from './publish.schema';
import {
  choosePublisher,
  createPublishing,
  unpublishedChanges,
  type Publisher,
  type PublishStatus,
} from './publishing';

const tag = 'Back office';

/** Publishing the pages under /api/v1/admin/publish: status, live progress, waiting changes, the press. */
export function publishRoutes(deps: ShopDeps & { publish?: Publisher | undefined }) {
  const guard = () => ({ middleware: requireOperator(deps, 'site.publish') });
  const publisher = choosePublisher(deps.config, deps.publish);
  const publishing = publisher ? createPublishing(publisher) : null;
  const publishView = (joined?: boolean) => ({
    ...(publishing?.status() ?? { state: 'idle' as const }),
    ...(joined === undefined ? {} : { joined }),
    available: Boolean(publisher),
    hook: Boolean(publisher?.hook),
  });

  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/publish/status',
          summary: 'The last or running publish of the pages',
          query: z.object({}),
          data: publishStatusSchema,
        }),
        ...guard(),
      },
      (c) => ok(c, publishView()),
    )
    .openapi(
      {
        ...createRoute({
          method: 'get',
          path: '/publish/events',
          tags: [tag],
          summary:
            'The publish status as it changes (server-sent events: start, pages written, end); ends with the publish',
          responses: {
            200: {
              description: 'One event per change, its data the PublishStatus',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
          },
        }),
        ...guard(),
      },
      (c) =>
        streamSSE(c, async (stream) => {
          const send = () => stream.writeSSE({ data: JSON.stringify(publishView()) });
          await send();
          if (publishing?.status().state !== 'running') return;
          await new Promise<void>((resolve) => {
            let sentAt = 0;
            const unsubscribe = publishing.subscribe((status) => {
              const running = status.state === 'running';
              // Progress at most ten times a second; the start and the end always.
              if (running && status.progress && Date.now() - sentAt < 100) return;
              sentAt = Date.now();
              const sent = send();
              if (!running) void sent.finally(end);
            });
            const end = () => {
              unsubscribe();
              resolve();
            };
            stream.onAbort(end);
          });
        }),
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/publish/changes',
          summary: 'Changes to products and adverts since the last publish, newest first',
          query: z.object({}),
          data: z.array(unpublishedChangeSchema),
        }),
        ...guard(),
      },
      async (c) => ok(c, await unpublishedChanges(deps.db)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/publish',
          summary: 'Publish the pages (a press while one runs joins it); `full` re-renders every page',
          body: publishBodySchema,
          data: publishStatusSchema,
        }),
        ...guard(),
      },
      async (c) => {
        const { full } = c.req.valid('json');
        const operator = operatorOf(c);
        if (full && !may(operator.role, 'site.publish-full'))
          throw new ShopError(ErrorCode.IllegalRequest, { field: 'full', status: 403 });
        if (!publishing)
          throw new ShopError(ErrorCode.RequestFailed, {
            data: { reason: 'This server cannot publish: set BUILD_HOOK_URL, or run the shop with `npm start`.' },
            status: 409,
          });
        const actor = actorOf(c);
        // The outcome is logged before it shows in the status, so an operator who sees it finds it in the log.
        const onEnd = (ended: PublishStatus) =>
          recordAudit(deps.db, actor, {
            action: ended.state === 'failed' ? 'site.publish-failed' : 'site.published',
            subject: 'pages',
            after:
              ended.state === 'failed'
                ? { full, error: ended.error.slice(0, 300) }
                : ended.state === 'finished'
                  ? { full, pages: ended.pages, rendered: ended.rendered, seconds: ended.seconds }
                  : { full, hook: true },
          });
        const onStart = () =>
          recordAudit(deps.db, actor, { action: 'site.publish', subject: 'pages', after: { full } });
        const { joined } = publishing.start({ full, by: operator.email, onStart, onEnd });
        return ok(c, publishView(joined));
      },
    );
}
