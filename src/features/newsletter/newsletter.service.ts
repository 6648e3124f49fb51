import { ErrorCode } from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import { isValidEmail } from '@/lib/validation';
import type { Executor } from '@/server/db/client';
import { newsletterSubscribers } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import type { SubscribeBody } from './newsletter.schema';

/** Subscribes an address once; the same address in any letter case answers -224. */
export async function addSubscriber(db: Executor, body: SubscribeBody, language: Language): Promise<void> {
  if (!isValidEmail(body.email)) throw new ShopError(ErrorCode.InvalidEmail);
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ name: body.subscribeName, email: body.email, language })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length === 0) throw new ShopError(ErrorCode.AlreadySubscribed);
}
