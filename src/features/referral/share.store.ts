import { atom } from 'nanostores';
import { $signedIn, type SignInHook } from '@/features/auth/user.store';
import { $pendingShare, $shareDialog, openSignIn, type ShareType } from '@/lib/shell.store';
import { api, isSuccess } from '@/lib/api-client';
import { readSession, writeSession } from '@/lib/browser-storage';
import type { MyShare } from './referral.schema';

/** The customer's share code and rebate rate (spec §3 "myShare"). */
export const $myShare = atom<MyShare | null>(null);

export async function loadMyShare() {
  const result = await api.get<MyShare>('share/getMyShare', { quiet: true });
  $myShare.set(isSuccess(result) ? result.data : null);
}

/** Share links (spec §2): `/order?code=…` for a gift (type 1), `/{shareCode}` for the header share (type 3). */
export const shareLink = (origin: string, type: ShareType, code: string) =>
  type === 1 ? `${origin}/order?code=${encodeURIComponent(code)}` : `${origin}/${encodeURIComponent(code)}`;

/*
 * The pending-share flag (spec §4) lives in memory and, for the phone's trip to /sign and back (other
 * documents), in session storage under one key. This is the only storage the flag uses.
 */
const PENDING_SHARE_KEY = 'pendingShare';

/** Remembers that the visitor asked to share, across the pages of this tab. */
export function rememberPendingShare() {
  $pendingShare.set(true);
  writeSession(PENDING_SHARE_KEY, true);
}

/** Whether a share waits for the sign-in, on this page or an earlier one of the tab. */
export const isSharePending = () => $pendingShare.get() || readSession(PENDING_SHARE_KEY, false);

/** A signed-out visitor who asks to share signs in first; the dialog opens afterwards. */
export function requestShare(type: ShareType = 3, link?: string) {
  if (!$signedIn.get()) {
    rememberPendingShare();
    openSignIn('sign');
    return;
  }
  $shareDialog.set({ open: true, type, ...(link ? { link } : {}) });
}

/** After sign-in (on this page, or on the page a phone returns to from /sign): open the share dialog asked for, once. */
export function openPendingShare() {
  if (!isSharePending()) return;
  $pendingShare.set(false);
  writeSession(PENDING_SHARE_KEY, null);
  $shareDialog.set({ open: true, type: 3 });
}

/** Whether a share waited when the visitor signed in (kept before the sign-in clears the tab's session storage). */
let pendingAtSignIn = false;

/** A share asked for before signing in opens after it: on this page, or on the page a phone returns to from /sign. */
export const shareOnSignIn: SignInHook = {
  signedIn: () => {
    pendingAtSignIn = isSharePending();
  },
  finished: (page) => {
    if (page === 'this page') openPendingShare();
    else if (pendingAtSignIn) rememberPendingShare();
  },
};
