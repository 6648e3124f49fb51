import type { Config } from '../../config';
import { PaymentProviderError } from '../provider';
import type { PaypalError } from './answers';

export type PaypalSettings = Config['payment']['paypal'];

/** Refresh a token this long before PayPal says it expires, so no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;

type Token = { value: string; expiresAt: number };

/** PayPal's REST API as the provider's steps call it: authorised JSON calls, and how an unexpected answer fails. */
export type PaypalClient = {
  call: (
    method: 'GET' | 'POST',
    path: string,
    options?: { body?: unknown; rawBody?: string; requestId?: string },
  ) => Promise<Response>;
  unexpected: (response: Response, what: string) => Promise<never>;
  /** The first issue PayPal names in a refusal's details. */
  issueOf: (response: Response) => Promise<string | undefined>;
};

/** The OAuth2 client credentials' token, shared by every call, and the calls themselves. */
export function createPaypalClient(settings: PaypalSettings, clock: () => number): PaypalClient {
  let token: Promise<Token> | null = null;

  async function requestToken(): Promise<Token> {
    const credentials = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const response = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new PaymentProviderError(`PayPal refused the credentials (HTTP ${response.status})`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    return { value: body.access_token, expiresAt: clock() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
  }

  /** One token for every call until it nears expiry; parallel calls share one token request. */
  async function accessToken(): Promise<string> {
    const current = token && (await token.catch(() => null));
    if (current && current.expiresAt > clock()) return current.value;
    token = requestToken();
    return (await token).value;
  }

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${settings.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      throw new PaymentProviderError(`PayPal did not answer ${path}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** An authorised JSON call; a 401 (a token PayPal revoked early) is retried once with a fresh token. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; rawBody?: string; requestId?: string } = {},
  ): Promise<Response> {
    const attempt = async () =>
      send(path, {
        method,
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
          ...(options.requestId ? { 'PayPal-Request-Id': options.requestId } : {}),
        },
        ...(options.rawBody !== undefined
          ? { body: options.rawBody }
          : options.body === undefined
            ? {}
            : { body: JSON.stringify(options.body) }),
      });
    const response = await attempt();
    if (response.status !== 401) return response;
    token = null;
    return attempt();
  }

  async function unexpected(response: Response, what: string): Promise<never> {
    const body = await response.text().catch(() => '');
    throw new PaymentProviderError(`PayPal answered ${what} with HTTP ${response.status}: ${body.slice(0, 500)}`);
  }

  const issueOf = async (response: Response) =>
    ((await response.json().catch(() => ({}))) as PaypalError).details?.[0]?.issue;

  return { call, unexpected, issueOf };
}
