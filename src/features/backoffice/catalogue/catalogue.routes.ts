import { createRoute, z } from '@hono/zod-openapi';
import { catalogueFromCsv } from '@/features/catalogue/catalogue-csv';
import type { ShopDeps } from '@/server/deps';
import { limitBody } from '@/server/http/body';
import { ShopError } from '@/server/http/errors';
import * as ErrorCode from '@/lib/error-codes';
import { createRouter, envelope, getRoute, jsonRoute, ok } from '@/server/http/router';
import {
  catalogueExportSchema,
  catalogueImportBodySchema,
  importPlanSchema,
  cataloguePageSchema,
  catalogueQuerySchema,
  editableProductSchema,
  pictureFormSchema,
  productBodySchema,
  slugQuerySchema,
  uploadedPictureSchema,
} from './catalogue.schema';
import { exportCatalogue, importCatalogueFile } from './catalogue-file.service';
import { PICTURE_BYTES_MAX, uploadPicture } from './catalogue-pictures.service';
import { invalidProduct } from './invalid-fields';
import { productForEditing, saveProduct } from './product-editing.service';
import { findProducts } from './product-list.service';
import { actorOf, requireOperator } from '../operators/operator-auth';
import type { Permission } from '../operators/operators';

const tag = 'Back office: catalogue';
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_ALLOWANCE = 64 * 1024;
/** The upload path, listed in the app's multipart paths. */
export const CATALOGUE_PICTURE_PATH = '/admin/catalogue/picture';

/** Products for editors and admins under /api/v1/admin/catalogue. */
export function catalogueRoutes(deps: ShopDeps) {
  const guard = (permission: Permission) => ({ middleware: requireOperator(deps, permission) });

  return createRouter()
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/products',
          summary: 'Products by slug, filtered and paged',
          query: catalogueQuerySchema,
          data: cataloguePageSchema,
        }),
        ...guard('catalogue.read'),
      },
      async (c) => ok(c, await findProducts(deps.db, c.req.valid('query'))),
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/product',
          summary: 'One product in the catalogue import format',
          query: slugQuerySchema,
          data: editableProductSchema,
        }),
        ...guard('catalogue.read'),
      },
      async (c) => ok(c, await productForEditing(deps, c.req.valid('query').slug)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/product/create',
          summary: 'Create a product through the catalogue import (audited)',
          body: productBodySchema,
          data: editableProductSchema,
        }),
        ...guard('catalogue.write'),
      },
      async (c) => ok(c, await saveProduct(deps, actorOf(c), c.req.valid('json').product, 'create')),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/product/update',
          summary: 'Change a product through the catalogue import (audited)',
          body: productBodySchema,
          data: editableProductSchema,
        }),
        ...guard('catalogue.write'),
      },
      async (c) => ok(c, await saveProduct(deps, actorOf(c), c.req.valid('json').product, 'update')),
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/export',
          summary: 'Every product in the catalogue import format (pictures as stored references)',
          query: z.object({}),
          data: catalogueExportSchema,
        }),
        ...guard('catalogue.read'),
      },
      async (c) => ok(c, await exportCatalogue(deps.db)),
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/import',
          summary:
            'Check a JSON or CSV catalogue (what it creates, changes, takes down) and, with apply, import it (audited)',
          body: catalogueImportBodySchema,
          data: importPlanSchema,
        }),
        ...guard('catalogue.write'),
      },
      async (c) => {
        const { format, content, apply } = c.req.valid('json');
        let catalogue: unknown;
        try {
          catalogue = format === 'csv' ? catalogueFromCsv(content) : JSON.parse(content);
        } catch (error) {
          throw invalidProduct([{ path: ['content'], message: (error as Error).message }]);
        }
        return ok(c, await importCatalogueFile(deps, actorOf(c), catalogue, apply));
      },
    )
    .openapi(
      pictureUploadRoute(deps, {
        tag,
        permission: 'catalogue.write',
        summary: 'Upload a product picture (JPEG, PNG or WebP up to 8 MB), stored as WebP at most 1200 px',
      }),
      async (c) => ok(c, await uploadPicture(deps, await uploadedBytes(c.req.valid('form').file))),
    );
}

/**
 * A picture upload at `/picture` (multipart, one `file`) for operators with `permission`. The API's
 * JSON body limit skips it (its path is in the app's multipart paths); the upload has its own.
 */
export const pictureUploadRoute = (deps: ShopDeps, spec: { tag: string; permission: Permission; summary: string }) => ({
  ...createRoute({
    method: 'post',
    path: '/picture',
    tags: [spec.tag],
    summary: spec.summary,
    request: { body: { content: { 'multipart/form-data': { schema: pictureFormSchema } }, required: true } },
    responses: envelope(uploadedPictureSchema, 'The stored picture, to name in what it shows'),
  }),
  middleware: [
    requireOperator(deps, spec.permission),
    limitBody(PICTURE_BYTES_MAX + MULTIPART_ALLOWANCE, { field: 'file' }),
  ],
});

/** The uploaded file's bytes; -218 `file` with 413 when it is over the limit. */
export async function uploadedBytes(file: File) {
  if (file.size > PICTURE_BYTES_MAX) throw new ShopError(ErrorCode.IllegalRequest, { field: 'file', status: 413 });
  return Buffer.from(await file.arrayBuffer());
}
