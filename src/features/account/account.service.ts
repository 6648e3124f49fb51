import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { endPasswordResets, readNewPassword, readPassword } from '@/features/auth/auth.service';
import { hashPassword, verifyPassword } from '@/features/auth/password';
import { endSessions, type SignedIn, type User } from '@/features/auth/session';
import * as ErrorCode from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import type { ShopDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import type { ChangePasswordBody } from './account.schema';
import { prepareAvatar } from './avatar';

/** The fields a customer may change on their own account. */
type ProfileChanges = Partial<{
  firstName: string;
  lastName: string;
  phone: string;
  language: Language;
  headPictureKey: string;
}>;

export async function updateProfile(db: Executor, userId: number, changes: ProfileChanges): Promise<User> {
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!user) throw new ShopError(ErrorCode.LoginRequired);
  return user;
}

/**
 * Changes the password: -203 undecodable, -204 the new one breaks the rule, -207 the current one is
 * wrong. The customer's other sessions end, and her open reset links; this one stays signed in.
 */
export async function changePassword(
  { db, config }: Pick<ShopDeps, 'db' | 'config'>,
  signedIn: SignedIn,
  body: ChangePasswordBody,
): Promise<void> {
  const current = readPassword(body.oldPassword);
  const next = readNewPassword(body.newPassword);
  if (!(await verifyPassword(current, signedIn.user.passwordHash))) throw new ShopError(ErrorCode.WrongPassword);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(next, config.passwords.hashCost) })
    .where(eq(users.id, signedIn.user.id));
  await endSessions(db, signedIn.user.id, { except: signedIn.sessionId });
  await endPasswordResets(db, signedIn.user.id);
}

/**
 * Stores the re-encoded avatar under a key chosen here (`avatars/<userId>-<hash>.webp`), never the
 * client's name, and deletes the one it replaces: an earlier picture must not outlive its replacement
 * (nor, after an erasure, the account).
 */
export async function replaceHeadPicture(
  { db, storage, logger }: Pick<ShopDeps, 'db' | 'storage' | 'logger'>,
  userId: number,
  upload: Buffer,
): Promise<User> {
  const picture = await prepareAvatar(upload);
  const key = `avatars/${userId}-${createHash('sha256').update(picture).digest('hex').slice(0, 16)}.webp`;
  await storage.put(key, picture);
  const [before] = await db.select({ key: users.headPictureKey }).from(users).where(eq(users.id, userId));
  const user = await updateProfile(db, userId, { headPictureKey: key });
  if (before?.key && before.key !== key) {
    await storage
      .remove(before.key)
      .catch((error: unknown) => logger.error({ err: error, userId }, 'replaced avatar not deleted'));
  }
  return user;
}
