import { useEffect, useState } from 'react';
import type { OrderDetails, OrderStatusInfo } from '@/features/orders/orders.schema';
import { OrderStatus, awaitingPayment, type OrderStatusValue } from '@/lib/order-status';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { OrderLineItem } from '@/features/orders/OrderLineItem';
import { CardFields } from './CardFields';
import { loadCardFieldsSetup, payOrder } from './pay-order';
import type { CardFieldsSetup } from './paypal-sdk';

const POLL_EVERY_MS = 2000;
const POLL_TIMES = 15;

type State =
  | { kind: 'checking' }
  | { kind: 'missing' }
  | { kind: 'done'; order: OrderStatusInfo }
  /** The buyer cancelled at the provider (its cancel link carries `cancelled=1`): nothing to wait for. */
  | { kind: 'cancelled'; order: OrderDetails }
  | { kind: 'card'; order: OrderStatusInfo; setup: CardFieldsSetup };

/**
 * /pay_result: confirms the payment with the provider's return, then polls until it settles. With
 * `card=1` it is the card form instead, for an order still awaiting payment (paying a declined card again).
 * With `cancelled=1` (the buyer cancelled at the provider) it shows "payment cancelled" with "Pay
 * again", and asks the provider nothing.
 */
export default function PayResult({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const [state, setState] = useState<State>({ kind: 'checking' });
  /** A goods order's lines and delivery, shown under the result (what was bought and when it arrives). */
  const [details, setDetails] = useState<OrderDetails | null>(null);
  const query = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search);
  const orderId = Number(query.get('orderId'));
  const couponReceived = query.get('coupon') === '1';

  useEffect(() => {
    let stopped = false;
    void (async () => {
      if (query.get('card') === '1') {
        const [result, setup] = await Promise.all([
          api.get<OrderStatusInfo>('order/checkOrderStatus', { searchParams: { orderId } }),
          loadCardFieldsSetup(),
        ]);
        if (!isSuccess(result)) return setState({ kind: 'missing' });
        const payable = awaitingPayment.includes(result.data.status as OrderStatusValue) && setup;
        return setState(payable ? { kind: 'card', order: result.data, setup } : { kind: 'done', order: result.data });
      }
      if (query.get('cancelled') === '1') {
        const details = await api.get<OrderDetails>('order/getOrderDetails', { searchParams: { orderId } });
        if (!isSuccess(details)) return setState({ kind: 'missing' });
        // Paid meanwhile after all (another attempt): the usual result below says so.
        if (awaitingPayment.includes(details.data.status as OrderStatusValue))
          return setState({ kind: 'cancelled', order: details.data });
      }
      const token = query.get('token');
      let result = token
        ? await api.post<OrderStatusInfo>('order/callback', { orderId, token })
        : await api.get<OrderStatusInfo>('order/checkOrderStatus', { searchParams: { orderId } });
      // Polling stops when the provider waits for the customer on its page (continueUrl): only they can move it on.
      for (
        let poll = 0;
        isSuccess(result) &&
        result.data.status === OrderStatus.PaymentPending &&
        !result.data.continueUrl &&
        poll < POLL_TIMES &&
        !stopped;
        poll++
      ) {
        await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
        result = await api.get<OrderStatusInfo>('order/checkOrderStatus', { searchParams: { orderId } });
      }
      if (!stopped) setState(isSuccess(result) ? { kind: 'done', order: result.data } : { kind: 'missing' });
    })();
    return () => {
      stopped = true;
    };
  }, []);

  const settledGoods = state.kind === 'done' && state.order.kind === 'goods';
  useEffect(() => {
    if (!settledGoods) return;
    void api
      .get<OrderDetails>('order/getOrderDetails', { searchParams: { orderId }, quiet: true })
      .then((result) => isSuccess(result) && setDetails(result.data));
  }, [settledGoods]);

  async function retry() {
    const details = await api.get<OrderDetails>('order/getOrderDetails', { searchParams: { orderId } });
    if (!isSuccess(details)) return;
    await payOrder(orderId, details.data.payMethod);
  }

  if (state.kind === 'checking') return <p role="status">{t('payResult.checking')}</p>;
  if (state.kind === 'missing') return <p className="placeholder">{t('orders.notFound')}</p>;
  const { order } = state;
  if (state.kind === 'card') {
    return (
      <section className="pay-result">
        <p>
          {t('payResult.orderNo', { orderNo: order.orderNo })} · {formatMoney(order.payAmount, order.currency)}
        </p>
        <CardFields t={t} order={order} setup={state.setup} />
      </section>
    );
  }
  if (state.kind === 'cancelled') {
    return (
      <section className="pay-result pay-result--failed">
        <h1>{t('payResult.cancelled')}</h1>
        <p>{t('payResult.cancelledNote')}</p>
        <p>
          {t('payResult.orderNo', { orderNo: order.orderNo })} · {formatMoney(order.payAmount, order.currency)}
        </p>
        <div className="pay-result__actions">
          <button type="button" className="button" onClick={() => void retry()}>
            {t('payResult.payAgain')}
          </button>
          <a className="button button--ghost" href={`/my/order/details?orderId=${order.orderId}`}>
            {t('payResult.viewOrder')}
          </a>
        </div>
      </section>
    );
  }
  if (order.status === OrderStatus.PaymentPending && order.continueUrl) {
    return (
      <section className="pay-result">
        <h1>{t('payResult.continueTitle')}</h1>
        <p>
          {t('payResult.orderNo', { orderNo: order.orderNo })} · {formatMoney(order.payAmount, order.currency)}
        </p>
        <div className="pay-result__actions">
          <a className="button" href={order.continueUrl}>
            {t('payResult.continue')}
          </a>
        </div>
      </section>
    );
  }
  const paid =
    order.status !== OrderStatus.PaymentFailed &&
    order.status !== OrderStatus.PaymentPending &&
    order.status !== OrderStatus.Closed;
  const gift = couponReceived && order.kind === 'gift';
  const heading = !paid
    ? order.status === OrderStatus.PaymentPending
      ? t('payResult.pending')
      : t('payResult.failed')
    : gift
      ? t('payResult.giftTitle')
      : t('payResult.success');
  return (
    <section className={`pay-result pay-result--${paid ? 'success' : 'failed'}`}>
      <h1>{heading}</h1>
      {gift && paid && <p>{t('payResult.couponReceived')}</p>}
      {order.kind === 'recharge' && paid && order.energyPoints && (
        <p>{t('payResult.recharged', { points: order.energyPoints })}</p>
      )}
      <p>
        {t('payResult.orderNo', { orderNo: order.orderNo })}
        {gift ? '' : ` · ${formatMoney(order.payAmount, order.currency)}`}
      </p>
      {details && details.lines.length > 0 && (
        <section className="pay-result__order" aria-labelledby="pay-result-bought">
          <h2 id="pay-result-bought">{t('payResult.bought')}</h2>
          <ul className="cart-lines">
            {details.lines.map((line) => (
              <OrderLineItem
                key={line.goodsSpecificationId}
                line={line}
                amount={formatMoney(line.unitPrice * line.goodsQuantity, details.currency)}
              />
            ))}
          </ul>
          {paid && details.shippingMethod && (
            <p>
              {t('payResult.arrives', {
                time: details.shippingMethod.deliveryTime,
                method: details.shippingMethod.name,
              })}
            </p>
          )}
        </section>
      )}
      <div className="pay-result__actions">
        {order.status === OrderStatus.PaymentFailed && (
          <button type="button" className="button" onClick={() => void retry()}>
            {t('payResult.retry')}
          </button>
        )}
        {order.kind === 'recharge' ? (
          <a className="button button--ghost" href="/order/energy">
            {t('payResult.viewEnergy')}
          </a>
        ) : (
          <a className="button button--ghost" href={`/my/order/details?orderId=${order.orderId}`}>
            {t('payResult.viewOrder')}
          </a>
        )}
        <a className="button button--ghost" href="/">
          {t('payResult.backHome')}
        </a>
      </div>
    </section>
  );
}
