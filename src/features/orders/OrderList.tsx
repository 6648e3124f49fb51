import { useState } from 'react';
import { Pager } from '@/components/Pager';
import { Tabs } from '@/components/Tabs';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatTime } from '@/lib/locale';
import { formatMoney } from '@/lib/money';
import { usePagedList } from '@/lib/use-paged-list';
import { REVIEWABLE_STATUSES, awaitingPayment, OrderStatus, type OrderStatusValue } from '@/lib/order-status';
import type { OrderSummary } from './orders.schema';
import { orderStatusKey } from './order-status';

const tabs: (OrderStatusValue | null)[] = [
  null,
  OrderStatus.PaymentPending,
  OrderStatus.Paid,
  OrderStatus.Shipped,
  OrderStatus.Completed,
];

/** /my/order: the customer's orders, by status, newest first. */
export default function OrderList({ messages, languageTag }: { messages: Messages; languageTag: string }) {
  const t = createTranslator(messages);
  const [status, setStatus] = useState<OrderStatusValue | null>(null);
  const { page, pageNum, setPageNum } = usePagedList<OrderSummary>(
    'order/queryOrderList',
    status === null ? {} : { status },
  );

  return (
    <div className="orders">
      <Tabs
        tabs={tabs.map((tab) => ({ value: tab, label: tab === null ? t('orders.all') : t(orderStatusKey(tab)) }))}
        value={status}
        onChange={(tab) => {
          setStatus(tab);
          setPageNum(1);
        }}
      />
      {!page ? (
        <p>{t('page.loading')}</p>
      ) : page.list.length === 0 ? (
        <p className="placeholder">{t('orders.empty')}</p>
      ) : (
        <ul className="order-list">
          {page.list.map((order) => (
            <li key={order.orderId} className="order-card">
              <div className="order-card__head">
                <strong>{t('orders.orderNo', { orderNo: order.orderNo })}</strong>
                <span className={`status status--${order.status}`}>{t(orderStatusKey(order.status))}</span>
              </div>
              <p className="product-card__muted">
                {t('orders.placed', { time: formatTime(order.createTime, languageTag) })}
              </p>
              <ul className="order-card__lines">
                {order.lines.map((line) => (
                  <li key={line.goodsSpecificationId}>
                    {line.goodsName} · {line.specificationName} × {line.goodsQuantity}
                  </li>
                ))}
              </ul>
              <div className="order-card__foot">
                <span>
                  {t('site.labelled', { label: t('orders.total') })}
                  <strong className="price">{formatMoney(order.payAmount, order.currency)}</strong>
                </span>
                <span className="order-card__actions">
                  {awaitingPayment.includes(order.status as OrderStatusValue) && (
                    <a className="button" href={`/my/order/details?orderId=${order.orderId}`}>
                      {t('orders.pay')}
                    </a>
                  )}
                  <a className="button button--ghost" href={`/my/order/details?orderId=${order.orderId}`}>
                    {t('orders.details')}
                  </a>
                  {REVIEWABLE_STATUSES.includes(order.status) && order.lines.length > 0 && (
                    <a className="button button--ghost" href={`/my/order/details?orderId=${order.orderId}#reviews`}>
                      {t('orders.writeReview')}
                    </a>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page && <Pager t={t} pageNum={pageNum} total={page.total} pageSize={page.pageSize} onPage={setPageNum} />}
    </div>
  );
}
