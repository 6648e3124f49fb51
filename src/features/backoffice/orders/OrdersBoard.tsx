import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { OrderStatus, refundable, statusNames, type OrderStatusValue } from '@/features/orders/orders';
import { formatMoney, parseMajorUnits } from '@/lib/money';
import { wordsOr, type UiMessageKey } from '@/lib/i18n/ui';
import { currencies, type Currency } from '@/lib/locale';
import { adminCall } from '../admin-api';
import { may, type OperatorRole } from '../operators/operators';
import { taxName } from '@/features/shipping/tax-names';
import { ConfirmStep, dateTime, ErrorText, Pager, useAdminPage, useBackOfficeLanguage } from '../ui';
import { OrdersExportButton } from './OrdersExportButton';
import { OrdersTable, type OrderRow } from './orders-table';

/* The Orders section: find orders, open one, ship, add events, complete and refund by role. */

type Filters = { status: string; currency: string; from: string; to: string; q: string; review: string };

/** Orders a logistics event can be added to: paid or later. */
const takesEvents: OrderStatusValue[] = [OrderStatus.Paid, OrderStatus.Shipped, OrderStatus.SignedFor, OrderStatus.Completed];

export default function OrdersBoard({ role }: { role: OperatorRole }) {
  const [filters, setFilters] = useState<Filters>({ status: '', currency: '', from: '', to: '', q: '', review: '' });
  const { page, setPageNum, error, load } = useAdminPage<OrderRow>('/orders', filters);
  const [open, setOpen] = useState<string | null>(null);
  const { t } = useBackOfficeLanguage();

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({ status: String(form.get('status')), currency: String(form.get('currency')), from: String(form.get('from')), to: String(form.get('to')), q: String(form.get('q')).trim(), review: String(form.get('review') ?? '') });
    setPageNum(1);
  };

  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">{t('admin.orders.title')}</h1>
      <form className="backoffice__filters" onSubmit={applyFilters} role="search">
        <label className="field">
          <span>{t('admin.orders.search')}</span>
          <input name="q" type="search" defaultValue={filters.q} />
        </label>
        <label className="field">
          <span>{t('admin.orders.status')}</span>
          <select name="status" defaultValue={filters.status}>
            <option value="">{t('admin.orders.any')}</option>
            {Object.entries(statusNames).map(([value, name]) => (
              <option key={value} value={value}>
                {value} {t(`orderStatus.${value}` as UiMessageKey) || name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('admin.orders.currency')}</span>
          <select name="currency" defaultValue={filters.currency}>
            <option value="">{t('admin.orders.any')}</option>
            {currencies.map((currency) => (
              <option key={currency}>{currency}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('admin.orders.reviewQueue')}</span>
          <select name="review" defaultValue={filters.review}>
            <option value="">{t('admin.orders.allOrders')}</option>
            <option value="referral">{t('admin.orders.referralsHeld')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('admin.orders.from')}</span>
          <input name="from" type="date" defaultValue={filters.from} />
        </label>
        <label className="field">
          <span>{t('admin.orders.to')}</span>
          <input name="to" type="date" defaultValue={filters.to} />
        </label>
        <button className="button" type="submit">
          {t('admin.orders.find')}
        </button>
      </form>
      <ErrorText error={error} />
      {page && (
        <>
          <p aria-live="polite">{t('admin.orders.count', { count: page.total })}</p>
          {may(role, 'orders.export') && <OrdersExportButton filters={filters} />}
          <OrdersTable orders={page.list} onOpen={setOpen} withCustomer />
          <Pager page={page} onPage={setPageNum} />
        </>
      )}
      {open && <OrderPanel orderNo={open} role={role} onClose={() => setOpen(null)} onChanged={() => void load()} />}
    </section>
  );
}

type Details = {
  orderNo: string;
  status: number;
  currency: Currency;
  payAmount: number;
  goodsTotal: number;
  discountAmount: number;
  shippingAmount: number;
  taxAmount: number;
  taxIncluded: boolean;
  taxLabel: string | null;
  email: string;
  payMethod: string;
  createTime: string;
  payTime: string | null;
  lines: { goodsName: string; specificationName: string; goodsQuantity: number; unitPrice: number }[];
  delivery: {
    address: { firstName: string; lastName: string; address: string; address2: string; city: string; zipCode: string; stateName: string; countryName: string; phone: string } | null;
    carrier: string | null;
    trackingNumber: string | null;
    events: { time: string; text: string }[];
  };
  payments: { provider: string; method: string; status: string; amount: number; currency: string; createTime: string }[];
  salesRuleNote: string | null;
  money: { captured: number; refunded: number; reversed: number; left: number } | null;
  referralReview: 'held' | 'approved' | 'refused' | null;
  referralSignals: string | null;
  disputes: { disputeId: string; reason: string; amount: number; status: 'open' | 'won' | 'lost'; held: boolean; createTime: string }[];
};

function OrderPanel({ orderNo, role, onClose, onChanged }: { orderNo: string; role: OperatorRole; onClose: () => void; onChanged: () => void }) {
  const [order, setOrder] = useState<Details | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmRefund, setConfirmRefund] = useState(false);
  const { t } = useBackOfficeLanguage();

  useEffect(() => {
    adminCall<Details>(`/orders/details?orderNo=${encodeURIComponent(orderNo)}`).then(setOrder, (caught: Error) => setError(caught.message));
  }, [orderNo]);

  const act = async (path: string, body: Record<string, unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      setOrder(await adminCall<Details>(path, { orderNo, ...body }));
      setNotice(done);
      onChanged();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const submitForm = (path: string, fields: string[], done: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void act(path, Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? '')])), done);
  };
  const status = order?.status;

  return (
    <Dialog open onClose={onClose} title={t('admin.orders.order', { orderNo })} closeLabel={t('admin.orders.close')} width={820}>
      {!order && !error && <p>{t('admin.frame.loading')}</p>}
      {order && (
        <div className="backoffice__order">
          <p>
            <strong>{t(`orderStatus.${order.status}` as UiMessageKey)}</strong> · {t('admin.orders.placedPaid', { placed: dateTime(order.createTime, t.languageTag), paid: dateTime(order.payTime, t.languageTag) })} · {order.payMethod} · {order.email}
          </p>
          <table className="data-table">
            <caption className="visually-hidden">{t('admin.orders.lines')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.orders.item')}</th>
                <th scope="col">{t('admin.orders.quantity')}</th>
                <th scope="col" className="backoffice__amount">
                  {t('admin.orders.unitPrice')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, index) => (
                <tr key={index}>
                  <td>
                    {line.goodsName} – {line.specificationName}
                  </td>
                  <td>{line.goodsQuantity}</td>
                  <td className="backoffice__amount">{formatMoney(line.unitPrice, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <OrderTotals order={order} />
          {order.delivery.address && (
            <address>
              {order.delivery.address.firstName} {order.delivery.address.lastName}, {order.delivery.address.address} {order.delivery.address.address2}, {order.delivery.address.zipCode}{' '}
              {order.delivery.address.city}, {order.delivery.address.stateName}, {order.delivery.address.countryName} · {order.delivery.address.phone}
            </address>
          )}
          {order.salesRuleNote && <p className="backoffice__payment-note">{order.salesRuleNote}</p>}
          <h3>{t('admin.orders.payments')}</h3>
          <ul>
            {order.payments.map((payment, index) => (
              <li key={index}>
                {dateTime(payment.createTime, t.languageTag)}: {payment.provider}/{payment.method} {formatMoney(payment.amount, payment.currency as Currency)} — {wordsOr(t, `admin.orders.paymentStatus.${payment.status}`, payment.status)}
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
          {order.referralReview && (
            <>
              <h3>{t('admin.orders.referral')}</h3>
              <p>
                {order.referralReview === 'held'
                  ? t('admin.orders.referralHeld', { signals: order.referralSignals ?? '' })
                  : t(`admin.orders.referral.${order.referralReview}`)}
              </p>
              {order.referralReview === 'held' && may(role, 'orders.refund') && (
                <div className="backoffice__actions">
                  <button className="button" type="button" onClick={() => void act('/orders/reviewReferral', { approve: true }, t('admin.orders.rebateApproved'))}>
                    {t('admin.orders.approveRebate')}
                  </button>
                  <button className="button button--ghost" type="button" onClick={() => void act('/orders/reviewReferral', { approve: false }, t('admin.orders.rebateRefused'))}>
                    {t('admin.orders.refuseRebate')}
                  </button>
                </div>
              )}
            </>
          )}
          {order.disputes.length > 0 && (
            <>
              <h3>{t('admin.orders.disputes')}</h3>
              <ul>
                {order.disputes.map((dispute) => (
                  <li key={dispute.disputeId}>
                    {dateTime(dispute.createTime, t.languageTag)}: {dispute.disputeId} ({wordsOr(t, `admin.orders.disputeReason.${dispute.reason}`, dispute.reason)}, {formatMoney(dispute.amount, order.currency)}) — {wordsOr(t, `admin.orders.disputeStatus.${dispute.status}`, dispute.status)}
                    {dispute.held && ` · ${t('admin.orders.disputeHeld')}`}
                  </li>
                ))}
              </ul>
              {may(role, 'orders.refund') && order.disputes.some((dispute) => dispute.held) && (
                <button className="button button--ghost" type="button" onClick={() => void act('/orders/releaseHold', {}, t('admin.orders.released'))}>
                  {t('admin.orders.release')}
                </button>
              )}
            </>
          )}
          <h3>{t('admin.orders.logistics')}</h3>
          <p>{order.delivery.carrier ? `${order.delivery.carrier} · ${order.delivery.trackingNumber}` : t('admin.orders.notShipped')}</p>
          <ul>
            {order.delivery.events.map((event, index) => (
              <li key={index}>
                {dateTime(event.time, t.languageTag)}: {event.text}
              </li>
            ))}
          </ul>

          {may(role, 'orders.fulfil') && (
            <div className="backoffice__actions">
              {status === OrderStatus.Paid && (
                <form className="form-row" onSubmit={submitForm('/orders/ship', ['carrier', 'trackingNumber'], t('admin.orders.shipped'))}>
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
              {status !== undefined && takesEvents.includes(status as OrderStatusValue) && (
                <form className="form-row" onSubmit={submitForm('/orders/addEvent', ['text'], t('admin.orders.eventAdded'))}>
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
                <button className="button" type="button" onClick={() => void act('/orders/signFor', {}, t('admin.orders.markedSignedFor'))}>
                  {t('admin.orders.markSignedFor')}
                </button>
              )}
              {status === OrderStatus.SignedFor && (
                <button className="button" type="button" onClick={() => void act('/orders/complete', {}, t('admin.orders.completed'))}>
                  {t('admin.orders.complete')}
                </button>
              )}
              {may(role, 'orders.refund') && status !== undefined && refundable.includes(status as OrderStatusValue) && (
                <button className="button button--ghost" type="button" onClick={() => setConfirmRefund(true)}>
                  {t('admin.orders.refundAsk')}
                </button>
              )}
              {may(role, 'orders.refund') && status !== undefined && refundable.includes(status as OrderStatusValue) && order.money && (
                <form
                  className="form-row"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const amount = parseMajorUnits(String(new FormData(event.currentTarget).get('amount') ?? '').trim());
                    if (amount === null || amount <= 0) return setError(t('admin.orders.amountError'));
                    void act('/orders/refund', { amount }, t('admin.orders.refundedPart', { amount: formatMoney(amount, order.currency) }));
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
              question={t('admin.orders.refundQuestion', { amount: formatMoney(order.money?.left ?? order.payAmount, order.currency), method: order.payMethod })}
              confirm={t('admin.orders.refund')}
              cancel={t('admin.orders.keepOrder')}
              onConfirm={() => {
                setConfirmRefund(false);
                void act('/orders/refund', {}, t('admin.orders.refunded'));
              }}
              onCancel={() => setConfirmRefund(false)}
            />
          )}
        </div>
      )}
      <p role="status">{notice}</p>
      <ErrorText error={error} />
    </Dialog>
  );
}

/**
 * What the customer was charged, line by line: goods − discount + shipping + tax added = total. A tax
 * the prices include is shown as the part of them it is (not added again).
 */
function OrderTotals({ order }: { order: Pick<Details, 'currency' | 'goodsTotal' | 'discountAmount' | 'shippingAmount' | 'taxAmount' | 'taxIncluded' | 'taxLabel' | 'payAmount'> }) {
  const { t } = useBackOfficeLanguage();
  const money = (amount: number) => formatMoney(amount, order.currency);
  const tax = order.taxLabel ? taxName(t, order.taxLabel) : null;
  return (
    <dl className="backoffice__totals" data-testid="order-totals">
      <dt>{t('admin.orders.goods')}</dt>
      <dd>{money(order.goodsTotal)}</dd>
      <dt>{t('admin.orders.discount')}</dt>
      <dd>{order.discountAmount > 0 ? `−${money(order.discountAmount)}` : money(0)}</dd>
      <dt>{t('admin.orders.shipping')}</dt>
      <dd>{money(order.shippingAmount)}</dd>
      {tax && (
        <>
          <dt>{order.taxIncluded ? t('admin.orders.taxIncluded', { label: tax }) : tax}</dt>
          <dd>{order.taxIncluded ? `(${money(order.taxAmount)})` : `+${money(order.taxAmount)}`}</dd>
        </>
      )}
      <dt>
        <strong>{t('admin.orders.total')}</strong>
      </dt>
      <dd>
        <strong>{money(order.payAmount)}</strong>
      </dd>
    </dl>
  );
}
