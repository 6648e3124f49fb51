import type { PaymentProvider, WebhookEvent } from '../provider';
import { capturedAmount, type PaypalLink, type PaypalWebhookEvent } from './answers';
import type { PaypalClient, PaypalSettings } from './client';

/** A webhook's event, once PayPal's own verification call says PayPal signed it. */
export function paypalWebhooks(
  { call, unexpected }: PaypalClient,
  settings: PaypalSettings,
): Pick<PaymentProvider, 'verifyWebhook'> {
  return {
    async verifyWebhook(headers, rawBody) {
      const header = (name: string) => headers.get(name) ?? '';
      const signature = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
      };
      if (!settings.webhookId || Object.values(signature).some((value) => value === '')) return null;
      let event: PaypalWebhookEvent;
      try {
        event = JSON.parse(rawBody) as PaypalWebhookEvent;
      } catch {
        return null;
      }
      if (typeof event !== 'object' || event === null || Array.isArray(event)) return null;
      // PayPal signed the body as it sent it: the event goes back byte for byte, never re-encoded.
      const fields = JSON.stringify({ ...signature, webhook_id: settings.webhookId });
      const body = `${fields.slice(0, -1)},"webhook_event":${rawBody}}`;
      const response = await call('POST', '/v1/notifications/verify-webhook-signature', { rawBody: body });
      if (!response.ok) return unexpected(response, 'the webhook verification');
      if (((await response.json()) as { verification_status?: string }).verification_status !== 'SUCCESS') return null;
      return toWebhookEvent(event);
    },
  };
}

/** The capture id a refund belongs to: its `up` link (…/v2/payments/captures/{id}). */
function captureIdOfRefund(links: PaypalLink[] | undefined): string | null {
  const up = links?.find((candidate) => candidate.rel === 'up')?.href;
  const match = up ? /\/captures\/([^/?#]+)/.exec(up) : null;
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The events the shop acts on; a capture's PayPal order is in its related ids. */
function toWebhookEvent(event: PaypalWebhookEvent): WebhookEvent {
  const eventType = event.event_type ?? '';
  const resource = event.resource;
  if (eventType === 'CHECKOUT.ORDER.APPROVED' && resource?.id)
    return { type: 'order-approved', providerOrderId: resource.id };
  if (eventType === 'PAYMENT.CAPTURE.REFUNDED' && resource?.id && resource.status === 'COMPLETED') {
    return {
      type: 'refund-completed',
      refundId: resource.id,
      captureId: captureIdOfRefund(resource.links),
      refunded: capturedAmount(resource.amount),
      totalRefunded: capturedAmount(resource.seller_payable_breakdown?.total_refunded_amount),
    };
  }
  // A dispute's resource names its captures; the shop reads the dispute as it stands (a later event may arrive first).
  if (eventType.startsWith('CUSTOMER.DISPUTE.') && resource?.dispute_id)
    return { type: 'dispute', disputeId: resource.dispute_id };
  // A chargeback: PayPal took the money back; the resource is the reversal, linked up to its capture.
  if (eventType === 'PAYMENT.CAPTURE.REVERSED') {
    // (Should PayPal send the capture itself instead, its own id is the capture's.)
    const reversedCapture =
      captureIdOfRefund(resource?.links) ??
      (resource?.supplementary_data?.related_ids?.order_id ? (resource.id ?? null) : null);
    if (!reversedCapture) return { type: 'other', eventType };
    const byLink = captureIdOfRefund(resource?.links) !== null;
    return {
      type: 'capture-reversed',
      captureId: reversedCapture,
      reversalId: byLink ? (resource?.id ?? null) : null,
      amount: byLink ? capturedAmount(resource?.amount) : null,
      totalRefunded: capturedAmount(resource?.seller_payable_breakdown?.total_refunded_amount),
    };
  }
  const providerOrderId = resource?.supplementary_data?.related_ids?.order_id;
  const captureId = resource?.id;
  if (!providerOrderId || !captureId) return { type: 'other', eventType };
  if (eventType === 'PAYMENT.CAPTURE.COMPLETED')
    return { type: 'capture-completed', providerOrderId, captureId, captured: capturedAmount(resource.amount) };
  if (eventType === 'PAYMENT.CAPTURE.PENDING') return { type: 'capture-pending', providerOrderId, captureId };
  if (eventType === 'PAYMENT.CAPTURE.DECLINED' || eventType === 'PAYMENT.CAPTURE.DENIED') {
    return { type: 'capture-declined', providerOrderId, reason: resource.status_details?.reason ?? eventType };
  }
  return { type: 'other', eventType };
}
