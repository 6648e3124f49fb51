import ky from 'ky';
import { ErrorCode } from './error-codes';
import { $site } from './site.store';
import { showToast } from './toast.store';

/** Every answer of the API: `code` 1 is success, others come from the error catalogue. */
export type ApiResult<T> = { code: number; data: T; message: string };

/** Codes the spec says warn by themselves, wherever they come from (§8). */
const toastedCodes = new Set<number>([ErrorCode.RequestFailed, ErrorCode.SystemBusy, ErrorCode.LoginRequired, ErrorCode.CurrencyNotPayable]);

/** The message for a network failure, in the page's language; set by the shell at start. */
let requestFailedMessage = 'Request failed, please try again later';
export const setRequestFailedMessage = (message: string) => {
  requestFailedMessage = message;
};

const client = ky.create({
  prefix: '/api/v1',
  timeout: 60_000,
  retry: 0,
  throwHttpErrors: false,
  credentials: 'same-origin',
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const site = $site.get();
        request.headers.set('Language', site.languageAbbreviation);
        request.headers.set('Currency', site.currencyAbbreviation);
      },
    ],
  },
});

type Options = { json?: unknown; searchParams?: Record<string, string | number>; body?: FormData; quiet?: boolean };

async function call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, options: Options = {}): Promise<ApiResult<T>> {
  let result: ApiResult<T>;
  try {
    const response = await client(path.replace(/^\//, ''), {
      method,
      json: options.json,
      body: options.body,
      searchParams: options.searchParams,
    });
    result = (await response.json()) as ApiResult<T>;
  } catch {
    result = { code: ErrorCode.RequestFailed, data: null as T, message: requestFailedMessage };
  }
  if (!options.quiet && toastedCodes.has(result.code)) showToast('warning', result.message);
  return result;
}

/** The storefront's calls to /api/v1, with the stored Language and Currency on every request. */
export const api = {
  get: <T>(path: string, options?: Options) => call<T>('get', path, options),
  post: <T>(path: string, json?: unknown, options?: Options) => call<T>('post', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: Options) => call<T>('put', path, { ...options, json }),
  delete: <T>(path: string, options?: Options) => call<T>('delete', path, options),
};

export const isSuccess = <T>(result: ApiResult<T>): boolean => result.code === ErrorCode.Success;
