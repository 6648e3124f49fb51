import { useEffect, useRef, useState } from 'react';
import { OrderStatus } from '@/lib/order-status';
import type { OrderStatusInfo, PaymentStart } from '@/features/orders/orders.schema';
import { api, isSuccess } from '@/lib/api-client';
import type { Translate } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import {
  loadPaypalSdk,
  sdkScriptUrl,
  type CardFields as PaypalCardFields,
  type CardFieldsSetup,
  type HostedField,
} from './paypal-sdk';

type Props = {
  t: Translate;
  order: Pick<OrderStatusInfo, 'orderId' | 'payAmount' | 'currency'>;
  setup: CardFieldsSetup;
};
type Stage = 'loading' | 'ready' | 'paying' | 'unavailable';

/**
 * Paying an order by card in PayPal's card fields (docs/decisions/017-paypal-card-fields.md). Each
 * submit starts a new payment attempt; once PayPal accepts the card the shop captures it and the
 * result page tells the customer how it went.
 */
export function CardFields({ t, order, setup }: Props) {
  const containers = {
    name: useRef<HTMLDivElement>(null),
    number: useRef<HTMLDivElement>(null),
    expiry: useRef<HTMLDivElement>(null),
    cvv: useRef<HTMLDivElement>(null),
  };
  const cardFields = useRef<PaypalCardFields | null>(null);
  const [stage, setStage] = useState<Stage>('loading');
  const [error, setError] = useState<string | null>(null);
  const { orderId, currency } = order;

  useEffect(() => {
    let closed = false;
    const rendered: HostedField[] = [];
    void (async () => {
      try {
        const paypal = await loadPaypalSdk(sdkScriptUrl(setup, currency));
        if (closed) return;
        const fields = paypal.CardFields({
          async createOrder() {
            const payment = await api.post<PaymentStart>('pay/payment', { orderId, payMethod: 'card' });
            if (!isSuccess(payment) || !payment.data.providerOrderId)
              throw new Error(`the payment did not start (${payment.code})`);
            return payment.data.providerOrderId;
          },
          async onApprove({ orderID, liabilityShift }) {
            // The result page settles the payment itself if this capture does not get through.
            const result = await api.post<OrderStatusInfo>(
              'order/callback',
              { orderId, token: orderID },
              { quiet: true },
            );
            const settled = isSuccess(result) ? result.data : null;
            // 3-D Secure left to PayPal's page (the order's payer-action link): its return URL brings the buyer back.
            if (settled?.continueUrl) return location.assign(settled.continueUrl);
            // Refused for its 3-D Secure outcome: nothing was charged, and the form takes another try.
            if (
              settled?.status === OrderStatus.PaymentFailed &&
              (liabilityShift === 'NO' || liabilityShift === 'UNKNOWN')
            ) {
              setError(t(liabilityShift === 'NO' ? 'card.notAuthenticated' : 'card.authenticationUnavailable'));
              return setStage('ready');
            }
            location.assign(`/pay_result?orderId=${orderId}`);
          },
          onError() {
            setError(t('card.failed'));
            setStage('ready');
          },
        });
        if (!fields.isEligible()) return setStage('unavailable');
        const hosted: [HostedField, HTMLDivElement | null][] = [
          [fields.NameField(), containers.name.current],
          [fields.NumberField(), containers.number.current],
          [fields.ExpiryField(), containers.expiry.current],
          [fields.CVVField(), containers.cvv.current],
        ];
        for (const [field, container] of hosted) {
          if (closed || !container) return;
          rendered.push(field);
          await field.render(container);
        }
        cardFields.current = fields;
        if (!closed) setStage('ready');
      } catch {
        if (!closed) setStage('unavailable');
      }
    })();
    return () => {
      closed = true;
      cardFields.current = null;
      for (const field of rendered) void field.close().catch(() => undefined);
    };
  }, [orderId, currency, setup.clientId, setup.sdkUrl]);

  async function pay() {
    if (!cardFields.current) return;
    setError(null);
    setStage('paying');
    try {
      await cardFields.current.submit();
    } catch {
      // PayPal rejects the submit for card details it cannot use; onError may already have said more.
      setError((shown) => shown ?? t('card.invalid'));
      setStage('ready');
    }
  }

  return (
    <section className="card-fields" aria-labelledby="card-fields-title">
      <h2 id="card-fields-title">{t('card.title')}</h2>
      {stage === 'loading' && <p role="status">{t('card.loading')}</p>}
      {stage === 'unavailable' ? (
        <p className="field-error" role="alert">
          {t('card.unavailable')}
        </p>
      ) : (
        <>
          <div className="card-fields__field" ref={containers.name} />
          <div className="card-fields__field" ref={containers.number} />
          <div className="card-fields__row">
            <div className="card-fields__field" ref={containers.expiry} />
            <div className="card-fields__field" ref={containers.cvv} />
          </div>
          <p className="field-hint">{t('card.secure')}</p>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button
            type="button"
            className="button button--block"
            disabled={stage !== 'ready'}
            aria-busy={stage === 'paying'}
            onClick={() => void pay()}
          >
            {t('card.pay', { amount: formatMoney(order.payAmount, currency) })}
          </button>
        </>
      )}
    </section>
  );
}
