import type { Translate } from '@/lib/i18n/ui';
import type { Currency } from '@/lib/locale';
import { formatMoney } from '@/lib/money';
import { taxName } from '@/features/shipping/tax-names';

type Charges = { shippingAmount: number; taxAmount: number; taxIncluded: boolean; taxLabel: string | null };

/**
 * The shipping and tax rows of an order's totals, in the checkout summary and the order's details:
 * tax added to the total (US sales tax) shows as its own line; tax the prices include shows as the
 * "incl." part of them (SST, VAT).
 */
export function ChargeRows({
  t,
  charges,
  currency,
  method,
}: {
  t: Translate;
  charges: Charges;
  currency: Currency;
  method: string | null;
}) {
  return (
    <>
      <dt>{method ? t('orders.shippingBy', { method }) : t('orders.shipping')}</dt>
      <dd data-testid="shipping-amount">
        {charges.shippingAmount === 0 && method
          ? t('checkout.shippingFree')
          : formatMoney(charges.shippingAmount, currency)}
      </dd>
      {charges.taxLabel && (
        <>
          <dt>
            {charges.taxIncluded
              ? t('orders.taxIncluded', { label: taxName(t, charges.taxLabel) })
              : taxName(t, charges.taxLabel)}
          </dt>
          <dd data-testid="tax-amount">{formatMoney(charges.taxAmount, currency)}</dd>
        </>
      )}
    </>
  );
}
