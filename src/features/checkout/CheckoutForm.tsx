import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { $signedIn, $user, loadUser, readRefereeCode, saveShopState } from '@/features/auth/user.store';
import { encodePassword } from '@/features/auth/auth';
import { $cart, loadCart, removeFromBrowserCart } from '@/features/cart/cart.store';
import { AddressForm } from '@/features/delivery/AddressForm';
import { setDestination } from '@/features/delivery/destination.store';
import { addressBodyOf, emptyAddress, type AddressValues } from '@/features/delivery/address-form';
import { loadDeliveryStart } from '@/features/delivery/delivery-start';
import type { Address, DeliveryCountryOption } from '@/features/delivery/delivery.schema';
import type { MyEnergy } from '@/features/energy/energy.schema';
import type { OrderDetails, PaymentStart, PayMethod, PayMethodOption, ReferralDiscount } from '@/features/orders/orders.schema';
import { OrderLineItem } from '@/features/orders/OrderLineItem';
import { firstAvailable, PayMethodPicker, providerChoices, type PayMethodChoice } from '@/features/payments/PayMethodPicker';
import { openSignIn } from '@/features/shell/shell.store';
import { api, isSuccess, type ApiResult } from '@/lib/api-client';
import type { Cart, CartLine } from '@/features/cart/cart.schema';
import * as ErrorCode from '@/lib/error-codes';
import { createTranslator, type Messages, type UiMessageKey } from '@/lib/i18n/ui';
import { formatMoney, pointsToPay, type ReferenceRates } from '@/lib/money';
import { isValidEmail, isValidPassword, limits } from '@/lib/validation';
import { CardFields } from '@/features/payments/CardFields';
import { decryptBuyNow, decryptCartIds } from '@/features/cart/cart-ids';
import { cardFieldsSetupOf } from '@/features/payments/paypal-sdk';
import { isCodeRefusal, useDiscountCode } from './use-discount-code';
import { useDeliveryQuote, type QuoteDestination } from './use-delivery-quote';
import { ChargeRows } from '@/features/orders/ChargeRows';

type Props = { messages: Messages; friendDiscountPercent: number; referenceRates: ReferenceRates };

type ContactField = 'email' | 'password';
/** A guest's email and new password (spec §5): the message key of the problem, or null. */
const contactProblem: Record<ContactField, (value: string) => UiMessageKey | null> = {
  email: (value) => (!value.trim() ? 'sign.account_err' : !isValidEmail(value.trim()) ? 'sign.account_err2' : null),
  password: (value) => (!value ? 'sign.pass_err' : !isValidPassword(value) ? 'sign.pass_err2' : null),
};

/** Where the order ships: one of the customer's saved addresses, or one typed here. */
type Destination = { addressId: number } | { values: AddressValues };

