import type { CartLine } from '@/features/cart/cart.schema';
import type { Address } from '@/features/delivery/delivery.schema';
import type { OrderQuote } from '@/features/orders/orders.schema';
import type { Translate } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';

/** A returning customer's saved addresses, and "another address". */
export function SavedAddressChoices({
  t,
  saved,
  choice,
  onChoose,
}: {
  t: Translate;
  saved: Address[];
  choice: number | 'new';
  onChoose: (choice: number | 'new') => void;
}) {
  return (
    <fieldset className="address-choices">
      <legend className="visually-hidden">{t('checkout.delivery')}</legend>
      {saved.map((option) => (
        <label key={option.addressId} className="address-choice">
          <input
            type="radio"
            name="deliverTo"
            checked={choice === option.addressId}
            onChange={() => onChoose(option.addressId)}
          />
          <span>
            <strong>
              {option.firstName} {option.lastName}
            </strong>
            {option.isDefault && <span className="tag">{t('address.default')}</span>}
            <br />
            {[option.address, option.address2, option.city, `${option.stateName} ${option.zipCode}`, option.countryName]
              .filter(Boolean)
              .join(', ')}
          </span>
        </label>
      ))}
      <label className="address-choice">
        <input type="radio" name="deliverTo" checked={choice === 'new'} onChange={() => onChoose('new')} />
        <span>{t('checkout.otherAddress')}</span>
      </label>
    </fieldset>
  );
}

/** The shipping methods the server quoted for the destination, each with its fee and time. */
export function ShippingMethodChoices({
  t,
  priced,
  currency,
  onChoose,
}: {
  t: Translate;
  priced: OrderQuote;
  currency: CartLine['currency'];
  onChoose: (shippingMethodId: number) => void;
}) {
  return (
    <fieldset className="shipping-methods">
      <legend>{t('checkout.shippingMethod')}</legend>
      {priced.shippingMethods.map((method) => (
        <label key={method.shippingMethodId} className="address-choice">
          <input
            type="radio"
            name="shippingMethod"
            checked={priced.shippingMethodId === method.shippingMethodId}
            onChange={() => onChoose(method.shippingMethodId)}
          />
          <span>
            <strong>{method.name}</strong> ·{' '}
            {method.fee === 0 ? t('checkout.shippingFree') : formatMoney(method.fee, currency)}
            <br />
            {method.deliveryTime}
            {method.discreetPackaging && ` · ${t('checkout.discreet')}`}
            {method.freeFrom !== null && method.fee > 0 && (
              <>
                <br />
                {t('checkout.freeFrom', { amount: formatMoney(method.freeFrom, currency) })}
              </>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
