import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { clientAddress, countAttempt } from '@/features/auth/rate-limit';
import { requireUser, signedInOf, signedInRoute } from '@/features/auth/session';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  editReviewBodySchema,
  orderReviewsQuerySchema,
  orderReviewsSchema,
  ownReviewListSchema,
  ownReviewSchema,
  reviewIdBodySchema,
  writeReviewBodySchema,
} from './reviews.schema';
import { editReview, getOrderReviews, listOwnReviews, withdrawReview, writeReview } from './reviews.service';

const tag = 'Reviews';

/** The signed-in customer's own reviews, under /api/v1/reviews. */
export function reviewRoutes(deps: ShopDeps) {
  const signedIn = requireUser(deps);
  /** Writing and editing count against the account's and the address's limits (-9999 past them). */
  const countWrite = (c: Context<AppEnv>) =>
    countAttempt(deps.db, deps.config.limits, {
      action: 'review',
      address: clientAddress(c, deps.config),
      account: signedInOf(c).user.email,
    });

  return createRouter()
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/mine',
          summary: 'My reviews, newest first, each with its state (waiting, approved or rejected)',
          query: z.object({}),
          data: ownReviewListSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await listOwnReviews(deps.db, signedInOf(c).user.id)),
    )
    .openapi(
      signedInRoute(
        getRoute({
          tag,
          path: '/order',
          summary:
            'The sizes of one of my orders with my review of each; reviewable once it is signed for or completed',
          query: orderReviewsQuerySchema,
          data: orderReviewsSchema,
        }),
        signedIn,
      ),
      async (c) => ok(c, await getOrderReviews(deps.db, signedInOf(c).user.id, c.req.valid('query').orderId)),
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/write',
          summary:
            'Review a size bought in a signed-for or completed order, in the request language; it waits for moderation (-250 not bought, -251 reviewed already)',
          body: writeReviewBodySchema,
          data: ownReviewSchema,
        }),
        signedIn,
      ),
      async (c) => {
        await countWrite(c);
        return ok(c, await writeReview(deps.db, signedInOf(c).user, c.get('language'), c.req.valid('json')));
      },
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/edit',
          summary: 'Change my review; it goes back to moderation',
          body: editReviewBodySchema,
          data: ownReviewSchema,
        }),
        signedIn,
      ),
      async (c) => {
        await countWrite(c);
        return ok(c, await editReview(deps.db, signedInOf(c).user, c.get('language'), c.req.valid('json')));
      },
    )
    .openapi(
      signedInRoute(
        jsonRoute({
          method: 'post',
          tag,
          path: '/withdraw',
          summary: 'Withdraw my review: it is deleted',
          body: reviewIdBodySchema,
          data: z.null(),
        }),
        signedIn,
      ),
      async (c) => {
        await withdrawReview(deps.db, signedInOf(c).user.id, c.req.valid('json').commentId);
        return ok(c, null);
      },
    );
}
