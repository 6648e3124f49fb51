import ky, { HTTPError } from 'ky';
import * as ErrorCode from './error-codes';
import { nextTask } from './next-task';
import { $site } from './site.store';
import { showToast } from './toast.store';

/** Every answer of the API: `code` 1 is success, others come from the error catalogue. */
export type ApiResult<T> = { code: number; data: T; message: string };

/** Codes the spec says warn by themselves, wherever they come from (§8). */
const toastedCodes = new Set<number>([
  ErrorCode.RequestFailed,
  ErrorCode.SystemBusy,
  ErrorCode.LoginRequired,
  ErrorCode.CurrencyNotPayable,
]);

/** The message for a network failure, in the page's language (`<html data-request-failed>`). */
const requestFailedMessage =
  (typeof document !== 'undefined' && document.documentElement.dataset.requestFailed) ||
  'Request failed, please try again later';

type Options = { json?: unknown; searchParams?: Record<string, string | number>; body?: FormData; quiet?: boolean };
type Method = 'get' | 'post' | 'put' | 'delete';

/** Answers a gateway or proxy gives while the shop restarts or is overloaded: a GET may ask again. */
const retriedStatuses = [502, 503, 504];

/** The stored Language and Currency, sent with every call. */
function siteHeaders(): Record<string, string> {
  const site = $site.get();
  return { Language: site.languageAbbreviation, Currency: site.currencyAbbreviation };
}

/** The one place an answer, or its absence, becomes a result: anything but the API's envelope is a failed request (-1). */
function toResult<T>(body: unknown): ApiResult<T> {
  const envelope = body as Partial<ApiResult<T>> | null;
  if (typeof envelope?.code === 'number' && typeof envelope.message === 'string')
    return { code: envelope.code, data: envelope.data as T, message: envelope.message };
  return { code: ErrorCode.RequestFailed, data: null as T, message: requestFailedMessage };
}

function settle<T>(result: ApiResult<T>, options: Pick<Options, 'quiet'>): ApiResult<T> {
  if (!options.quiet && toastedCodes.has(result.code)) showToast('warning', result.message);
  return result;
}

/**
 * The storefront's calls to /api/v1 (ky): the stored Language and Currency on every request, JSON
 * bodies, a minute's timeout (spec §9). Only reads are asked again, after a dropped connection or a
 * gateway's 502/503/504, with a growing pause; a POST, PUT or DELETE is sent once, whatever happens,
 * so an order or a payment is never made twice by the client. `prefix` and `timeout` are options for
 * the tests, which call a server of their own.
 */
export function createApiClient({ prefix = '/api/v1', timeout = 60_000 }: { prefix?: string; timeout?: number } = {}) {
  const http = ky.create({
    prefix,
    timeout,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    retry: { limit: 2, methods: ['get'], statusCodes: retriedStatuses, afterStatusCodes: [503], backoffLimit: 3_000 },
    // Other statuses carry the API's envelope (a refusal is an answer, not an error).
    throwHttpErrors: (status) => retriedStatuses.includes(status),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          for (const [name, value] of Object.entries(siteHeaders())) request.headers.set(name, value);
        },
      ],
    },
  });

  async function call<T>(method: Method, path: string, options: Options = {}): Promise<ApiResult<T>> {
    let body: unknown;
    // Each call is prepared in a task of its own: a page's start-up sends several (decision 099).
    await nextTask();
    try {
      body = await http(path, {
        method,
        json: options.json,
        body: options.body,
        searchParams: options.searchParams,
      }).json();
    } catch (error) {
      body = error instanceof HTTPError ? error.data : null;
    }
    return settle(toResult<T>(body), options);
  }

  /**
   * A multipart PUT that reports upload progress (0 to 1), which fetch cannot do over HTTP/1.1; the
   * same headers, timeout, results and toasts as every other call.
   */
  function upload<T>(
    path: string,
    form: FormData,
    onProgress: (fraction: number) => void,
    options: Pick<Options, 'quiet'> = {},
  ): Promise<ApiResult<T>> {
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      const done = (body: unknown) => resolve(settle(toResult<T>(body), options));
      request.open('PUT', `${prefix}/${path.replace(/^\//, '')}`);
      request.timeout = timeout;
      for (const [name, value] of Object.entries(siteHeaders())) request.setRequestHeader(name, value);
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      });
      request.addEventListener('load', () => {
        try {
          done(JSON.parse(request.responseText));
        } catch {
          done(null);
        }
      });
      for (const failure of ['error', 'timeout', 'abort'] as const) request.addEventListener(failure, () => done(null));
      request.send(form);
    });
  }

  return {
    get: <T>(path: string, options?: Options) => call<T>('get', path, options),
    post: <T>(path: string, json?: unknown, options?: Options) => call<T>('post', path, { ...options, json }),
    put: <T>(path: string, json?: unknown, options?: Options) => call<T>('put', path, { ...options, json }),
    delete: <T>(path: string, options?: Options) => call<T>('delete', path, options),
    upload,
  };
}

export const api = createApiClient();

export const isSuccess = <T>(result: ApiResult<T>): boolean => result.code === ErrorCode.Success;

/** Warns with a refusal's message, unless the call already did (the codes that warn by themselves). */
export function warnOf(result: ApiResult<unknown>) {
  if (!toastedCodes.has(result.code)) showToast('warning', result.message);
}
