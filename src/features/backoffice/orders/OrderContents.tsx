import { taxName } from '@/features/shipping/tax-names';
import { formatMoney } from '@/lib/money';
import { dateTime, useBackOfficeLanguage } from '../ui';
import type { OrderDetails } from './order-details';

/* What an order holds and where it goes: its lines, what the customer was charged, the address, the logistics. */

export function OrderLines({ order }: { order: Pick<OrderDetails, 'currency' | 'lines'> }) {
  const { t } = useBackOfficeLanguage();
  return (
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
  );
}

/**
 * What the customer was charged, line by line: goods − discount + shipping + tax added = total. A tax
 * the prices include is shown as the part of them it is (not added again).
 */
export function OrderTotals({
  order,
}: {
  order: Pick<
    OrderDetails,
    | 'currency'
    | 'goodsTotal'
    | 'discountAmount'
    | 'shippingAmount'
    | 'taxAmount'
    | 'taxIncluded'
    | 'taxLabel'
    | 'payAmount'
  >;
}) {
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

export function DeliveryAddress({ address }: { address: NonNullable<OrderDetails['delivery']['address']> }) {
  return (
    <address>
      {address.firstName} {address.lastName}, {address.address} {address.address2}, {address.zipCode} {address.city},{' '}
      {address.stateName}, {address.countryName} · {address.phone}
    </address>
  );
}

/** The carrier and tracking number once shipped, and the logistics events added so far. */
export function OrderLogistics({ delivery }: { delivery: OrderDetails['delivery'] }) {
  const { t } = useBackOfficeLanguage();
  return (
    <>
      <h3>{t('admin.orders.logistics')}</h3>
      <p>{delivery.carrier ? `${delivery.carrier} · ${delivery.trackingNumber}` : t('admin.orders.notShipped')}</p>
      <ul>
        {delivery.events.map((event, index) => (
          <li key={index}>
            {dateTime(event.time, t.languageTag)}: {event.text}
          </li>
        ))}
      </ul>
    </>
  );
}
