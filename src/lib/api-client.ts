import { ErrorCode } from './error-codes';
import { $site } from './site.store';
import { showToast } from './toast.store';

/** Every answer of the API: `code` 1 is success, others come from the error catalogue. */
export type ApiResult<T> = { code: number; data: T; message: string };

/** Codes the spec says warn by themselves, wherever they come from (§8). */
const toastedCodes = new Set<number>([ErrorCode.RequestFailed, ErrorCode.SystemBusy, ErrorCode.LoginRequired, ErrorCode.CurrencyNotPayable]);

/** The message for a network failure, in the page's language (`<html data-request-failed>`). */
const requestFailedMessage = (typeof document !== 'undefined' && document.documentElement.dataset.requestFailed) || 'Request failed, please try again later';

type Options = { json?: unknown; searchParams?: Record<string, string | number>; body?: FormData; quiet?: boolean };

/** Every call gives up after a minute, as the upload does. */
const timeoutMs = 60_000;

/** The stored Language and Currency, sent with every call. */
function siteHeaders(): Record<string, string> {
  const site = $site.get();
  return { Language: site.languageAbbreviation, Currency: site.currencyAbbreviation };
}

async function call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, options: Options = {}): Promise<ApiResult<T>> {
  let result: ApiResult<T>;
  try {
    const query = new URLSearchParams(Object.entries(options.searchParams ?? {}).map(([name, value]) => [name, String(value)])).toString();
    const url = `/api/v1/${path.replace(/^\//, '')}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { ...siteHeaders(), Accept: 'application/json' };
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(url, { method: method.toUpperCase(), headers, body, credentials: 'same-origin', signal: AbortSignal.timeout(timeoutMs) });
    result = (await response.json()) as ApiResult<T>;
  } catch {
    result = { code: ErrorCode.RequestFailed, data: null as T, message: requestFailedMessage };
  }
  return settle(result, options);
}

function settle<T>(result: ApiResult<T>, options: Pick<Options, 'quiet'>): ApiResult<T> {
  if (!options.quiet && toastedCodes.has(result.code)) showToast('warning', result.message);
  return result;
}

/**
 * A multipart PUT that reports upload progress (0 to 1), which fetch cannot do over HTTP/1.1; the
 * same headers, timeout, failures and toasts as every other call.
 */
function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void, options: Pick<Options, 'quiet'> = {}): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    const failed = () => resolve(settle({ code: ErrorCode.RequestFailed, data: null as T, message: requestFailedMessage }, options));
    request.open('PUT', `/api/v1/${path.replace(/^\//, '')}`);
    request.timeout = timeoutMs;
    for (const [name, value] of Object.entries(siteHeaders())) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      try {
        resolve(settle(JSON.parse(request.responseText) as ApiResult<T>, options));
      } catch {
        failed();
      }
    });
    for (const failure of ['error', 'timeout', 'abort'] as const) request.addEventListener(failure, failed);
    request.send(form);
  });
}

/** The storefront's calls to /api/v1, with the stored Language and Currency on every request. */
export const api = {
  get: <T>(path: string, options?: Options) => call<T>('get', path, options),
  post: <T>(path: string, json?: unknown, options?: Options) => call<T>('post', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: Options) => call<T>('put', path, { ...options, json }),
  delete: <T>(path: string, options?: Options) => call<T>('delete', path, options),
  upload,
};

export const isSuccess = <T>(result: ApiResult<T>): boolean => result.code === ErrorCode.Success;

/** Warns with a refusal's message, unless the call already did (the codes that warn by themselves). */
export function warnOf(result: ApiResult<unknown>) {
  if (!toastedCodes.has(result.code)) showToast('warning', result.message);
}
