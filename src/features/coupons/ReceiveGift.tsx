import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $signedIn, readRefereeCode, saveRefereeCode } from '@/features/auth/user.store';
import { AddressForm } from '@/features/delivery/AddressForm';
import { addressBodyOf, type AddressValues } from '@/features/delivery/address-form';
import { loadDeliveryStart } from '@/features/delivery/delivery-start';
import type { DeliveryCountryOption } from '@/features/delivery/delivery.schema';
import type { OrderDetails } from '@/features/orders/orders.schema';
import { OrderLineItem } from '@/features/orders/OrderLineItem';
import { openSignIn } from '@/lib/shell.store';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatTime } from '@/lib/locale';
import type { CouponProduct, CouponStatus } from './coupons.schema';

type Gift =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'open'; status: CouponStatus; products: CouponProduct[] };
type Props = { messages: Messages; languageTag: string; code: string };

/**
 * `/order?code=…`: a friend's gift. The visitor signs in or registers (becoming the giver's referee
 * unless another friend's code brought them), gives an address, and receives a free order.
 */
export function ReceiveGift({ messages, languageTag, code }: Props) {
  const t = createTranslator(messages);
  const signedIn = useStore($signedIn);
  const [gift, setGift] = useState<Gift>({ kind: 'loading' });
  const [delivery, setDelivery] = useState<{ areas: DeliveryCountryOption[]; initial: AddressValues } | null>(null);

  useEffect(() => {
    void (async () => {
      const [status, products] = await Promise.all([
        api.get<CouponStatus>('coupon/checkCouponStatus', { searchParams: { code } }),
        api.get<CouponProduct[]>('coupon/getReceiveCouponProductList', { searchParams: { code } }),
      ]);
      if (!isSuccess(status)) return setGift({ kind: 'unavailable', message: status.message });
      if (!readRefereeCode()) saveRefereeCode(status.data.giverShareCode);
      setGift({ kind: 'open', status: status.data, products: isSuccess(products) ? products.data : [] });
    })();
  }, [code]);

  useEffect(() => {
    if (signedIn) void loadDeliveryStart().then(setDelivery);
  }, [signedIn]);

  async function receive(values: AddressValues) {
    const order = await api.post<OrderDetails>('order/createReceiveOrder', {
      code,
      deliveryAddress: { ...addressBodyOf(values), isDefault: false },
    });
    if (isSuccess(order)) location.assign(`/pay_result?orderId=${order.data.orderId}&coupon=1`);
    return order;
  }

  if (gift.kind === 'loading') return <p>{t('page.loading')}</p>;
  if (gift.kind === 'unavailable') {
    return (
      <div className="placeholder" role="alert">
        <h2>{t('receive.unavailable')}</h2>
        <p>{gift.message}</p>
        <a className="button" href="/">
          {t('payResult.backHome')}
        </a>
      </div>
    );
  }
  return (
    <div className="checkout">
      <section className="checkout__summary" aria-labelledby="gift-title">
        <h2 id="gift-title">{t('receive.title')}</h2>
        <ul className="cart-lines">
          {gift.products.map((product) => (
            <OrderLineItem key={product.goodsSpecificationId} line={product} />
          ))}
        </ul>
        <p className="field-hint">{t('coupon.expires', { time: formatTime(gift.status.expireTime, languageTag) })}</p>
      </section>
      <section className="checkout__form">
        <p>{t('receive.intro')}</p>
        {!signedIn ? (
          <div className="form-actions">
            <button type="button" className="button" onClick={() => openSignIn('sign')}>
              {t('receive.signIn')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => openSignIn('register')}>
              {t('receive.register')}
            </button>
          </div>
        ) : !delivery ? (
          <p>{t('page.loading')}</p>
        ) : (
          <>
            <h2>{t('checkout.delivery')}</h2>
            <AddressForm
              t={t}
              areas={delivery.areas}
              initial={delivery.initial}
              submitLabel={t('receive.submit')}
              onSubmit={receive}
            />
          </>
        )}
      </section>
    </div>
  );
}
