import { and, eq, isNull } from 'drizzle-orm';
import { normalizeCode, sameMailbox } from '@/features/auth/auth';
import { findUserByCode, type NewCustomer } from '@/features/auth/auth.service';
import type { User } from '@/features/auth/session';
import { priceItems } from '@/features/cart/cart.service';
import type { CartLine } from '@/features/cart/cart.schema';
import type { CatalogueReader } from '@/features/catalogue/catalogue-products.service';
import * as ErrorCode from '@/lib/error-codes';
import { currencySymbols } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import { addresses, users, type DeliveryAddressSnapshot } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { totalOrder, type OrderTotals } from '@/features/orders/orders';
import type { CreateOrderBody, OrderQuote, QuoteOrderBody, ReferralDiscount } from '@/features/orders/orders.schema';
import type { OrderDeps } from '@/features/orders/orders.service';
import { checkShopCurrency } from '@/features/payments/pay-methods';
import { addressValues } from '@/features/delivery/delivery.service';
import { chargeOrder } from '@/features/shipping/charges';
import { priceDelivery, type Destination } from '@/features/shipping/shipping.service';
import { checkSalesRules, readSalesRuleBook, refusedPayMethods } from '@/features/sales-rules/sales-rules.service';
import { missingAgeCheck } from '@/features/sales-rules/age-checks.service';
import { payMethods } from '@/lib/pay-methods';

/* Pricing a checkout before it is placed: its lines, the friend discount of a discount code, delivery and what is due. */

/** Who is checking out: a signed-in customer, or a guest whose account is created with the order. */
export type Buyer = { user: User } | { guest: NewCustomer };

export type PricedLine = CartLine & { unitPrice: number };

/**
 * -210 unknown, -231 taken down or short of stock, -222 not sold in the request's currency. `placing`:
 * the stock is left to the order's statement, which reserves it as it is then (or takes over the units
 * the customer's earlier order of this very cart holds, `insertPlacedOrder`) and answers -231 when
 * short, so it is not read before.
 */
export async function priceCheckout(
  reader: CatalogueReader,
  items: CreateOrderBody['items'],
  placing = false,
): Promise<PricedLine[]> {
  const { list } = await priceItems(reader, items, 'refuse', placing ? 'kept' : 'live');
  return list.map((line) => {
    if (!line.onSale || (!placing && line.stock < line.goodsQuantity)) throw new ShopError(ErrorCode.InsufficientStock);
    if (line.unitPrice === null) throw new ShopError(ErrorCode.CurrencyNotPayable);
    return { ...line, unitPrice: line.unitPrice };
  });
}

/** The address to ship to: typed at checkout, or one of the customer's own (someone else's answers like a missing one). */
export async function deliveryAddressOf(
  db: Executor,
  body: CreateOrderBody,
  buyer: Buyer,
): Promise<DeliveryAddressSnapshot> {
  if (body.deliveryAddress) return addressValues(body.deliveryAddress);
  const [saved] =
    'user' in buyer && body.addressId !== undefined
      ? await db
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, body.addressId), eq(addresses.userId, buyer.user.id)))
      : [];
  if (!saved) throw new ShopError(ErrorCode.IllegalRequest, { field: 'addressId', status: 404 });
  return addressValues(saved);
}

/**
 * The owner of a discount code: another customer's share code, in any letter case. Unknown codes
 * (and codes of disabled accounts) and the buyer's own code answer -218 naming `discountCode`.
 */
async function findDiscountOwner(db: Executor, code: string | undefined, buyer: BuyerIdentity): Promise<User | null> {
  const shareCode = normalizeCode(code ?? '');
  if (shareCode === '') return null;
  const [owner] = await db
    .select()
    .from(users)
    .where(and(eq(users.shareCode, shareCode), isNull(users.disabledAt)));
  if (!owner)
    throw new ShopError(ErrorCode.IllegalRequest, {
      field: 'discountCode',
      message: 'order.discountCode.unknown',
      data: { field: 'discountCode', reason: 'unknown-code' },
    });
  // The buyer's own code, or the code of another account of the same mailbox (self-referral).
  if (owner.id === buyer.id || (buyer.email && sameMailbox(owner.email, buyer.email))) {
    throw new ShopError(ErrorCode.IllegalRequest, {
      field: 'discountCode',
      message: 'order.discountCode.own',
      data: { field: 'discountCode', reason: 'own-code' },
    });
  }
  return owner;
}

