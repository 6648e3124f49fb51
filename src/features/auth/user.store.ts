import { computed } from 'nanostores';
import { api, isSuccess, type ApiResult } from '@/lib/api-client';
import { clearSession, readSession, storedAtom, writeSession } from '@/lib/browser-storage';
import { encodePassword, signedOutUserInfo } from './auth';
import type { SignInBody, UserInfo } from './auth.schema';

/**
 * User and order state live in browser storage under one key (spec §3), shared by the browser's
 * tabs: signing in or out in one shows in the others.
 */
export const SHOP_STATE_KEY = 'energy-shop';
const REFEREE_CODE_KEY = 'refereeCode';

type ShopState = { user?: UserInfo; payEmail?: string; couponId?: string; backUrl?: string };

const $shopState = storedAtom<ShopState>(SHOP_STATE_KEY, {});
export const saveShopState = (patch: Partial<ShopState>) => $shopState.set({ ...$shopState.get(), ...patch });
export const readShopState = (): ShopState => $shopState.get();

export const $user = computed($shopState, (state) => state.user ?? signedOutUserInfo);
/** Signed in means both the email and the user id are known. */
export const $signedIn = computed($user, (user) => Boolean(user.email && user.userId));

export const setUser = (user: UserInfo) => saveShopState({ user });

export const readRefereeCode = () => readSession<string | null>(REFEREE_CODE_KEY, null);
export const saveRefereeCode = (code: string) => writeSession(REFEREE_CODE_KEY, code);

/**
 * Refreshes the user from the server. Only the server's answer signs a visitor out: a request that
 * fails (no network, a server error) keeps what this browser knew, rather than sending a signed-in
 * customer away from the page they opened; the page's own calls still need the session.
 */
export async function loadUser() {
  const refereeCode = readRefereeCode();
  const result = await api.get<UserInfo>('login/getUserInfo', {
    searchParams: refereeCode ? { refereeCode } : {},
    quiet: true,
  });
  if (isSuccess(result)) setUser(result.data);
}

/**
 * What a sign-in or registration in this tab sets off beyond the user, one feature's part each, told
 * here and added by the page's start-up (shell/boot.ts): the sign form knows none of the features that
 * react. Each moment's hooks run in the order they were added.
 */
export type SignInHook = {
  /** What the request carries for this feature (the browser's cart, which the server merges into the account's). */
  request?: () => Pick<SignInBody, 'cart'>;
  /** The server has signed the visitor in; this tab's session storage is cleared next (the referee code is used up). */
  signedIn?: () => void;
  /** The account has loaded; the sign form is not yet done. */
  accountLoaded?: () => Promise<void>;
  /**
   * The sign form is done: on a desktop its dialog has closed and what follows shows on `this page`; a
   * phone is about to leave /sign, and what follows shows on the `next page`.
   */
  finished?: (page: 'this page' | 'next page') => void;
};

const hooks: SignInHook[] = [];
/** The hooks added so far, which the sign form runs at each moment. */
export const signInHooks: readonly SignInHook[] = hooks;
/** Adds one feature's part in a sign-in; the page's start-up does, once per page. */
export const onSignIn = (hook: SignInHook) => void hooks.push(hook);

let everyHookAdded = () => {};
const hooksAdded = new Promise<void>((resolve) => (everyHookAdded = resolve));
/**
 * The page's start-up has added every feature's part. A sign-in waits for it: the sign form can wake
 * before the header's code that starts the page, and a sign-in sent then must still carry the cart.
 */
export const signInHooksAdded = () => everyHookAdded();

const carried = async () => {
  await hooksAdded;
  return Object.assign({}, ...hooks.map((hook) => hook.request?.())) as Pick<SignInBody, 'cart'>;
};

export async function signIn(body: { email: string; password: string }): Promise<ApiResult<UserInfo>> {
  const result = await api.post<UserInfo>('login/pwdLogin', {
    ...body,
    ...(await carried()),
    password: encodePassword(body.password),
    refereeCode: readRefereeCode(),
  });
  if (isSuccess(result)) setUser(result.data);
  return result;
}

export async function register(body: { firstName: string; lastName: string; email: string; password: string }) {
  const result = await api.post<UserInfo>('login/register', {
    ...body,
    ...(await carried()),
    password: encodePassword(body.password),
    refereeCode: readRefereeCode(),
  });
  if (isSuccess(result)) setUser(result.data);
  return result;
}

/** Logout clears the user, the session cookie (server side), the referee code, and reloads. */
export async function logout() {
  await api.get('login/loginOut', { quiet: true });
  setUser(signedOutUserInfo);
  clearSession();
  location.reload();
}
