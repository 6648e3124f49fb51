import { useEffect, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { api, isSuccess, warnOf } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast.store';
import { payMethods, type PayMethod } from '@/lib/pay-methods';
import { awaitingPayment, OrderStatus, type OrderStatusValue } from '@/lib/order-status';
import type { OrderDetails } from './orders.schema';
import { OrderLineItem } from './OrderLineItem';
import { amountLabelKey, orderStatusKey } from './order-status';
import { formatTime } from '@/lib/locale';
import { ChargeRows } from './ChargeRows';

/**
 * /my/order/details?orderId=…: everything about one order, with paying again, cancelling and logistics.
 * `pay` starts paying an order that awaits payment (the payments feature's, handed in by its page island).
 */
export default function OrderDetailsView({
  messages,
  languageTag,
  pay: payOrder,
}: {
  messages: Messages;
  languageTag: string;
  pay: (orderId: number, payMethod: string) => Promise<boolean>;
}) {
  const t = createTranslator(messages);
  const [order, setOrder] = useState<OrderDetails | null | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const orderId = typeof location === 'undefined' ? 0 : Number(new URLSearchParams(location.search).get('orderId'));
  const time = (iso: string | null) => formatTime(iso, languageTag);
  const payMethodName = (payMethod: string) =>
    (payMethods as readonly string[]).includes(payMethod)
      ? t(`orders.payMethodName.${payMethod as PayMethod}`)
      : payMethod;

  useEffect(() => {
    void api
      .get<OrderDetails>('order/getOrderDetails', { searchParams: { orderId } })
      .then((result) => setOrder(isSuccess(result) ? result.data : null));
  }, [orderId]);

  if (order === undefined) return <p>{t('page.loading')}</p>;
  if (order === null) return <p className="placeholder">{t('orders.notFound')}</p>;
  const status = order.status as OrderStatusValue;
  const cancellable = awaitingPayment.includes(status) || status === OrderStatus.Paid;

  async function cancel() {
    setConfirming(false);
    const result = await api.put<OrderDetails>(`order/cancel?orderId=${orderId}`);
    if (!isSuccess(result)) return warnOf(result);
    setOrder(result.data);
    showToast('success', t('orders.cancelled'));
  }

  async function pay() {
    await payOrder(orderId, order!.payMethod);
  }

  const address = order.delivery.address;
  const rows: [string, string][] = [
    [t('orders.created'), time(order.createTime)],
    [t('orders.payTime'), time(order.payTime)],
    [t('orders.completeTime'), time(order.completeTime)],
    [t('orders.cancelTime'), time(order.cancelTime)],
    [t('orders.payMethod'), payMethodName(order.payMethod)],
    [t('orders.paymentNumber'), order.paymentNumber ?? ''],
  ];
  return (
    <div className="order-details">
      <div className="order-card__head">
        <h2>{t('orders.orderNo', { orderNo: order.orderNo })}</h2>
        <span className={`status status--${order.status}`} data-testid="order-status">
          {t(orderStatusKey(order.status))}
        </span>
      </div>
      <ul className="cart-lines">
        {order.lines.map((line) => (
          <OrderLineItem
            key={line.goodsSpecificationId}
            line={line}
            amount={formatMoney(line.unitPrice * line.goodsQuantity, order.currency)}
          />
        ))}
      </ul>
      <dl className="totals">
        <dt>{t('checkout.goodsTotal')}</dt>
        <dd>{formatMoney(order.goodsTotal, order.currency)}</dd>
        <dt>{t('orders.discount')}</dt>
        <dd>
          {order.discountAmount > 0
            ? `-${formatMoney(order.discountAmount, order.currency)}`
            : formatMoney(0, order.currency)}
        </dd>
        {order.coupons.length > 0 && (
          <>
            <dt>{t('orders.coupons')}</dt>
            <dd>{order.coupons.length}</dd>
          </>
        )}
        {order.kind === 'goods' && (
          <ChargeRows t={t} charges={order} currency={order.currency} method={order.shippingMethod?.name ?? null} />
        )}
        <dt>{t(amountLabelKey(order))}</dt>
        <dd className="price" data-testid="order-amount">
          {formatMoney(order.payAmount, order.currency)}
        </dd>
      </dl>
      <dl className="facts">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {address && (
        <section>
          <h3>{t('orders.address')}</h3>
          <address>
            {address.firstName} {address.lastName}
            <br />
            {address.address}
            {address.address2 && <>, {address.address2}</>}
            <br />
            {address.city}, {address.stateName} {address.zipCode}, {address.countryName}
            {address.phone && (
              <>
                <br />
                {address.phone}
              </>
            )}
          </address>
        </section>
      )}
      <details className="logistics" open={Boolean(order.delivery.carrier)}>
        <summary>{t('orders.logistics')}</summary>
        {order.delivery.carrier ? (
          <>
            <p>
              {t('site.labelled', { label: t('orders.carrier') })}
              {order.delivery.carrier} · {t('site.labelled', { label: t('orders.trackingNumber') })}
              <span data-testid="tracking-number">{order.delivery.trackingNumber}</span>
            </p>
            <ol className="events">
              {order.delivery.events.map((event) => (
                <li key={event.time + event.text}>
                  <time dateTime={event.time}>{time(event.time)}</time> {event.text}
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p>{t('orders.noLogistics')}</p>
        )}
      </details>
      <div className="order-details__actions">
        {awaitingPayment.includes(status) && (
          <button type="button" className="button" onClick={() => void pay()}>
            {t('orders.pay')}
          </button>
        )}
        {cancellable && (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            {t('orders.cancel')}
          </button>
        )}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('orders.cancelConfirm')}
        closeLabel={t('orders.dialogClose')}
        width={420}
      >
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            {t('orders.keep')}
          </button>
          <button type="button" className="button" onClick={() => void cancel()}>
            {t('orders.cancel')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
