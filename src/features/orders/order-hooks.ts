import type { ReferenceRates } from '@/lib/money';
import type { Executor } from '@/server/db/client';
import type { orders } from '@/server/db/schema';

type OrderPoints = Pick<typeof orders.$inferSelect, 'id' | 'kind' | 'userId' | 'energyPoints'>;

/**
 * What an order's money sets off in other features (the energy ledger: a recharge's points, the points
 * an order was paid with, rebates), told by orders and payments where it happens and run inside the
 * same transaction, so the order and what follows from it change together or not at all. The assembly
 * wires them (src/app/order-reactions.ts); orders and payments import none of the features that react.
 */
export type OrderHooks = {
  /** The order became paid. */
  paid(tx: Executor, order: OrderPoints, now: Date): Promise<void>;
  /** These completed goods orders earn their rebates now (at completion, or when the return window closed). */
  rebatesDue(tx: Executor, orderIds: number[], rates: ReferenceRates, now: Date): Promise<void>;
  /** Money went back from the order: `goneBack` of the `held` it was paid with, a running total. */
  moneyWentBack(tx: Executor, order: OrderPoints, goneBack: number, held: number, now: Date): Promise<void>;
  /** Money that went back came back (a chargeback the shop won); `step` is the movement that brought it. */
  moneyCameBack(
    tx: Executor,
    order: OrderPoints,
    goneBack: number,
    held: number,
    step: number,
    now: Date,
  ): Promise<void>;
  /** The order's money is all back: what was spent on it (points, a gift's points) returns. */
  refunded(tx: Executor, orderId: number, now: Date): Promise<void>;
};

let wired: OrderHooks | undefined;

/** The assembly tells orders who reacts; once per process, before any order moves. */
export function wireOrderHooks(hooks: OrderHooks): void {
  wired = hooks;
}

/** The hooks the assembly wired. An order never moves without them: points and rebates would silently not follow. */
export function orderHooks(): OrderHooks {
  if (!wired) throw new Error('The order hooks are not wired: import src/app/order-reactions.ts in this entry point.');
  return wired;
}
