import { statusNames, type OrderStatusValue } from '@/features/orders/orders';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/locale';
import { dateTime } from '../ui';

/* Orders as the back office lists them: on the orders board and on a customer's page. */

export type OrderRow = { orderNo: string; kind: string; status: number; currency: Currency; payAmount: number; email?: string; createTime: string; paymentNote?: string | null; salesRuleNote?: string | null };

export const statusName = (status: number) => statusNames[status as OrderStatusValue] ?? String(status);

/** One row per order; with `onOpen` the order number opens it, and the board's rows name the customer. */
export function OrdersTable({ orders, onOpen, withCustomer = false }: { orders: OrderRow[]; onOpen?: (orderNo: string) => void; withCustomer?: boolean }) {
  return (
    <table className="data-table backoffice__table">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Status</th>
          <th scope="col">Kind</th>
          {withCustomer && <th scope="col">Customer</th>}
          <th scope="col" className="backoffice__amount">
            Amount
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
            <td>{dateTime(order.createTime)}</td>
            <td>
              {statusName(order.status)}
              {order.paymentNote && <div className="backoffice__payment-note">{order.paymentNote}</div>}
              {order.salesRuleNote && <div className="backoffice__payment-note">{order.salesRuleNote}</div>}
            </td>
            <td>{order.kind}</td>
            {withCustomer && <td>{order.email}</td>}
            <td className="backoffice__amount">{formatMoney(order.payAmount, order.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
