import { useState, type FormEvent } from 'react';
import { OrderStatus, refundable, type OrderStatusValue } from '@/lib/order-status';
import { formatMoney, parseMajorUnits } from '@/lib/money';
import { may, type OperatorRole } from '../operators/operators';
import { ConfirmStep, useBackOfficeLanguage } from '../ui';
import type { OrderAct, OrderDetails } from './order-details';

/* What an operator does to an order, by its status and their role: ship, add events, mark signed for, complete, refund. */

/** Orders a logistics event can be added to: paid or later. */
const takesEvents: OrderStatusValue[] = [
  OrderStatus.Paid,
  OrderStatus.Shipped,
  OrderStatus.SignedFor,
  OrderStatus.Completed,
];

/** `onProblem`: a typed amount that is no amount. */
export function OrderActions({
  order,
  role,
  act,
  onProblem,
}: {
  order: OrderDetails;
  role: OperatorRole;
  act: OrderAct;
  onProblem: (message: string) => void;
}) {
  const [confirmRefund, setConfirmRefund] = useState(false);
  const { t } = useBackOfficeLanguage();
  const status = order.status;
  const submitForm = (path: string, fields: string[], done: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void act(path, Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? '')])), done);
  };

  return (
    <>
      {may(role, 'orders.fulfil') && (
        <div className="backoffice__actions">
          {status === OrderStatus.Paid && (
            <form
              className="form-row"
              onSubmit={submitForm('/orders/ship', ['carrier', 'trackingNumber'], t('admin.orders.shipped'))}
            >
              <label className="field">
                <span>{t('admin.orders.carrier')}</span>
                <input name="carrier" required maxLength={60} />
              </label>
              <label className="field">
                <span>{t('admin.orders.trackingNumber')}</span>
                <input name="trackingNumber" required maxLength={60} />
              </label>
              <button className="button" type="submit">
                {t('admin.orders.ship')}
              </button>
            </form>
          )}
          {takesEvents.includes(status as OrderStatusValue) && (
            <form
              className="form-row"
              onSubmit={submitForm('/orders/addEvent', ['text'], t('admin.orders.eventAdded'))}
            >
              <label className="field">
                <span>{t('admin.orders.event')}</span>
                <input name="text" required maxLength={300} />
              </label>
              <button className="button button--ghost" type="submit">
                {t('admin.orders.addEvent')}
              </button>
            </form>
          )}
          {status === OrderStatus.Shipped && (
            <button
              className="button"
              type="button"
              onClick={() => void act('/orders/signFor', {}, t('admin.orders.markedSignedFor'))}
            >
              {t('admin.orders.markSignedFor')}
            </button>
          )}
          {status === OrderStatus.SignedFor && (
            <button
              className="button"
              type="button"
              onClick={() => void act('/orders/complete', {}, t('admin.orders.completed'))}
            >
              {t('admin.orders.complete')}
            </button>
          )}
          {may(role, 'orders.refund') && refundable.includes(status as OrderStatusValue) && (
            <button className="button button--ghost" type="button" onClick={() => setConfirmRefund(true)}>
              {t('admin.orders.refundAsk')}
            </button>
          )}
          {may(role, 'orders.refund') && refundable.includes(status as OrderStatusValue) && order.money && (
            <form
              className="form-row"
              onSubmit={(event) => {
                event.preventDefault();
                const amount = parseMajorUnits(String(new FormData(event.currentTarget).get('amount') ?? '').trim());
                if (amount === null || amount <= 0) return onProblem(t('admin.orders.amountError'));
                void act(
                  '/orders/refund',
                  { amount },
                  t('admin.orders.refundedPart', { amount: formatMoney(amount, order.currency) }),
                );
              }}
            >
              <label className="field">
                <span>{t('admin.orders.refundPartField', { currency: order.currency })}</span>
                <input name="amount" required inputMode="decimal" pattern="[0-9]+([.][0-9]{1,2})?" />
              </label>
              <button className="button button--ghost" type="submit">
                {t('admin.orders.refundPart')}
              </button>
            </form>
          )}
        </div>
      )}
      {confirmRefund && (
        <ConfirmStep
          id="refund-question"
          question={t('admin.orders.refundQuestion', {
            amount: formatMoney(order.money?.left ?? order.payAmount, order.currency),
            method: order.payMethod,
          })}
          confirm={t('admin.orders.refund')}
          cancel={t('admin.orders.keepOrder')}
          onConfirm={() => {
            setConfirmRefund(false);
            void act('/orders/refund', {}, t('admin.orders.refunded'));
          }}
          onCancel={() => setConfirmRefund(false)}
        />
      )}
    </>
  );
}
