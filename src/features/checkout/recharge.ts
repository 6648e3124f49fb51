import type { User } from '@/features/auth/session';
import type { RechargeBody } from '@/features/energy/energy.schema';
import { insertOrder } from '@/features/orders/insert-order';
import type { OrderDeps, OrderRow } from '@/features/orders/orders.service';
import { checkPayMethod, checkShopCurrency } from '@/features/payments/pay-methods';
import type { Currency } from '@/lib/locale';
import { priceOfPoints } from '@/lib/money';
import { OrderStatus } from '@/lib/order-status';

/**
 * A recharge: an order of kind `recharge` (no lines, no address) in status 2, priced in the request's
 * currency, carrying the points it credits. The customer pays it with `pay/payment` like any order;
 * the points are credited once when it becomes paid (the `paid` order hook, which the assembly wires to the energy ledger).
 */
export async function createRecharge(
  deps: OrderDeps,
  user: User,
  body: RechargeBody,
  currency: Currency,
  now = new Date(),
): Promise<OrderRow> {
  checkShopCurrency(deps, currency);
  checkPayMethod(deps, body.payMethod, currency);
  const amount = priceOfPoints(body.points, currency, deps.config.referenceRates);
  return insertOrder(deps.db, now, {
    userId: user.id,
    kind: 'recharge',
    status: OrderStatus.PaymentPending,
    currency,
    goodsTotal: amount,
    discountAmount: 0,
    payAmount: amount,
    energyPoints: body.points,
    rebateBeneficiaryId: null,
    payMethod: body.payMethod,
    email: user.email,
    language: user.language,
    deliveryAddress: null,
    expiresAt: new Date(now.getTime() + deps.config.orders.paymentMinutes * 60_000),
  });
}
