import { loadUser, saveRefereeCode } from '@/features/auth/user.store';

/**
 * `/{code}` (spec §2): keeps the code as the referee code for this visit, refreshes the user info
 * (the server counts the visit), and goes on to the home page.
 */
export async function enterWithReferralCode(pathname: string) {
  const code = decodeURIComponent(pathname.replace(/^\/+|\/+$/g, ''));
  if (/^[A-Za-z0-9]{4,16}$/.test(code)) saveRefereeCode(code);
  await loadUser();
  location.replace('/');
}
