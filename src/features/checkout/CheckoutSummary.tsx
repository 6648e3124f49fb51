import type { CartLine } from '@/features/cart/cart.schema';
import { ChargeRows } from '@/features/orders/ChargeRows';
import type { OrderQuote } from '@/features/orders/orders.schema';
import { OrderLineItem } from '@/features/orders/OrderLineItem';
import type { Translate } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import type { NotSoldLines } from './use-delivery-quote';

type Props = {
  t: Translate;
  lines: CartLine[];
  currency: CartLine['currency'];
  goodsTotal: number;
  discountAmount: number;
  payAmount: number;
  friendDiscountPercent: number;
  /** The server's figures for the destination, once it has quoted them. */
  priced: OrderQuote | null;
  /** Why there is no quote yet, when the server said. */
  problem: string | null;
  notSold: NotSoldLines | null;
  countryName: string;
};

/** The checkout's order summary: the lines, the discount and the charges, and the total the server will charge. */
export function CheckoutSummary({
  t,
  lines,
  currency,
  goodsTotal,
  discountAmount,
  payAmount,
  friendDiscountPercent,
  priced,
  problem,
  notSold,
  countryName,
}: Props) {
  return (
    <section className="checkout__summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{t('checkout.orderSummary')}</h2>
      <ul className="cart-lines">
        {lines.map((line) => (
          <OrderLineItem
            key={line.goodsSpecificationId}
            line={line}
            amount={line.unitPrice === null ? '--' : formatMoney(line.unitPrice * line.goodsQuantity, line.currency)}
            problem={
              notSold?.goodsSpecificationIds.includes(line.goodsSpecificationId)
                ? t('checkout.lineNotSoldTo', { country: countryName })
                : null
            }
          />
        ))}
      </ul>
      <dl className="totals">
        <dt>{t('checkout.goodsTotal')}</dt>
        <dd>{formatMoney(goodsTotal, currency)}</dd>
        {discountAmount > 0 && (
          <>
            <dt>
              {t('orders.discount')}
              {/* The rule behind the figure: 5 % of $64.99 is $3.2495, and a discount rounds down (docs/decisions/003), so $3.24 is not a typo. */}
              <span className="totals__note">
                {t('checkout.discountRule', {
                  percent: friendDiscountPercent,
                  goods: formatMoney(goodsTotal, currency),
                })}
              </span>
            </dt>
            <dd data-testid="checkout-discount">-{formatMoney(discountAmount, currency)}</dd>
          </>
        )}
        {priced && (
          <ChargeRows
            t={t}
            charges={priced}
            currency={currency}
            method={
              priced.shippingMethods.find((method) => method.shippingMethodId === priced.shippingMethodId)?.name ?? null
            }
          />
        )}
        <dt>{t('orders.total')}</dt>
        <dd className="price" data-testid="checkout-total">
          {formatMoney(payAmount, currency)}
        </dd>
      </dl>
      {!priced && (
        <p className="field-hint" role="status">
          {problem ?? t('checkout.shippingPending')}
        </p>
      )}
    </section>
  );
}
