import type { CapturedAmount, DisputeInfo, PaymentProvider } from '../provider';
import { capturedAmount, type PaypalDispute } from './answers';
import type { PaypalClient } from './client';

/** Reading a dispute (a claim or a chargeback) as it stands at PayPal. */
export function paypalDisputes({ call, unexpected }: PaypalClient): Pick<PaymentProvider, 'dispute'> {
  return {
    async dispute(disputeId) {
      const response = await call('GET', `/v1/customer/disputes/${encodeURIComponent(disputeId)}`);
      if (!response.ok) return unexpected(response, 'the dispute');
      return disputeOf((await response.json()) as PaypalDispute);
    },
  };
}

/**
 * A dispute in the shop's words. PayPal's outcome codes: RESOLVED_BUYER_FAVOUR (and a payout, or an
 * accepted claim) are the buyer's, with `amount_refunded`; RESOLVED_SELLER_FAVOUR, CANCELED_BY_BUYER and
 * DENIED leave the money with the seller, and give back what a chargeback took: the money movements
 * crediting the seller a settlement (fees are not the order's money).
 */
function disputeOf(dispute: PaypalDispute): DisputeInfo {
  const code = dispute.dispute_outcome?.outcome_code;
  const buyer = code === 'RESOLVED_BUYER_FAVOUR' || code === 'RESOLVED_WITH_PAYOUT' || code === 'ACCEPTED';
  const open = dispute.status !== 'RESOLVED';
  return {
    disputeId: dispute.dispute_id,
    captureIds: (dispute.disputed_transactions ?? [])
      .map((transaction) => transaction.seller_transaction_id)
      .filter((id): id is string => Boolean(id)),
    reason: dispute.reason ?? 'OTHER',
    amount: capturedAmount(dispute.dispute_amount),
    open,
    outcome: open ? null : buyer ? 'buyer' : 'seller',
    refunded: buyer ? capturedAmount(dispute.dispute_outcome?.amount_refunded) : null,
    returnedToSeller: open || buyer ? null : settlementCredited(dispute.money_movements ?? []),
  };
}

/** What the money movements credited the seller as a dispute's settlement; null when nothing was. */
function settlementCredited(movements: NonNullable<PaypalDispute['money_movements']>): CapturedAmount | null {
  const credits = movements
    .filter(
      (movement) =>
        movement.affected_party === 'SELLER' &&
        movement.type === 'CREDIT' &&
        (movement.reason ?? 'DISPUTE_SETTLEMENT') === 'DISPUTE_SETTLEMENT',
    )
    .map((movement) => capturedAmount(movement.amount))
    .filter((amount): amount is CapturedAmount & { amount: number } => amount !== null && amount.amount !== null);
  const currency = credits[0]?.currency;
  if (!currency || credits.some((credit) => credit.currency !== currency)) return null;
  return { amount: credits.reduce((sum, credit) => sum + credit.amount, 0), currency };
}