/** /pay and /order: the checkout form (spec §2, §5). The server prices and checks everything again. */
export default function CheckoutForm({ messages, friendDiscountPercent, referenceRates }: Props) {
  const t = createTranslator(messages);
  const signedIn = useStore($signedIn);
  const user = useStore($user);
  const cart = useStore($cart);
  const [ids, setIds] = useState<number[] | null | undefined>(undefined);
  /** "Buy now": the one size and quantity bought, beside the cart (decision 079). */
  const [buyNowLine, setBuyNowLine] = useState<CartLine | null>(null);
  const [areas, setAreas] = useState<DeliveryCountryOption[]>([]);
  const [address, setAddress] = useState<AddressValues | null>(null);
  /** The country and state typed in the address form, as they change. */
  const [typed, setTyped] = useState<QuoteDestination | null>(null);
  const [methods, setMethods] = useState<PayMethodOption[]>([]);
  const [payMethod, setPayMethod] = useState<PayMethod | ''>('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  /** Errors show for fields the customer has left (or on placing the order), and clear once the value is fine. */
  const [contactErrors, setContactErrors] = useState<Partial<Record<ContactField, UiMessageKey>>>({});
  const [saved, setSaved] = useState<Address[]>([]);
  const [addressChoice, setAddressChoice] = useState<number | 'new'>('new');
  const [referralCode, setReferralCode] = useState<string | null | undefined>(undefined);
  const discountInput = useRef<HTMLInputElement>(null);
  const [energy, setEnergy] = useState<number | null>(null);
  /** An order placed to be paid in PayPal's card fields, here on the page. */
  const [cardOrder, setCardOrder] = useState<OrderDetails | null>(null);
  const cardFieldsSetup = cardFieldsSetupOf(methods);

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('ids');
    const buyNowToken = new URLSearchParams(location.search).get('buy');
    void (async () => {
      if (buyNowToken) {
        const wanted = await decryptBuyNow(buyNowToken);
        const priced = wanted ? await api.post<Cart>('shoppingcart/getSpecData', [wanted], { quiet: true }) : null;
        const line = priced && isSuccess(priced) ? (priced.data.list[0] ?? null) : null;
        setBuyNowLine(line);
        setIds(line ? [line.goodsSpecificationId] : null);
      } else setIds(token ? await decryptCartIds(token) : null);
      await loadUser();
      await loadCart();
      const refereeCode = readRefereeCode();
      const [start, methodResult, referral] = await Promise.all([
        loadDeliveryStart(),
        api.get<PayMethodOption[]>('pay/getNotEpPayMethodOptionList'),
        api.get<ReferralDiscount>('order/getReferralDiscountCode', { searchParams: refereeCode ? { refereeCode } : {}, quiet: true }),
      ]);
      if (isSuccess(methodResult)) {
        setMethods(methodResult.data);
        setPayMethod(firstAvailable(methodResult.data));
      }
      setReferralCode(isSuccess(referral) ? referral.data.discountCode : null);
      setAreas(start.areas);
      setAddress(start.initial);
      setTyped({ country: start.initial.country, state: start.initial.state });
    })();
  }, []);

  useEffect(() => {
    if (signedIn) void api.get<MyEnergy>('energy/getMyEnergy', { quiet: true }).then((result) => isSuccess(result) && setEnergy(result.data.balance));
  }, [signedIn]);

  // A returning customer ships to a saved address (the default first) or types another.
  useEffect(() => {
    if (!signedIn) return setSaved([]);
    void api.get<Address[]>('delivery/queryAddressList', { quiet: true }).then((result) => {
      const list = isSuccess(result) ? result.data : [];
      setSaved(list);
      setAddressChoice(list[0]?.addressId ?? 'new');
    });
  }, [signedIn]);

  const lines = buyNowLine ? [buyNowLine] : ids ? cart.list.filter((line) => ids.includes(line.goodsSpecificationId)) : [];
  const items = lines.map(({ goodsSpecificationId, goodsQuantity }) => ({ goodsSpecificationId, goodsQuantity }));
  const discount = useDiscountCode(items, signedIn);
  const savedChoice = saved.find((option) => option.addressId === addressChoice);
  const destination = savedChoice ? { country: savedChoice.country, state: savedChoice.state } : typed;
  const delivery = useDeliveryQuote(items, discount.applied ? discount.code : null, destination, signedIn);
  // The list and product pages mark what cannot be sent to where this customer ships (decision 077).
  useEffect(() => {
    if (destination?.country) setDestination({ country: destination.country, state: destination.state });
  }, [destination?.country, destination?.state]);
  // The methods the sales rules refuse for these lines to this destination: a chosen one gives way to the first allowed.
  const refusedMethods: readonly string[] = delivery.quote?.refusedPayMethods ?? [];
  useEffect(() => {
    if (payMethod && refusedMethods.includes(payMethod)) setPayMethod(firstAvailable(methods.filter((method) => !refusedMethods.includes(method.payMethod))));
  }, [refusedMethods.join(','), payMethod]);

  // Back from an age-assurance provider (decision 077): keep its outcome, then price again.
  const [ageCheckFailed, setAgeCheckFailed] = useState(false);
  useEffect(() => {
    const url = new URL(location.href);
    const checkId = url.searchParams.get('ageCheck');
    if (!checkId) return;
    url.searchParams.delete('ageCheck');
    history.replaceState(null, '', url);
    void api.post<{ status: string }>('age/settle', { checkId }).then((result) => {
      setAgeCheckFailed(isSuccess(result) && result.data.status === 'failed');
      void delivery.refresh();
    });
  }, []);

  async function startAgeCheck() {
    if (!destination) return;
    const started = await api.post<{ url: string }>('age/start', { country: destination.country, state: destination.state, returnPath: `${location.pathname}${location.search}` });
    if (isSuccess(started)) location.assign(started.data.url);
  }

  // The code of the friend whose link brought the customer, once the lines are known; checked like any code.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !referralCode || items.length === 0) return;
    prefilled.current = true;
    if (!discount.text) discount.prefill(referralCode);
  }, [referralCode, items.length]);

  if (ids === undefined || address === null) return <p>{t('page.loading')}</p>;
  if (cardOrder && cardFieldsSetup) return <CardFields t={t} order={cardOrder} setup={cardFieldsSetup} />;
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
  // Only the server's answer for the code in the field gives a discount.
  const applied = discount.applied;
  // With a destination, the server's figures for it: shipping, tax and the total it will charge.
  const priced = delivery.quote;
  // The totals come from one answer: while a quote for a new code is on its way, the lines and the total of the last one still agree.
  const discountAmount = priced ? priced.discountAmount : (applied?.discountAmount ?? 0);
  const payAmount = priced?.payAmount ?? applied?.payAmount ?? goodsTotal;
  // A signed-in customer may pay the whole order with energy points when the balance covers it.
  const points = pointsToPay(payAmount, currency, referenceRates);
  const countryName = areas.find((area) => area.code === destination?.country)?.name ?? destination?.country ?? '';
  const choices: PayMethodChoice[] = providerChoices(methods);
  if (signedIn && energy !== null) {
    const enough = energy >= points;
    choices.push({ payMethod: 'ep', name: t(enough ? 'checkout.payWithPoints' : 'checkout.notEnoughPoints', { points, balance: energy }), disabled: !enough });
  }
  for (const choice of choices) {
    if (refusedMethods.includes(choice.payMethod)) Object.assign(choice, { disabled: true, note: t('checkout.payMethodRefusedTo', { country: countryName }) });
  }
  const notSold = delivery.notSold;
  const ageCheckNeeded = priced?.ageCheckProvider ? (signedIn ? 'start' : 'sign-in') : null;

  const leaveContactField = (field: ContactField, value: string) => setContactErrors((current) => ({ ...current, [field]: contactProblem[field](value) ?? undefined }));
  const changeContactField = (field: ContactField, value: string) => {
    (field === 'email' ? setEmail : setPassword)(value);
    if (contactErrors[field] && !contactProblem[field](value)) setContactErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Marks every problem of the guest's contact fields; answers whether there were none. */
  function checkContact(): boolean {
    if (signedIn) return true;
    const problems = { email: contactProblem.email(email) ?? undefined, password: contactProblem.password(password) ?? undefined };
    setContactErrors(problems);
    const first = (['email', 'password'] as const).find((field) => problems[field]);
    if (first) document.getElementById(`checkout-${first}`)?.focus();
    return !first;
  }

  async function placeOrder(destination: Destination): Promise<ApiResult<unknown>> {
    // Problems shown at their own field answer with an empty message: nothing more is said at the button.
    const stopped = { code: ErrorCode.IllegalRequest, data: null, message: '' };
    if (!checkContact()) return stopped;
    if (!(await discount.verify())) {
      discountInput.current?.focus();
      return stopped;
    }
    if (!payMethod) return { ...stopped, message: t('checkout.payMethod') };
    const order = await api.post<OrderDetails>('order/createOrder', {
      items,
      ...('addressId' in destination ? { addressId: destination.addressId } : { deliveryAddress: { ...addressBodyOf(destination.values), isDefault: saved.length > 0 && destination.values.isDefault } }),
      ...(discount.code ? { discountCode: discount.code } : {}),
      ...(priced?.shippingMethodId ? { shippingMethodId: priced.shippingMethodId } : {}),
      ...(priced ? { expectedPayAmount: priced.payAmount } : {}),
      payMethod,
      ...(buyNowLine ? { buyNow: true } : {}),
      ...(signedIn ? {} : { email: email.trim(), password: encodePassword(password), refereeCode: readRefereeCode() }),
    });
    if (order.code === ErrorCode.AccountExists) {
      // An existing customer signs in first, with the email already filled in.
      saveShopState({ payEmail: email.trim() });
      openSignIn('sign');
      return { ...order, message: t('checkout.emailExists') };
    }
    if ((order.data as { field?: string } | null)?.field === 'expectedPayAmount') {
      // A rate changed since the total was shown: show the new one; the customer confirms again.
      await delivery.refresh();
      return order;
    }
    if (isCodeRefusal(order)) {
      discount.refuse(order.message);
      discountInput.current?.focus();
      return stopped;
    }
    if (!isSuccess(order)) return order;
    if (!signedIn && !buyNowLine) removeFromBrowserCart(items.map((item) => item.goodsSpecificationId));
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

  const codeCheck = discount.check;
  const contactError = (field: ContactField) => contactErrors[field] && <p className="field-error" id={`checkout-${field}-error`}>{t(contactErrors[field])}</p>;
  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

  return (
    <div className="checkout">
      <section className="checkout__summary" aria-labelledby="summary-title">
        <h2 id="summary-title">{t('checkout.orderSummary')}</h2>
        <ul className="cart-lines">
          {lines.map((line) => (
            <OrderLineItem
              key={line.goodsSpecificationId}
              line={line}
              amount={line.unitPrice === null ? '--' : formatMoney(line.unitPrice * line.goodsQuantity, line.currency)}
              problem={notSold?.goodsSpecificationIds.includes(line.goodsSpecificationId) ? t('checkout.lineNotSoldTo', { country: countryName }) : null}
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
                <span className="totals__note">{t('checkout.discountRule', { percent: friendDiscountPercent, goods: formatMoney(goodsTotal, currency) })}</span>
              </dt>
              <dd data-testid="checkout-discount">-{formatMoney(discountAmount, currency)}</dd>
            </>
          )}
          {priced && <ChargeRows t={t} charges={priced} currency={currency} method={priced.shippingMethods.find((method) => method.shippingMethodId === priced.shippingMethodId)?.name ?? null} />}
          <dt>{t('orders.total')}</dt>
          <dd className="price" data-testid="checkout-total">{formatMoney(payAmount, currency)}</dd>
        </dl>
        {!priced && <p className="field-hint" role="status">{delivery.problem ?? t('checkout.shippingPending')}</p>}
      </section>

      <section className="checkout__form">
        <h2>{t('checkout.contact')}</h2>
        {signedIn ? (
          <p>{user.email}</p>
        ) : (
          <>
            <div className="field">
              <label htmlFor="checkout-email">{t('checkout.email')}</label>
              <input
                id="checkout-email"
                type="email"
                autoComplete="email"
                maxLength={limits.emailMax}
                value={email}
                aria-invalid={contactErrors.email ? true : undefined}
                aria-describedby={describedBy(contactErrors.email && 'checkout-email-error')}
                onChange={(event) => changeContactField('email', event.target.value)}
                onBlur={(event) => leaveContactField('email', event.target.value)}
              />
              {contactError('email')}
            </div>
            <div className="field">
              <label htmlFor="checkout-password">{t('checkout.newPassword')}</label>
              <input
                id="checkout-password"
                type="password"
                autoComplete="new-password"
                maxLength={limits.passwordMax}
                value={password}
                aria-invalid={contactErrors.password ? true : undefined}
                aria-describedby={describedBy('checkout-password-rule', contactErrors.password && 'checkout-password-error')}
                onChange={(event) => changeContactField('password', event.target.value)}
                onBlur={(event) => leaveContactField('password', event.target.value)}
              />
              <p className="field-hint" id="checkout-password-rule">{t('sign.passwordRule')}</p>
              {contactError('password')}
            </div>
            <button type="button" className="link-button" onClick={() => openSignIn('sign')}>{t('checkout.haveAccount')}</button>
          </>
        )}

        <div className="field">
          <label htmlFor="checkout-discount">{t('checkout.discountCode')}</label>
          <input
            ref={discountInput}
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
          <p className="field-hint" id="checkout-discount-hint">{t('checkout.discountHint', { percent: friendDiscountPercent })}</p>
          <p id="checkout-discount-result" className={codeCheck?.state === 'refused' ? 'field-error' : 'field-ok'} role="status">
            {codeCheck?.state === 'checking' && t('checkout.discountChecking')}
            {codeCheck?.state === 'accepted' && t('checkout.discountApplied', { code: codeCheck.quote.discountCode ?? codeCheck.code, amount: formatMoney(codeCheck.quote.discountAmount, currency) })}
            {codeCheck?.state === 'refused' && codeCheck.message}
          </p>
        </div>

        <PayMethodPicker legend={t('checkout.payMethod')} methods={choices} value={payMethod} onChange={setPayMethod} />

        {ageCheckNeeded && (
          <div className="age-check" role="status">
            <p>{t('checkout.ageCheckRequired')}</p>
            {ageCheckFailed && <p className="field-error">{t('checkout.ageCheckFailed')}</p>}
            {ageCheckNeeded === 'start' ? (
              <button type="button" className="button button--ghost" onClick={() => void startAgeCheck()}>{t('checkout.ageCheckStart')}</button>
            ) : (
              <button type="button" className="link-button" onClick={() => openSignIn('sign')}>{t('checkout.ageCheckSignIn')}</button>
            )}
          </div>
        )}

        <h2>{t('checkout.delivery')}</h2>
        {saved.length > 0 && (
          <fieldset className="address-choices">
            <legend className="visually-hidden">{t('checkout.delivery')}</legend>
            {saved.map((option) => (
              <label key={option.addressId} className="address-choice">
                <input type="radio" name="deliverTo" checked={addressChoice === option.addressId} onChange={() => setAddressChoice(option.addressId)} />
                <span>
                  <strong>{option.firstName} {option.lastName}</strong>
                  {option.isDefault && <span className="tag">{t('address.default')}</span>}
                  <br />
                  {[option.address, option.address2, option.city, `${option.stateName} ${option.zipCode}`, option.countryName].filter(Boolean).join(', ')}
                </span>
              </label>
            ))}
            <label className="address-choice">
              <input
                type="radio"
                name="deliverTo"
                checked={addressChoice === 'new'}
                onChange={() => {
                  setAddressChoice('new');
                  setTyped(null);
                }}
              />
              <span>{t('checkout.otherAddress')}</span>
            </label>
          </fieldset>
        )}
        {priced && priced.shippingMethods.length > 0 && (
          <fieldset className="shipping-methods">
            <legend>{t('checkout.shippingMethod')}</legend>
            {priced.shippingMethods.map((method) => (
              <label key={method.shippingMethodId} className="address-choice">
                <input type="radio" name="shippingMethod" checked={priced.shippingMethodId === method.shippingMethodId} onChange={() => delivery.chooseMethod(method.shippingMethodId)} />
                <span>
                  <strong>{method.name}</strong> · {method.fee === 0 ? t('checkout.shippingFree') : formatMoney(method.fee, currency)}
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
        )}
        {addressChoice === 'new' ? (
          <AddressForm
            key={saved.length > 0 ? 'another' : 'first'}
            t={t}
            areas={areas}
            initial={saved.length > 0 ? emptyAddress() : address}
            offerDefault={saved.length > 0}
            submitLabel={t('checkout.placeOrder')}
            onSubmit={(values) => placeOrder({ values })}
            onChange={(values) => setTyped({ country: values.country, state: values.state })}
          />
        ) : (
          <PlaceOrderButton label={t('checkout.placeOrder')} onSubmit={() => placeOrder({ addressId: addressChoice })} />
        )}
      </section>
    </div>
  );
}

/** Placing the order to a saved address: the button, and a refusal's message above it. */
function PlaceOrderButton({ label, onSubmit }: { label: string; onSubmit: () => Promise<ApiResult<unknown>> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const result = await onSubmit();
    setBusy(false);
    if (result.code !== 1) setFailure(result.message);
  }

  return (
    <form className="address-form" onSubmit={(event) => void submit(event)}>
      {failure && <p className="field-error" role="alert">{failure}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>{label}</button>
      </div>
    </form>
  );
}
