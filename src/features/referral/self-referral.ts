import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@/server/db/client';
import { addresses, customerBrowsers, orders, payments, users, type DeliveryAddressSnapshot } from '@/server/db/schema';

/*
 * Self-referral: a second account of the same person earning its first account a rebate and itself the
 * friend discount. The strongest signal, one person's email written two ways, refuses the referral
 * outright (auth's `sameMailbox`); others hold it for an operator's review: an address or a phone a
 * household could share, a PayPal account, a browser (docs/decisions/076-money-after-the-sale.md,
 * "Self-referral").
 */

const digits = (phone: string) => phone.replace(/\D/g, '').slice(-9);
const place = (address: { address: string; zipCode: string; country: string }) =>
  `${address.address.toLowerCase().replace(/[^a-z0-9]/g, '')}|${address.zipCode.toLowerCase().replace(/\s/g, '')}|${address.country}`;

/**
 * The signals that an order's buyer may be its referrer: the order ships to one of the referrer's
 * saved addresses, or its phone is one of the referrer's; the PayPal account that paid it also paid
 * one of the referrer's own orders; it was placed from a browser the referrer signed in from. Empty
 * when none. An IP address is never one (decision 076).
 */
export async function referralSignals(
  db: Executor,
  beneficiaryId: number,
  order: { id: number; deliveryAddress: DeliveryAddressSnapshot | null; browserHash: string | null },
): Promise<string[]> {
  const signals: string[] = [];
  const delivery = order.deliveryAddress;
  if (delivery) {
    const [referrer] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, beneficiaryId));
    const saved = await db.select().from(addresses).where(eq(addresses.userId, beneficiaryId));
    if (saved.some((address) => place(address) === place(delivery))) signals.push('same delivery address');
    const phone = digits(delivery.phone);
    if (
      phone.length >= 6 &&
      [referrer?.phone ?? '', ...saved.map((address) => address.phone)].some((known) => digits(known) === phone)
    )
      signals.push('same phone');
  }
  const payer = alias(payments, 'payer');
  const [samePayer] = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(payer, and(eq(payer.orderId, order.id), eq(payer.payerId, payments.payerId)))
    .where(eq(orders.userId, beneficiaryId))
    .limit(1);
  if (samePayer) signals.push('same PayPal account');
  if (order.browserHash) {
    const [sameBrowser] = await db
      .select({ userId: customerBrowsers.userId })
      .from(customerBrowsers)
      .where(and(eq(customerBrowsers.userId, beneficiaryId), eq(customerBrowsers.browserHash, order.browserHash)));
    if (sameBrowser) signals.push('same browser');
  }
  return signals;
}
