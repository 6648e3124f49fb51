import { toMajorUnits } from '@/lib/money';
import type { PaymentProvider, RefundResult } from '../provider';
import { capturedAmount, type PaypalRefund } from './answers';
import type { PaypalClient } from './client';

/** Refunding a capture through Payments v2, and reading a refund's status. */
export function paypalRefunds({
  call,
  unexpected,
  issueOf,
}: PaypalClient): Pick<PaymentProvider, 'refund' | 'refundStatus'> {
  return {
    async refund(captureId, amount, requestId) {
      const response = await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        requestId,
        body: { amount: { currency_code: amount.currency, value: toMajorUnits(amount.amount) } },
      });
      if (response.ok) return refundOf((await response.json()) as PaypalRefund);
      if (response.status === 422) {
        const issue = (await issueOf(response)) ?? 'UNPROCESSABLE_ENTITY';
        // Refunded in full already (by an earlier attempt whose answer was lost, or by hand at PayPal).
        if (issue === 'CAPTURE_FULLY_REFUNDED') return { status: 'completed', refundId: null };
        return { status: 'refused', reason: issue };
      }
      if (response.status === 403 || response.status === 404 || response.status === 400) {
        return { status: 'refused', reason: `HTTP ${response.status} ${(await issueOf(response)) ?? ''}`.trim() };
      }
      return unexpected(response, 'the refund');
    },

    async refundStatus(refundId) {
      const response = await call('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`);
      if (!response.ok) return unexpected(response, 'the refund status');
      return refundOf((await response.json()) as PaypalRefund);
    },
  };
}

function refundOf(refund: PaypalRefund): RefundResult {
  if (refund.status === 'COMPLETED')
    return {
      status: 'completed',
      refundId: refund.id,
      totalRefunded: capturedAmount(refund.seller_payable_breakdown?.total_refunded_amount),
    };
  if (refund.status === 'PENDING') return { status: 'pending', refundId: refund.id };
  return { status: 'refused', reason: refund.status };
}
