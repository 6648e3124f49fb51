import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { addresses, users, type DeliveryAddressSnapshot } from '@/server/db/schema';

/*
 * Self-referral: a second account of the same person earning its first account a rebate and itself the
 * friend discount. The strongest signal, one person's email written two ways, refuses the referral
 * outright; weaker ones a household could share (an address, a phone) hold it for an operator's review
 * (docs/decisions/076-money-after-the-sale.md, "Self-referral").
 */

/**
 * An email as one mailbox: lower case, the local part without `+tags` and without dots (most mail
 * providers deliver `a.na+shop@x` to `ana@x`; treating every domain so costs a rare false match, which
 * only withholds a 5 % discount).
 */
export function normaliseEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  return `${local.split('+')[0]!.replaceAll('.', '')}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

/** Whether two emails reach the same mailbox. */
export const sameMailbox = (one: string, other: string) => normaliseEmail(one) === normaliseEmail(other);

const digits = (phone: string) => phone.replace(/\D/g, '').slice(-9);
const place = (address: { address: string; zipCode: string; country: string }) =>
  `${address.address.toLowerCase().replace(/[^a-z0-9]/g, '')}|${address.zipCode.toLowerCase().replace(/\s/g, '')}|${address.country}`;

/**
 * The signals that an order's buyer may be its referrer: the order ships to one of the referrer's
 * saved addresses, or its phone is one of the referrer's. Empty when none.
 */
export async function referralSignals(db: Executor, beneficiaryId: number, delivery: DeliveryAddressSnapshot | null): Promise<string[]> {
  if (!delivery) return [];
  const [referrer] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, beneficiaryId));
  const saved = await db.select().from(addresses).where(eq(addresses.userId, beneficiaryId));
  const signals: string[] = [];
  if (saved.some((address) => place(address) === place(delivery))) signals.push('same delivery address');
  const phone = digits(delivery.phone);
  if (phone.length >= 6 && [referrer?.phone ?? '', ...saved.map((address) => address.phone)].some((known) => digits(known) === phone)) signals.push('same phone');
  return signals;
}
