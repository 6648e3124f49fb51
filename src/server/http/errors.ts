import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as ErrorCode from '@/lib/error-codes';
import { translate, type MessageKey } from '@/lib/i18n';
import type { AppEnv } from './context';

/** A code of the catalogue. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The one error services throw. It carries a catalogue code; `handleError` turns it into the
 * response body. `detail` names what was wrong (a field) for codes whose message takes it, or a
 * more precise `message` than the code's own.
 */
export class ShopError extends Error {
  readonly code: ErrorCodeValue;
  readonly detail:
    | {
        field?: string;
        message?: MessageKey;
        data?: unknown;
        status?: ContentfulStatusCode;
        headers?: Record<string, string>;
      }
    | undefined;
  constructor(code: ErrorCodeValue, detail?: ShopError['detail']) {
    super(`shop error ${code}${detail?.field ? ` (${detail.field})` : ''}`);
    this.name = 'ShopError';
    this.code = code;
    this.detail = detail;
  }
}

/** Malformed input: `-218` with the offending field named. */
export const invalidInput = (field: string) => new ShopError(ErrorCode.IllegalRequest, { field });

/** HTTP status for each code: clients read `code`, the status keeps caches, proxies and logs honest. */
const httpStatus: Partial<Record<ErrorCodeValue, ContentfulStatusCode>> = {
  [ErrorCode.IllegalRequest]: 400,
  [ErrorCode.LoginRequired]: 401,
  [ErrorCode.ProductNotFound]: 404,
  [ErrorCode.PaymentNotFound]: 404,
  [ErrorCode.SystemBusy]: 500,
};

export function messageFor(
  code: ErrorCodeValue,
  language: Parameters<typeof translate>[0],
  field?: string,
  message?: MessageKey,
) {
  if (message) return translate(language, message);
  if (code === ErrorCode.IllegalRequest && field) return translate(language, 'code.-218.field', { field });
  return translate(language, `code.${code}` as MessageKey);
}

export function errorResponse(
  c: Context<AppEnv>,
  code: ErrorCodeValue,
  detail?: ShopError['detail'],
  status?: ContentfulStatusCode,
) {
  const language = c.get('language') ?? 'EN';
  for (const [name, value] of Object.entries(detail?.headers ?? {})) c.header(name, value);
  return c.json(
    { code, data: detail?.data ?? null, message: messageFor(code, language, detail?.field, detail?.message) },
    status ?? detail?.status ?? httpStatus[code] ?? 422,
  );
}

/** Every error becomes `{ code, data, message }`; unknown faults hide behind -9999 with a request id. */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof ShopError) return errorResponse(c, error.code, error.detail);
  if (error instanceof HTTPException) {
    if (error.status === 413) return errorResponse(c, ErrorCode.IllegalRequest, { field: 'body' }, 413);
    if (error.status < 500) return errorResponse(c, ErrorCode.IllegalRequest, undefined, error.status);
  }
  const requestId = c.get('requestId');
  c.get('logger').error({ err: error, requestId }, 'unexpected fault');
  return errorResponse(c, ErrorCode.SystemBusy, { data: { requestId } });
}
