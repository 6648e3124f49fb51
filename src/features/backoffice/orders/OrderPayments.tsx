import { wordsOr } from '@/lib/i18n/ui';
import type { Currency } from '@/lib/locale';
import { formatMoney } from '@/lib/money';
import { may, type OperatorRole } from '../operators/operators';
import { dateTime, useBackOfficeLanguage } from '../ui';
import type { OrderAct, OrderDetails } from './order-details';

/* The money of an order: its payments, what is left of them, a referral rebate held for review, and disputes. */

export function OrderPayments({ order }: { order: Pick<OrderDetails, 'payments' | 'money' | 'currency'> }) {
  const { t } = useBackOfficeLanguage();
  return (
    <>
      <h3>{t('admin.orders.payments')}</h3>
      <ul>
        {order.payments.map((payment, index) => (
          <li key={index}>
            {dateTime(payment.createTime, t.languageTag)}: {payment.provider}/{payment.method}{' '}
            {formatMoney(payment.amount, payment.currency as Currency)} —{' '}
            {wordsOr(t, `admin.orders.paymentStatus.${payment.status}`, payment.status)}
          </li>
        ))}
        {order.payments.length === 0 && <li>{t('admin.orders.none')}</li>}
      </ul>
      {order.money && (
        <p className="backoffice__money">
          {t('admin.orders.money', {
            captured: formatMoney(order.money.captured, order.currency),
            refunded: formatMoney(order.money.refunded, order.currency),
            reversed: formatMoney(order.money.reversed, order.currency),
          })}{' '}
          · <strong>{t('admin.orders.left', { amount: formatMoney(order.money.left, order.currency) })}</strong>
        </p>
      )}
    </>
  );
}

/** The referral rebate's review; one who may refund approves or refuses a held one. */
export function ReferralReview({
  review,
  signals,
  role,
  act,
}: {
  review: NonNullable<OrderDetails['referralReview']>;
  signals: string | null;
  role: OperatorRole;
  act: OrderAct;
}) {
  const { t } = useBackOfficeLanguage();
  return (
    <>
      <h3>{t('admin.orders.referral')}</h3>
      <p>
        {review === 'held'
          ? t('admin.orders.referralHeld', { signals: signals ?? '' })
          : t(`admin.orders.referral.${review}`)}
      </p>
      {review === 'held' && may(role, 'orders.refund') && (
        <div className="backoffice__actions">
          <button
            className="button"
            type="button"
            onClick={() => void act('/orders/reviewReferral', { approve: true }, t('admin.orders.rebateApproved'))}
          >
            {t('admin.orders.approveRebate')}
          </button>
          <button
            className="button button--ghost"
            type="button"
            onClick={() => void act('/orders/reviewReferral', { approve: false }, t('admin.orders.rebateRefused'))}
          >
            {t('admin.orders.refuseRebate')}
          </button>
        </div>
      )}
    </>
  );
}

/** The order's disputes; one who may refund releases the hold a dispute put on the order. */
export function OrderDisputes({
  order,
  role,
  act,
}: {
  order: Pick<OrderDetails, 'disputes' | 'currency'>;
  role: OperatorRole;
  act: OrderAct;
}) {
  const { t } = useBackOfficeLanguage();
  return (
    <>
      <h3>{t('admin.orders.disputes')}</h3>
      <ul>
        {order.disputes.map((dispute) => (
          <li key={dispute.disputeId}>
            {dateTime(dispute.createTime, t.languageTag)}: {dispute.disputeId} (
            {wordsOr(t, `admin.orders.disputeReason.${dispute.reason}`, dispute.reason)},{' '}
            {formatMoney(dispute.amount, order.currency)}) —{' '}
            {wordsOr(t, `admin.orders.disputeStatus.${dispute.status}`, dispute.status)}
            {dispute.held && ` · ${t('admin.orders.disputeHeld')}`}
          </li>
        ))}
      </ul>
      {may(role, 'orders.refund') && order.disputes.some((dispute) => dispute.held) && (
        <button
          className="button button--ghost"
          type="button"
          onClick={() => void act('/orders/releaseHold', {}, t('admin.orders.released'))}
        >
          {t('admin.orders.release')}
        </button>
      )}
    </>
  );
}