type DiscountedOrder = { discountOwner: User | null; totals: OrderTotals };

/**
 * The goods total less discount priced for a destination: its shipping (the chosen method) and tax,
 * and what is due. The quote and the order share it, so the figures shown are the figures charged.
 */
export async function chargeFor(
  deps: Pick<OrderDeps, 'db'>,
  reader: CatalogueReader,
  totals: OrderTotals,
  destination: Destination,
) {
  const delivery = await priceDelivery(
    { db: deps.db, cache: reader.cache },
    reader.currency,
    reader.language,
    totals.goodsTotal - totals.discountAmount,
    destination,
  );
  const { choices, shippingMethod, ...charges } = delivery;
  return { totals: { ...totals, ...charges }, choices, shippingMethod };
}

/**
 * The one discount rule of checkout, for the quote and for the order: priced lines less the friend
 * discount of a valid discount code (-218 naming `discountCode` otherwise).
 */
/** Who buys, as far as known: the signed-in customer, or a guest's email. */
type BuyerIdentity = { id?: number | undefined; email?: string | undefined };

export async function discountOrder(
  deps: Pick<OrderDeps, 'db' | 'config'>,
  lines: PricedLine[],
  discountCode: string | undefined,
  buyer: BuyerIdentity,
): Promise<DiscountedOrder> {
  const discountOwner = await findDiscountOwner(deps.db, discountCode, buyer);
  const totals = totalOrder(
    lines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.goodsQuantity })),
    discountOwner ? deps.config.referral.friendDiscountPercent : 0,
  );
  return { discountOwner, totals };
}

/** What an order of these items with this code would cost, without placing it (nothing is reserved). */
export async function quoteOrder(
  deps: Pick<OrderDeps, 'db' | 'config'>,
  reader: CatalogueReader,
  body: QuoteOrderBody,
  signedIn: User | undefined,
): Promise<OrderQuote> {
  checkShopCurrency(deps, reader.currency);
  const lines = await priceCheckout(reader, body.items);
  const discounted = await discountOrder(deps, lines, body.discountCode, { id: signedIn?.id, email: signedIn?.email });
  const { totals, choices, shippingMethod } = body.country
    ? await chargeFor(deps, reader, discounted.totals, {
        country: body.country,
        state: body.state ?? '',
        shippingMethodId: body.shippingMethodId,
      })
    : {
        totals: { ...discounted.totals, ...chargeOrder(discounted.totals.payAmount, 0, null) },
        choices: [],
        shippingMethod: null,
      };
  // The destination is known to the shop now (chargeFor refused one it does not know): -260 for lines not sold there.
  const where = body.country ? { country: body.country, state: body.state ?? '' } : null;
  const book = where ? await readSalesRuleBook({ db: deps.db, cache: reader.cache }) : null;
  if (book && where) checkSalesRules(book, lines, where);
  return {
    currency: reader.currency,
    symbol: currencySymbols[reader.currency],
    ...totals,
    shippingMethods: choices,
    shippingMethodId: shippingMethod?.shippingMethodId ?? null,
    discountCode: discounted.discountOwner?.shareCode ?? null,
    refusedPayMethods:
      book && where ? (refusedPayMethods(book, payMethods, lines, where) as OrderQuote['refusedPayMethods']) : [],
    ageCheckProvider: book && where ? await missingAgeCheck(deps.db, book, where, signedIn?.id) : null,
  };
}

/**
 * The code checkout starts with (docs/decisions/025-checkout-discount-and-addresses.md): the share
 * code behind the code the visitor arrived with (a share or personal code), else the share code of
 * the customer who referred the signed-in buyer. Never the buyer's own, nor a disabled customer's.
 */
export async function referralDiscountCode(
  db: Executor,
  refereeCode: string | undefined,
  signedIn: User | undefined,
): Promise<ReferralDiscount> {
  const usable = (owner: User | undefined) =>
    owner && !owner.disabledAt && owner.id !== signedIn?.id ? owner : undefined;
  const arrivedWith = usable(refereeCode ? await findUserByCode(db, refereeCode) : undefined);
  const [referrer] =
    !arrivedWith && signedIn?.referrerId ? await db.select().from(users).where(eq(users.id, signedIn.referrerId)) : [];
  return { discountCode: (arrivedWith ?? usable(referrer))?.shareCode ?? null };
}
