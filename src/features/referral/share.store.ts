import { atom } from 'nanostores';
import { $signedIn } from '@/features/auth/user.store';
import { $pendingShare, $shareDialog, openSignIn, type ShareType } from '@/features/shell/shell.store';
import { api, isSuccess } from '@/lib/api-client';
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

/** A signed-out visitor who asks to share signs in first; the dialog opens afterwards. */
export function requestShare(type: ShareType = 3, link?: string) {
  if (!$signedIn.get()) {
    $pendingShare.set(true);
    openSignIn('sign');
    return;
  }
  $shareDialog.set({ open: true, type, ...(link ? { link } : {}) });
}

/** After sign-in: open the share dialog the visitor asked for, once. */
export function openPendingShare() {
  if (!$pendingShare.get()) return;
  $pendingShare.set(false);
  $shareDialog.set({ open: true, type: 3 });
}
