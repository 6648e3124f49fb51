import { z } from '@hono/zod-openapi';
import {
  approveReviewBodySchema,
  moderationPageSchema,
  moderationQuerySchema,
  rejectReviewBodySchema,
} from '@/features/reviews/reviews.schema';
import { listForModeration, moderateReview } from '@/features/reviews/reviews.service';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { actorOf, requireOperator } from '../operators/operator-auth';

const tag = 'Back office: reviews';

/** Review moderation for editors and admins, under /api/v1/admin/reviews. */
export function reviewModerationRoutes(deps: ShopDeps) {
  const guard = { middleware: requireOperator(deps, 'reviews.moderate') };

  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/',
          summary: 'Reviews in one state (the queue of new and edited ones by default), by product and rating',
          query: moderationQuerySchema,
          data: moderationPageSchema,
        }),
        ...guard,
      },
      async (c) => ok(c, await listForModeration(deps.db, c.get('language'), c.req.valid('query'))),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/approve',
          summary: 'Approve a review: the storefront shows it (audited; the pages at the next publish)',
          body: approveReviewBodySchema,
          data: z.null(),
        }),
        ...guard,
      },
      async (c) => {
        await moderateReview(deps.db, actorOf(c), c.req.valid('json').commentId, { state: 'approved' });
        return ok(c, null);
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/reject',
          summary:
            'Reject a review with a reason code kept in the audit log and sent to nobody; its author still sees it',
          body: rejectReviewBodySchema,
          data: z.null(),
        }),
        ...guard,
      },
      async (c) => {
        const { commentId, reason } = c.req.valid('json');
        await moderateReview(deps.db, actorOf(c), commentId, { state: 'rejected', reason });
        return ok(c, null);
      },
    );
}
