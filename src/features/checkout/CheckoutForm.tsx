import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $signedIn, $user, loadUser, readRefereeCode, saveShopState } from '@/features/auth/user.store';
import { encodePassword } from '@/features/auth/auth';
import { $cart, loadCart, removeFromBrowserCart } from '@/features/cart/cart.store';
import { AddressForm } from '@/features/delivery/AddressForm';
import { addressBodyOf, type AddressValues } from '@/features/delivery/address-form';
import { loadDeliveryStart } from '@/features/delivery/delivery-start';
import type { DeliveryCountryOption } from '@/features/delivery/delivery.schema';
import type { MyEnergy } from '@/features/energy/energy.schema';
import type { OrderDetails, PaymentStart, PayMethod, PayMethodOption } from '@/features/orders/orders.schema';
import { OrderLineItem } from '@/features/orders/OrderLineItem';
import { PayMethodPicker, type PayMethodChoice } from '@/features/orders/PayMethodPicker';
import { openSignIn } from '@/features/shell/shell.store';
import { api, isSuccess, type ApiResult } from '@/lib/api-client';
import { ErrorCode } from '@/lib/error-codes';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney, percentOf, pointsToPay, type ReferenceRates } from '@/lib/money';
import { isValidEmail, isValidPassword, limits } from '@/lib/validation';
import { CardFields } from './CardFields';
import { decryptCartIds } from './cart-ids';
import { cardFieldsSetupOf } from './paypal-sdk';

type Props = { messages: Messages; friendDiscountPercent: number; referenceRates: ReferenceRates };

