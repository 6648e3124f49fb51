import { saveRefereeCode } from '@/features/auth/user.store';
import { api, isSuccess } from '@/lib/api-client';
import { readSession, writeSession } from '@/lib/browser-storage';
import { showToast } from '@/lib/toast.store';
import type { ShareVisit } from './referral.schema';

/** A note the next page shows once (the referral page goes on to the home page at once). */
const NOTE_KEY = 'referralNote';

/**
 * `/{code}` (spec §2): tells the server about the visit once (it counts it and says whether the code
 * is known), keeps a known code as the referee code, and goes on to the home page. An unknown code is
 * not kept; the home page says so discreetly. See docs/decisions/029.
 */
export async function enterWithReferralCode(pathname: string, unknownNote: string) {
  // A page the browser prerenders on speculation is no visit until the visitor actually opens it.
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    await new Promise((resolve) => document.addEventListener('prerenderingchange', resolve, { once: true }));
  }
  const code = decodeURIComponent(pathname.replace(/^\/+|\/+$/g, ''));
  const result = await api.post<ShareVisit>('share/visit', { code }, { quiet: true });
  // A failed request keeps the code: registration checks it again and ignores an unknown one.
  const known = isSuccess(result) ? result.data.known : true;
  if (known) saveRefereeCode(code);
  else writeSession(NOTE_KEY, unknownNote);
  location.replace('/');
}

/**
 * Shows the note the referral page left, once, on the page it goes on to: the referral page's own
 * start-up may still run while that page arrives, and the note read there would be lost with it.
 */
export function showReferralNote(route: string) {
  if (route === '/referral') return;
  const note = readSession<string | null>(NOTE_KEY, null);
  if (!note) return;
  writeSession(NOTE_KEY, null);
  showToast('warning', note);
}
