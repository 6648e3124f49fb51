import { atom } from 'nanostores';

/**
 * State the shell's islands share: which dialog is open, and the mobile page title. It sits below every
 * feature: the features open these overlays (sign-in, cart, share), the shell shows them.
 */

export type SignType = 'sign' | 'register' | 'reset';
export type ShareType = 1 | 3;

export const $signDialog = atom<{ open: boolean; type: SignType }>({ open: false, type: 'sign' });
export const $cartDrawerOpen = atom(false);
export const $shareDialog = atom<{ open: boolean; type: ShareType; link?: string }>({ open: false, type: 3 });
/** Set when a signed-out visitor asked to share: the share dialog opens once they have signed in. */
export const $pendingShare = atom(false);
export const $mobileTitle = atom('');

export const MOBILE_QUERY = '(max-width: 768px)';
export const isMobile = () => typeof matchMedia === 'function' && matchMedia(MOBILE_QUERY).matches;

/** Sign-in: the dialog on desktop, the /sign page on mobile. */
export function openSignIn(type: SignType = 'sign') {
  if (isMobile()) {
    if (location.pathname !== '/sign')
      location.assign(`/sign?type=${type}&link=${encodeURIComponent(location.pathname + location.search)}`);
    else $signDialog.set({ open: false, type });
    return;
  }
  $cartDrawerOpen.set(false);
  $signDialog.set({ open: true, type });
}

export const closeSignDialog = () => $signDialog.set({ ...$signDialog.get(), open: false });
export const switchSignType = (type: SignType) => $signDialog.set({ ...$signDialog.get(), type });
