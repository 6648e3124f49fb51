import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { errorBodySchema } from './router';

/*
 * The published contract names every answer an operation can give, not only its success: a client
 * generated from the document knows each error status, and the contract test (tests/security/
 * contract.test.ts) fails when a route answers one the document does not list.
 */

type Operation = {
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { schema?: { type?: string | string[] } }[];
  responses: Record<string, unknown>;
};
type Document = { paths?: Record<string, Record<string, Operation>> };

const error = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const answers = {
  400: error('Malformed input: -218 names the first bad field'),
  401: error('Not signed in, or the session has ended'),
  403: error("The operator's role does not allow this"),
  404: error("The record named does not exist, or is not the caller's"),
  409: error("The record's state does not allow this now"),
  413: error('The body is over the size limit'),
  415: error('The body is not JSON (nor multipart where the operation takes a file)'),
  422: error('A rule of the shop refused the request: `code` says which'),
  429: error('Too many attempts: -9999, try again after `Retry-After` seconds', {
    'Retry-After': {
      description: 'Seconds until the limit lets the client try again',
      schema: { type: 'integer', minimum: 1 },
    },
  }),
  500: error('An unexpected fault: -9999 with a request id in `data`'),
  502: error('The payment provider refused or did not answer'),
} as const;

/** Operations that reach the payment provider. */
const paymentPath = /^\/(pay\/|order\/|energy\/recharge|coupon\/|admin\/orders\/refund)/;

/** The error answers an operation can give, by what it takes and who may call it. */
function errorStatusesOf(path: string, operation: Operation): (keyof typeof answers)[] {
  const statuses: (keyof typeof answers)[] = [400, 404, 409, 422, 429, 500];
  const operatorOnly = path.startsWith('/admin/');
  if (operatorOnly || operation.security?.length) statuses.push(401);
  if (operatorOnly) statuses.push(403);
  if (operation.requestBody) statuses.push(413, 415);
  if (paymentPath.test(path)) statuses.push(502);
  return statuses.sort();
}

/**
 * Adds every operation's error answers to the generated document, and takes `null` out of the
 * types of query parameters: an optional one is absent, a query string cannot carry a null.
 */
export function withErrorAnswers<D extends object>(document: D): D {
  for (const [path, operations] of Object.entries((document as Document).paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const status of errorStatusesOf(path, operation)) operation.responses[status] ??= answers[status];
      for (const parameter of operation.parameters ?? []) {
        const types = parameter.schema?.type;
        if (Array.isArray(types))
          parameter.schema!.type =
            types.length === 2 && types.includes('null')
              ? types.find((type) => type !== 'null')
              : types.filter((type) => type !== 'null');
      }
    }
  }
  return document;
}

/** Serves the API's OpenAPI 3.1 document at `path`, with the error answers of every operation. */
export function serveDocument(
  api: OpenAPIHono<AppEnv>,
  path: string,
  config: Parameters<OpenAPIHono['getOpenAPI31Document']>[0],
) {
  api.openAPIRegistry.register('Error', errorBodySchema);
  let document: ReturnType<OpenAPIHono['getOpenAPI31Document']> | undefined;
  api.get(path, (c) => c.json((document ??= withErrorAnswers(api.getOpenAPI31Document(config)))));
}
