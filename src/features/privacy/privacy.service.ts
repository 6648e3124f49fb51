import { eq } from 'drizzle-orm';
import { readPassword } from '@/features/auth/auth.service';
import { verifyPassword } from '@/features/auth/password';
import type { SignedIn } from '@/features/auth/session';
import * as ErrorCode from '@/lib/error-codes';
import type { ShopDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { eraseCustomer, type Erasure } from './erasure';
import type { DeleteAccountBody, MailPreference, MailPreferenceChange } from './privacy.schema';

/* The customer's privacy choices and requests, as the account page makes them. */

const preferenceColumns = {
  showItemNamesInMail: users.showItemNamesInMail,
  reviewRequestMail: users.reviewRequestMail,
};

export async function getMailPreference(db: Executor, userId: number): Promise<MailPreference> {
  const [row] = await db.select(preferenceColumns).from(users).where(eq(users.id, userId));
  if (!row) throw new ShopError(ErrorCode.LoginRequired);
  return row;
}

export async function updateMailPreference(
  db: Executor,
  userId: number,
  change: MailPreferenceChange,
): Promise<MailPreference> {
  const [row] = await db
    .update(users)
    .set({ showItemNamesInMail: change.showItemNamesInMail, reviewRequestMail: change.reviewRequestMail })
    .where(eq(users.id, userId))
    .returning(preferenceColumns);
  if (!row) throw new ShopError(ErrorCode.LoginRequired);
  return row;
}

/** "Delete my account": the password confirms it is the customer; -207 when it is wrong. */
export async function deleteOwnAccount(
  deps: Pick<ShopDeps, 'db' | 'storage' | 'logger'>,
  signedIn: SignedIn,
  body: DeleteAccountBody,
): Promise<Erasure> {
  const password = readPassword(body.password);
  if (!(await verifyPassword(password, signedIn.user.passwordHash))) throw new ShopError(ErrorCode.WrongPassword);
  return eraseCustomer(deps, signedIn.user.id);
}
