import type { RefObject } from 'react';
import type { CartLine } from '@/features/cart/cart.schema';
import type { Translate } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import type { useDiscountCode } from './use-discount-code';

type Props = {
  t: Translate;
  discount: ReturnType<typeof useDiscountCode>;
  inputRef: RefObject<HTMLInputElement | null>;
  currency: CartLine['currency'];
  friendDiscountPercent: number;
};

/** The discount code field and the server's word on it. */
export function DiscountCodeField({ t, discount, inputRef, currency, friendDiscountPercent }: Props) {
  const codeCheck = discount.check;
  return (
    <div className="field">
      <label htmlFor="checkout-discount">{t('checkout.discountCode')}</label>
      <input
        ref={inputRef}
        id="checkout-discount"
        type="text"
        autoComplete="off"
        maxLength={32}
        value={discount.text}
        aria-invalid={codeCheck?.state === 'refused' ? true : undefined}
        aria-describedby="checkout-discount-hint checkout-discount-result"
        onChange={(event) => discount.setText(event.target.value)}
        onBlur={() => void discount.verify()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void discount.verify();
          }
        }}
      />
      <p className="field-hint" id="checkout-discount-hint">
        {t('checkout.discountHint', { percent: friendDiscountPercent })}
      </p>
      <p
        id="checkout-discount-result"
        className={codeCheck?.state === 'refused' ? 'field-error' : 'field-ok'}
        role="status"
      >
        {codeCheck?.state === 'checking' && t('checkout.discountChecking')}
        {codeCheck?.state === 'accepted' &&
          t('checkout.discountApplied', {
            code: codeCheck.quote.discountCode ?? codeCheck.code,
            amount: formatMoney(codeCheck.quote.discountAmount, currency),
          })}
        {codeCheck?.state === 'refused' && codeCheck.message}
      </p>
    </div>
  );
}
