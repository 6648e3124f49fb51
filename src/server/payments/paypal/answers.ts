import { parseMajorUnits } from '@/lib/money';
import type { CapturedAmount } from '../provider';

/*
 * PayPal's answers as the shop reads them, after PayPal's published API definitions (checkout_orders_v2,
 * payments_payment_v2, customer_disputes_v1, notifications_webhooks_v1).
 */

export type PaypalLink = { href: string; rel: string };
export type PaypalMoney = { currency_code?: string; value?: string };
export type PaypalCapture = { id: string; status: string; status_details?: { reason?: string }; amount?: PaypalMoney };
export type PaypalRefund = {
  id: string;
  status: string;
  links?: PaypalLink[];
  seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney };
};
export type PaypalDispute = {
  dispute_id: string;
  status?: string;
  reason?: string;
  dispute_amount?: PaypalMoney;
  disputed_transactions?: { seller_transaction_id?: string }[];
  dispute_outcome?: { outcome_code?: string; amount_refunded?: PaypalMoney };
  money_movements?: { affected_party?: string; type?: string; amount?: PaypalMoney; reason?: string }[];
};
export type PaypalAuthentication = {
  liability_shift?: string;
  three_d_secure?: { enrollment_status?: string; authentication_status?: string };
};
export type PaypalOrder = {
  id: string;
  status: string;
  links?: PaypalLink[];
  payment_source?: { card?: { authentication_result?: PaypalAuthentication } };
  payer?: { payer_id?: string };
  purchase_units?: { payments?: { captures?: PaypalCapture[] } }[];
};
export type PaypalError = { name?: string; details?: { issue?: string }[] };
export type PaypalWebhookEvent = {
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    status_details?: { reason?: string };
    amount?: PaypalMoney;
    links?: PaypalLink[];
    supplementary_data?: { related_ids?: { order_id?: string } };
    seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney };
    dispute_id?: string;
  };
};

/** What PayPal says it captured, in minor units (PayPal's currencies the shop takes have two decimals). */
export function capturedAmount(amount: PaypalMoney | undefined): CapturedAmount | null {
  if (!amount?.currency_code || amount.value === undefined) return null;
  return { amount: parseMajorUnits(amount.value), currency: amount.currency_code };
}
