import { useEffect, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import type { UiMessageKey } from '@/lib/i18n/ui';
import { adminCall } from '../admin-api';
import type { OperatorRole } from '../operators/operators';
import { dateTime, ErrorText, useBackOfficeLanguage } from '../ui';
import { OrderActions } from './OrderActions';
import { DeliveryAddress, OrderLines, OrderLogistics, OrderTotals } from './OrderContents';
import { OrderDisputes, OrderPayments, ReferralReview } from './OrderPayments';
import type { OrderAct, OrderDetails } from './order-details';

/** One order opened from the board: what it holds, its money and delivery, and what the operator's role lets them do to it. */
export function OrderPanel({
  orderNo,
  role,
  onClose,
  onChanged,
}: {
  orderNo: string;
  role: OperatorRole;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [order, setOrder] = useState<OrderDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { t } = useBackOfficeLanguage();

  useEffect(() => {
    adminCall<OrderDetails>(`/orders/details?orderNo=${encodeURIComponent(orderNo)}`).then(setOrder, (caught: Error) =>
      setError(caught.message),
    );
  }, [orderNo]);

  const act: OrderAct = async (path, body, done) => {
    setError(null);
    setNotice(null);
    try {
      setOrder(await adminCall<OrderDetails>(path, { orderNo, ...body }));
      setNotice(done);
      onChanged();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('admin.orders.order', { orderNo })}
      closeLabel={t('admin.orders.close')}
      width={820}
    >
      {!order && !error && <p>{t('admin.frame.loading')}</p>}
      {order && (
        <div className="backoffice__order">
          <p>
            <strong>{t(`orderStatus.${order.status}` as UiMessageKey)}</strong> ·{' '}
            {t('admin.orders.placedPaid', {
              placed: dateTime(order.createTime, t.languageTag),
              paid: dateTime(order.payTime, t.languageTag),
            })}{' '}
            · {order.payMethod} · {order.email}
          </p>
          <OrderLines order={order} />
          <OrderTotals order={order} />
          {order.delivery.address && <DeliveryAddress address={order.delivery.address} />}
          {order.salesRuleNote && <p className="backoffice__payment-note">{order.salesRuleNote}</p>}
          <OrderPayments order={order} />
          {order.referralReview && (
            <ReferralReview review={order.referralReview} signals={order.referralSignals} role={role} act={act} />
          )}
          {order.disputes.length > 0 && <OrderDisputes order={order} role={role} act={act} />}
          <OrderLogistics delivery={order.delivery} />
          <OrderActions order={order} role={role} act={act} onProblem={setError} />
        </div>
      )}
      <p role="status">{notice}</p>
      <ErrorText error={error} />
    </Dialog>
  );
}
