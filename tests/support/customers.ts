import { eq } from 'drizzle-orm';
import { encodePassword } from '@/features/auth/auth';
import type { UserInfo } from '@/features/auth/auth.schema';
import { captchas } from '@/server/db/schema';
import type { TestApi } from './api';

/* Customers for API tests: register, sign in, and call as them with their session cookie. */

let sequence = 0;
export const uniqueEmail = (name = 'customer') => `${name}.${process.pid}.${(sequence += 1)}@example.com`;

export const DEFAULT_PASSWORD = 'secret123';

/** The session token a response set: a string, '' when it cleared the cookie, undefined when untouched. */
export function sessionTokenOf(response: { headers: Headers }): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^token=([^;]*)/.exec(cookie);
    if (match) return match[1];
  }
  return undefined;
}

export const cookieFor = (token: string) => ({ Cookie: `token=${token}` });

export type Customer = { email: string; password: string; token: string; user: UserInfo; headers: { Cookie: string } };

type RegisterFields = Partial<{
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  refereeCode: string;
  cart: unknown[];
}>;

export async function signUp(
  shop: TestApi,
  fields: RegisterFields = {},
  init: { language?: string; headers?: Record<string, string> } = {},
): Promise<Customer> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? DEFAULT_PASSWORD;
  const response = await shop.post<UserInfo>(
    '/login/register',
    { firstName: 'Mei', lastName: 'Tan', ...fields, email, password: encodePassword(password) },
    init,
  );
  if (response.body?.code !== 1) throw new Error(`registration failed: ${JSON.stringify(response.body)}`);
  const token = sessionTokenOf(response)!;
  return { email, password, token, user: response.body.data, headers: cookieFor(token) };
}

export function signIn(
  shop: TestApi,
  email: string,
  password: string,
  init: { language?: string; headers?: Record<string, string>; cart?: unknown[] } = {},
) {
  const { cart, ...rest } = init;
  return shop.post<UserInfo>(
    '/login/pwdLogin',
    { email, password: encodePassword(password), ...(cart ? { cart } : {}) },
    rest,
  );
}

/** A fresh captcha: its cookie header and its answer, read where only the server keeps it. */
export async function solveCaptcha(shop: TestApi, headers: Record<string, string> = {}) {
  const response = await shop.app.request('/api/v1/captcha/mathGenerator', { headers });
  const id = /captcha=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1];
  if (!id) throw new Error(`no captcha: HTTP ${response.status}`);
  const [row] = await shop.db.select({ answer: captchas.answer }).from(captchas).where(eq(captchas.id, id));
  return { cookie: `captcha=${id}`, answer: String(row!.answer) };
}

/** Uploads an avatar as the browser does: multipart, field `file`. */
export function uploadHeadPicture(
  shop: TestApi,
  headers: Record<string, string>,
  bytes: Uint8Array,
  name = 'me.png',
  type = 'image/png',
) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return shop.app.request('/api/v1/account/updateHeadPicture', {
    method: 'PUT',
    body: form,
    headers: { Origin: shop.config.publicOrigin, ...headers },
  });
}