/** /pay and /order: the checkout form (spec §2, §5). The server prices and checks everything again. */
export default function CheckoutForm({ messages, friendDiscountPercent, referenceRates }: Props) {
  const t = createTranslator(messages);
  const signedIn = useStore($signedIn);
  const user = useStore($user);
  const cart = useStore($cart);
  const [ids, setIds] = useState<number[] | null | undefined>(undefined);
  const [areas, setAreas] = useState<DeliveryCountryOption[]>([]);
  const [address, setAddress] = useState<AddressValues | null>(null);
  const [methods, setMethods] = useState<PayMethodOption[]>([]);
  const [payMethod, setPayMethod] = useState<PayMethod | ''>('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [discountCode, setDiscountCode] = useState('');
  const [contactError, setContactError] = useState<string | null>(null);
  const [energy, setEnergy] = useState<number | null>(null);
  /** An order placed to be paid in PayPal's card fields, here on the page. */
  const [cardOrder, setCardOrder] = useState<OrderDetails | null>(null);
  const cardFieldsSetup = cardFieldsSetupOf(methods);

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('ids');
    void (async () => {
      setIds(token ? await decryptCartIds(token) : null);
      await loadUser();
      await loadCart();
      const [start, methodResult] = await Promise.all([loadDeliveryStart(), api.get<PayMethodOption[]>('pay/getNotEpPayMethodOptionList')]);
      if (isSuccess(methodResult)) {
        setMethods(methodResult.data);
        setPayMethod(methodResult.data[0]?.payMethod ?? '');
      }
      setAreas(start.areas);
      setAddress(start.initial);
    })();
  }, []);

  useEffect(() => {
    if (signedIn) void api.get<MyEnergy>('energy/getMyEnergy', { quiet: true }).then((result) => isSuccess(result) && setEnergy(result.data.balance));
  }, [signedIn]);

  if (ids === undefined || address === null) return <p>{t('page.loading')}</p>;
  if (cardOrder && cardFieldsSetup) return <CardFields t={t} order={cardOrder} setup={cardFieldsSetup} />;
  const lines = cart.list.filter((line) => ids?.includes(line.goodsSpecificationId));
  if (!ids || lines.length === 0) {
    return (
      <div className="placeholder">
        <p>{t('checkout.nothingSelected')}</p>
        <a className="button" href="/shoppingCart">{t('checkout.backToCart')}</a>
      </div>
    );
  }

  const currency = lines[0]!.currency;
  const goodsTotal = lines.reduce((sum, line) => sum + (line.unitPrice ?? 0) * line.goodsQuantity, 0);
  const discount = discountCode.trim() ? percentOf(goodsTotal, friendDiscountPercent) : 0;
  // A signed-in customer may pay the whole order with energy points when the balance covers it.
  const points = pointsToPay(goodsTotal - discount, currency, referenceRates);
  const choices: PayMethodChoice[] = [...methods];
  if (signedIn && energy !== null) {
    const enough = energy >= points;
    choices.push({ payMethod: 'ep', name: t(enough ? 'checkout.payWithPoints' : 'checkout.notEnoughPoints', { points, balance: energy }), disabled: !enough });
  }

  /** A guest's email and new password; the message of the first problem, or null. */
  function checkContact(): string | null {
    const problem = signedIn ? null : !email.trim() ? t('sign.account_err') : !isValidEmail(email.trim()) ? t('sign.account_err2') : !isValidPassword(password) ? t('sign.pass_err2') : null;
    setContactError(problem);
    return problem;
  }

  async function placeOrder(values: AddressValues): Promise<ApiResult<unknown>> {
    const problem = checkContact() ?? (payMethod ? null : t('checkout.payMethod'));
    if (problem || !payMethod) return { code: ErrorCode.IllegalRequest, data: null, message: problem ?? '' };
    const items = lines.map(({ goodsSpecificationId, goodsQuantity }) => ({ goodsSpecificationId, goodsQuantity }));
    const order = await api.post<OrderDetails>('order/createOrder', {
      items,
      deliveryAddress: { ...addressBodyOf(values), isDefault: false },
      ...(discountCode.trim() ? { discountCode: discountCode.trim() } : {}),
      payMethod,
      ...(signedIn ? {} : { email: email.trim(), password: encodePassword(password), refereeCode: readRefereeCode() }),
    });
    if (order.code === ErrorCode.AccountExists) {
      // An existing customer signs in first, with the email already filled in.
      saveShopState({ payEmail: email.trim() });
      openSignIn('sign');
      return { ...order, message: t('checkout.emailExists') };
    }
    if (!isSuccess(order)) return order;
    if (!signedIn) removeFromBrowserCart(items.map((item) => item.goodsSpecificationId));
    if (payMethod === 'card' && cardFieldsSetup) {
      // The card fields start the payment themselves (their createOrder), each time the customer submits a card.
      setCardOrder(order.data);
      return order;
    }
    const payment = await api.post<PaymentStart>('pay/payment', { orderId: order.data.orderId, payMethod });
    if (!isSuccess(payment)) return payment;
    location.assign(payment.data.approveUrl ?? `/pay_result?orderId=${order.data.orderId}`);
    return payment;
  }

  return (
    <div className="checkout">
      <section className="checkout__summary" aria-labelledby="summary-title">
        <h2 id="summary-title">{t('checkout.orderSummary')}</h2>
        <ul className="cart-lines">
          {lines.map((line) => (
            <OrderLineItem key={line.goodsSpecificationId} line={line} amount={line.unitPrice === null ? '--' : formatMoney(line.unitPrice * line.goodsQuantity, line.currency)} />
          ))}
        </ul>
        <dl className="totals">
          <dt>{t('checkout.goodsTotal')}</dt>
          <dd>{formatMoney(goodsTotal, currency)}</dd>
          {discount > 0 && (
            <>
              <dt>{t('orders.discount')}</dt>
              <dd>-{formatMoney(discount, currency)}</dd>
            </>
          )}
          <dt>{t('orders.total')}</dt>
          <dd className="price" data-testid="checkout-total">{formatMoney(goodsTotal - discount, currency)}</dd>
        </dl>
      </section>

      <section className="checkout__form">
        <h2>{t('checkout.contact')}</h2>
        {signedIn ? (
          <p>{user.email}</p>
        ) : (
          <>
            <div className="field">
              <label htmlFor="checkout-email">{t('checkout.email')}</label>
              <input id="checkout-email" type="email" autoComplete="email" maxLength={limits.emailMax} value={email} onChange={(event) => setEmail(event.target.value)} onBlur={() => email && checkContact()} />
            </div>
            <div className="field">
              <label htmlFor="checkout-password">{t('checkout.newPassword')}</label>
              <input id="checkout-password" type="password" autoComplete="new-password" maxLength={limits.passwordMax} value={password} onChange={(event) => setPassword(event.target.value)} aria-describedby="checkout-password-rule" />
              <p className="field-hint" id="checkout-password-rule">{t('sign.passwordRule')}</p>
            </div>
            {contactError && <p className="field-error" role="alert">{contactError}</p>}
            <button type="button" className="link-button" onClick={() => openSignIn('sign')}>{t('checkout.haveAccount')}</button>
          </>
        )}

        <div className="field">
          <label htmlFor="checkout-discount">{t('checkout.discountCode')}</label>
          <input id="checkout-discount" type="text" maxLength={32} value={discountCode} onChange={(event) => setDiscountCode(event.target.value)} aria-describedby="checkout-discount-hint" />
          <p className="field-hint" id="checkout-discount-hint">{t('checkout.discountHint', { percent: friendDiscountPercent })}</p>
        </div>

        <PayMethodPicker legend={t('checkout.payMethod')} methods={choices} value={payMethod} onChange={setPayMethod} />

        <h2>{t('checkout.delivery')}</h2>
        <AddressForm t={t} areas={areas} initial={address} submitLabel={t('checkout.placeOrder')} onSubmit={placeOrder} />
      </section>
    </div>
  );
}

