import { ReceiveGift } from '@/features/coupons/ReceiveGift';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import type { ReferenceRates } from '@/lib/money';
import CheckoutForm from './CheckoutForm';

type Props = { messages: Messages; languageTag: string; friendDiscountPercent: number; referenceRates: ReferenceRates };

/** `/order`: receiving a friend's gift with `?code=…` (spec §2, share type 1), else the checkout. */
export default function OrderPage({ messages, languageTag, friendDiscountPercent, referenceRates }: Props) {
  const t = createTranslator(messages);
  const code = new URLSearchParams(location.search).get('code')?.trim();
  if (!code) {
    return (
      <>
        <h1>{t('page.order')}</h1>
        <CheckoutForm
          messages={messages}
          friendDiscountPercent={friendDiscountPercent}
          referenceRates={referenceRates}
        />
      </>
    );
  }
  return (
    <>
      <h1>{t('page.receive')}</h1>
      <ReceiveGift messages={messages} languageTag={languageTag} code={code} />
    </>
  );
}
