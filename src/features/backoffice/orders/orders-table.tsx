import { statusNames, type OrderStatusValue } from '@/lib/order-status';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/locale';
import { wordsOr } from '@/lib/i18n/ui';
import { dateTime, useBackOfficeLanguage } from '../ui';

/* Orders as the back office lists them: on the orders board and on a customer's page. */

export type OrderRow = {
  orderNo: string;
  kind: string;
  status: number;
  currency: Currency;
  payAmount: number;
  email?: string;
  createTime: string;
  paymentNote?: string | null;
  salesRuleNote?: string | null;
};

export const statusName = (status: number) => statusNames[status as OrderStatusValue] ?? String(status);

/** One row per order; with `onOpen` the order number opens it, and the board's rows name the customer. */
export function OrdersTable({
  orders,
  onOpen,
  withCustomer = false,
}: {
  orders: OrderRow[];
  onOpen?: (orderNo: string) => void;
  withCustomer?: boolean;
}) {
  const { t } = useBackOfficeLanguage();
  return (
    <table className="data-table backoffice__table">
      <thead>
        <tr>
          <th scope="col">{t('admin.ordersTable.order')}</th>
          <th scope="col">{t('admin.ordersTable.placed')}</th>
          <th scope="col">{t('admin.orders.status')}</th>
          <th scope="col">{t('admin.ordersTable.kind')}</th>
          {withCustomer && <th scope="col">{t('admin.ordersTable.customer')}</th>}
          <th scope="col" className="backoffice__amount">
            {t('admin.ordersTable.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.orderNo}>
            <td className={onOpen ? undefined : 'mono'}>
              {onOpen ? (
                <button type="button" className="link-button mono" onClick={() => onOpen(order.orderNo)}>
                  {order.orderNo}
                </button>
              ) : (
                order.orderNo
              )}
            </td>
            <td>{dateTime(order.createTime, t.languageTag)}</td>
            <td>
              {wordsOr(t, `orderStatus.${order.status}`, statusName(order.status))}
              {order.paymentNote && <div className="backoffice__payment-note">{order.paymentNote}</div>}
              {order.salesRuleNote && <div className="backoffice__payment-note">{order.salesRuleNote}</div>}
            </td>
            <td>{wordsOr(t, `admin.ordersTable.kind.${order.kind}`, order.kind)}</td>
            {withCustomer && <td>{order.email}</td>}
            <td className="backoffice__amount">{formatMoney(order.payAmount, order.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
