import { z } from '@hono/zod-openapi';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  advertActiveBodySchema,
  advertBoardQuerySchema,
  advertBoardSchema,
  advertCreateBodySchema,
  advertIdBodySchema,
  advertReorderBodySchema,
  advertUpdateBodySchema,
  editableAdvertSchema,
} from './adverts.schema';
import {
  advertBoard,
  createAdvert,
  deleteAdvert,
  reorderAdverts,
  setAdvertActive,
  updateAdvert,
  uploadAdvertPicture,
} from './adverts.service';
import { pictureUploadRoute, uploadedBytes } from '../catalogue/catalogue.routes';
import { invalidFields } from '../catalogue/invalid-fields';
import { actorOf, requireOperator } from '../operators/operator-auth';

const tag = 'Back office: adverts';
/** The upload path, listed in the app's multipart paths. */
export const ADVERT_PICTURE_PATH = '/admin/adverts/picture';

/**
 * An advert the import format refuses answers -218 naming every field in `data.issues` (paths inside
 * the advert, as the form names them), not only the first.
 */
const everyIssue = (result: { success: true } | { success: false; error: z.ZodError }): undefined => {
  if (!result.success)
    throw invalidFields(
      result.error.issues.map((issue) => ({
        ...issue,
        path: issue.path[0] === 'advert' ? issue.path.slice(1) : issue.path,
      })),
      'advert',
    );
  return undefined;
};

/** Home banners and the other advert positions, for editors and admins, under /api/v1/admin/adverts. */
export function advertRoutes(deps: ShopDeps) {
  const guard = { middleware: requireOperator(deps, 'adverts.write') };

  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/',
          summary: 'Adverts by position, in page order (every position the pages show, or one)',
          query: advertBoardQuerySchema,
          data: advertBoardSchema,
        }),
        ...guard,
      },
      async (c) => ok(c, await advertBoard(deps, c.req.valid('query').position)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/create',
          summary: 'Create an advert through the catalogue import (audited)',
          body: advertCreateBodySchema,
          data: editableAdvertSchema,
        }),
        ...guard,
      },
      async (c) => ok(c, await createAdvert(deps, actorOf(c), c.req.valid('json').advert)),
      everyIssue,
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/update',
          summary: 'Change an advert through the catalogue import (audited)',
          body: advertUpdateBodySchema,
          data: editableAdvertSchema,
        }),
        ...guard,
      },
      async (c) => {
        const { advertisingId, advert } = c.req.valid('json');
        return ok(c, await updateAdvert(deps, actorOf(c), advertisingId, advert));
      },
      everyIssue,
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/setActive',
          summary: 'Show an advert on the pages or take it off them (audited)',
          body: advertActiveBodySchema,
          data: editableAdvertSchema,
        }),
        ...guard,
      },
      async (c) => {
        const { advertisingId, active } = c.req.valid('json');
        return ok(c, await setAdvertActive(deps, actorOf(c), advertisingId, active));
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/reorder',
          summary: "Put a position's adverts in a new order (audited)",
          body: advertReorderBodySchema,
          data: advertBoardSchema,
        }),
        ...guard,
      },
      async (c) => {
        const { position, advertisingIds } = c.req.valid('json');
        return ok(c, await reorderAdverts(deps, actorOf(c), position, advertisingIds));
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/delete',
          summary: 'Delete an advert (audited)',
          body: advertIdBodySchema,
          data: z.null(),
        }),
        ...guard,
      },
      async (c) => {
        await deleteAdvert(deps, actorOf(c), c.req.valid('json').advertisingId);
        return ok(c, null);
      },
    )
    .openapi(
      pictureUploadRoute(deps, {
        tag,
        permission: 'adverts.write',
        summary: 'Upload an advert picture (JPEG, PNG or WebP up to 8 MB), stored as WebP at most 1600 px',
      }),
      async (c) => ok(c, await uploadAdvertPicture(deps, await uploadedBytes(c.req.valid('form').file))),
    );
}
