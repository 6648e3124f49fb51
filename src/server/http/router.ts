import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as ErrorCode from '@/lib/error-codes';
import type { AppEnv } from './context';
import { errorResponse } from './errors';

/** A router for one resource; input that fails its schema answers -218 naming the first bad field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : result.target;
      return errorResponse(c as Context<AppEnv>, ErrorCode.IllegalRequest, { field });
    },
  });
}

/** The success body: `{ code: 1, data, message }`. */
export function ok<T>(c: Context<AppEnv>, data: T) {
  return c.json({ code: ErrorCode.Success, data, message: 'success' } as const, 200);
}

/** The OpenAPI description of a success body around `data`. */
export function envelope<T extends z.ZodType>(data: T, description: string) {
  return {
    200: {
      description,
      content: {
        'application/json': {
          schema: z.object({ code: z.literal(1), data, message: z.string() }),
        },
      },
    },
  } as const;
}

/** Every error answer: `code` is negative (from the catalogue), `message` is in the request language. */
export const errorBodySchema = z
  .object({ code: z.number().int().negative(), data: z.unknown(), message: z.string() })
  .openapi('Error');

/** A GET route whose query and success data are described by schemas. */
export function getRoute<Q extends z.ZodObject, D extends z.ZodType>(spec: {
  tag: string;
  path: string;
  summary: string;
  query: Q;
  data: D;
}) {
  return createRoute({
    method: 'get',
    path: spec.path,
    tags: [spec.tag],
    summary: spec.summary,
    request: { query: spec.query },
    responses: envelope(spec.data, spec.summary),
  });
}

/** A POST or PUT route with a JSON body. */
export function jsonRoute<B extends z.ZodType, D extends z.ZodType>(spec: {
  method: 'post' | 'put';
  tag: string;
  path: string;
  summary: string;
  body: B;
  data: D;
}) {
  return createRoute({
    method: spec.method,
    path: spec.path,
    tags: [spec.tag],
    summary: spec.summary,
    request: { body: { content: { 'application/json': { schema: spec.body } }, required: true } },
    responses: envelope(spec.data, spec.summary),
  });
}
