// Kept in one file: the form's effects and placing the order; what it shows is in its sibling components and its
// state in checkout-form-state.ts.
import { useStore } from '@nanostores/react';
import { useEffect, useReducer, useRef } from 'react';
import { $signedIn, $user, loadUser, readRefereeCode, saveShopState } from '@/features/auth/user.store';
import { encodePassword } from '@/features/auth/auth';
import { $cart, loadCart, removeFromBrowserCart } from '@/features/cart/cart.store';
import { AddressForm } from '@/features/delivery/AddressForm';
import { setDestination } from '@/features/delivery/destination.store';
import { addressBodyOf, emptyAddress } from '@/features/delivery/address-form';
import { loadDeliveryStart } from '@/features/delivery/delivery-start';
import type { Address } from '@/features/delivery/delivery.schema';
import type { MyEnergy } from '@/features/energy/energy.schema';
import type { OrderDetails, PaymentStart, PayMethodOption, ReferralDiscount } from '@/features/orders/orders.schema';
import type { PayMethod } from '@/lib/pay-methods';
import {
  firstAvailable,
  PayMethodPicker,
  providerChoices,
  type PayMethodChoice,
} from '@/features/payments/PayMethodPicker';
import { openSignIn } from '@/lib/shell.store';
import { api, isSuccess, type ApiResult } from '@/lib/api-client';
import type { Cart } from '@/features/cart/cart.schema';
import * as ErrorCode from '@/lib/error-codes';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { pointsToPay, type ReferenceRates } from '@/lib/money';
import { CardFields } from '@/features/payments/CardFields';
import { decryptBuyNow, decryptCartIds } from '@/features/cart/cart-ids';
import { cardFieldsSetupOf } from '@/features/payments/paypal-sdk';
import { isCodeRefusal, useDiscountCode } from './use-discount-code';
import { useDeliveryQuote } from './use-delivery-quote';
import { AgeCheckNotice } from './AgeCheckNotice';
import { checkoutFormReducer, contactProblem, initialCheckoutForm, type Destination } from './checkout-form-state';
import { CheckoutSummary } from './CheckoutSummary';
import { ContactFields } from './ContactFields';
import { SavedAddressChoices, ShippingMethodChoices } from './DeliveryChoices';
import { DiscountCodeField } from './DiscountCodeField';
import { PlaceOrderButton } from './PlaceOrderButton';

type Props = { messages: Messages; friendDiscountPercent: number; referenceRates: ReferenceRates };

/** /pay and /order: the checkout form (spec §2, §5). The server prices and checks everything again. */
export default function CheckoutForm({ messages, friendDiscountPercent, referenceRates }: Props) {
  const t = createTranslator(messages);
  const signedIn = useStore($signedIn);
  const user = useStore($user);
  const cart = useStore($cart);
  const [state, dispatch] = useReducer(checkoutFormReducer, initialCheckoutForm);
  const {
    ids,
    buyNowLine,
    areas,
    address,
    typed,
    methods,
    payMethod,
    email,
    password,
    saved,
    addressChoice,
    referralCode,
    energy,
    cardOrder,
    ageCheckFailed,
  } = state;
  const discountInput = useRef<HTMLInputElement>(null);
  const cardFieldsSetup = cardFieldsSetupOf(methods);
  const setPayMethod = (value: PayMethod | '') => dispatch({ type: 'payMethodChosen', payMethod: value });

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('ids');
    const buyNowToken = new URLSearchParams(location.search).get('buy');
    void (async () => {
      if (buyNowToken) {
        const wanted = await decryptBuyNow(buyNowToken);
        const priced = wanted ? await api.post<Cart>('shoppingcart/getSpecData', [wanted], { quiet: true }) : null;
        const line = priced && isSuccess(priced) ? (priced.data.list[0] ?? null) : null;
        dispatch({ type: 'linesChosen', ids: line ? [line.goodsSpecificationId] : null, buyNowLine: line });
      } else dispatch({ type: 'linesChosen', ids: token ? await decryptCartIds(token) : null });
      await loadUser();
      await loadCart();
      const refereeCode = readRefereeCode();
      const [start, methodResult, referral] = await Promise.all([
        loadDeliveryStart(),
        api.get<PayMethodOption[]>('pay/getNotEpPayMethodOptionList'),
        api.get<ReferralDiscount>('order/getReferralDiscountCode', {
          searchParams: refereeCode ? { refereeCode } : {},
          quiet: true,
        }),
      ]);
      dispatch({
        type: 'started',
        methods: isSuccess(methodResult) ? methodResult.data : null,
        referralCode: isSuccess(referral) ? referral.data.discountCode : null,
        areas: start.areas,
        address: start.initial,
      });
    })();
  }, []);

  useEffect(() => {
    if (signedIn)
      void api
        .get<MyEnergy>('energy/getMyEnergy', { quiet: true })
        .then((result) => isSuccess(result) && dispatch({ type: 'energyRead', balance: result.data.balance }));
  }, [signedIn]);

  // A returning customer ships to a saved address (the default first) or types another.
  useEffect(() => {
    if (!signedIn) return dispatch({ type: 'savedAddressesCleared' });
    void api.get<Address[]>('delivery/queryAddressList', { quiet: true }).then((result) => {
      dispatch({ type: 'savedAddressesRead', saved: isSuccess(result) ? result.data : [] });
    });
  }, [signedIn]);

  const lines = buyNowLine
    ? [buyNowLine]
    : ids
      ? cart.list.filter((line) => ids.includes(line.goodsSpecificationId))
      : [];
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
    if (payMethod && refusedMethods.includes(payMethod))
      setPayMethod(firstAvailable(methods.filter((method) => !refusedMethods.includes(method.payMethod))));
  }, [refusedMethods.join(','), payMethod]);

  // Back from an age-assurance provider (decision 077): keep its outcome, then price again.
  useEffect(() => {
    const url = new URL(location.href);
    const checkId = url.searchParams.get('ageCheck');
    if (!checkId) return;
    url.searchParams.delete('ageCheck');
    history.replaceState(null, '', url);
    void api.post<{ status: string }>('age/settle', { checkId }).then((result) => {
      dispatch({ type: 'ageCheckSettled', failed: isSuccess(result) && result.data.status === 'failed' });
      void delivery.refresh();
    });
  }, []);

  async function startAgeCheck() {
    if (!destination) return;
    const started = await api.post<{ url: string }>('age/start', {
      country: destination.country,
      state: destination.state,
      returnPath: `${location.pathname}${location.search}`,
    });
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
        <a className="button" href="/shoppingCart">
          {t('checkout.backToCart')}
        </a>
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
    choices.push({
      payMethod: 'ep',
      name: t(enough ? 'checkout.payWithPoints' : 'checkout.notEnoughPoints', { points, balance: energy }),
      disabled: !enough,
    });
  }
  for (const choice of choices) {
    if (refusedMethods.includes(choice.payMethod))
      Object.assign(choice, { disabled: true, note: t('checkout.payMethodRefusedTo', { country: countryName }) });
  }
  const notSold = delivery.notSold;
  const ageCheckNeeded = priced?.ageCheckProvider ? (signedIn ? 'start' : 'sign-in') : null;

  /** Marks every problem of the guest's contact fields; answers whether there were none. */
  function checkContact(): boolean {
    if (signedIn) return true;
    const problems = {
      email: contactProblem.email(email) ?? undefined,
      password: contactProblem.password(password) ?? undefined,
    };
    dispatch({ type: 'contactChecked', problems });
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
      ...('addressId' in destination
        ? { addressId: destination.addressId }
        : {
            deliveryAddress: {
              ...addressBodyOf(destination.values),
              isDefault: saved.length > 0 && destination.values.isDefault,
            },
          }),
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
      dispatch({ type: 'cardOrderPlaced', order: order.data });
      return order;
    }
    const payment = await api.post<PaymentStart>('pay/payment', { orderId: order.data.orderId, payMethod });
    if (!isSuccess(payment)) return payment;
    location.assign(payment.data.approveUrl ?? `/pay_result?orderId=${order.data.orderId}`);
    return payment;
  }

  return (
    <div className="checkout">
      <CheckoutSummary
        t={t}
        lines={lines}
        currency={currency}
        goodsTotal={goodsTotal}
        discountAmount={discountAmount}
        payAmount={payAmount}
        friendDiscountPercent={friendDiscountPercent}
        priced={priced}
        problem={delivery.problem}
        notSold={notSold}
        countryName={countryName}
      />

      <section className="checkout__form">
        <ContactFields
          t={t}
          signedIn={signedIn}
          userEmail={user.email}
          email={email}
          password={password}
          contactErrors={state.contactErrors}
          dispatch={dispatch}
        />

        <DiscountCodeField
          t={t}
          discount={discount}
          inputRef={discountInput}
          currency={currency}
          friendDiscountPercent={friendDiscountPercent}
        />

        <PayMethodPicker legend={t('checkout.payMethod')} methods={choices} value={payMethod} onChange={setPayMethod} />

        {ageCheckNeeded && (
          <AgeCheckNotice t={t} needed={ageCheckNeeded} failed={ageCheckFailed} onStart={() => void startAgeCheck()} />
        )}

        <h2>{t('checkout.delivery')}</h2>
        {saved.length > 0 && (
          <SavedAddressChoices
            t={t}
            saved={saved}
            choice={addressChoice}
            onChoose={(choice) => dispatch({ type: 'addressChosen', choice })}
          />
        )}
        {priced && priced.shippingMethods.length > 0 && (
          <ShippingMethodChoices t={t} priced={priced} currency={currency} onChoose={delivery.chooseMethod} />
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
            onChange={(values) =>
              dispatch({ type: 'addressTyped', typed: { country: values.country, state: values.state } })
            }
          />
        ) : (
          <PlaceOrderButton
            label={t('checkout.placeOrder')}
            onSubmit={() => placeOrder({ addressId: addressChoice })}
          />
        )}
      </section>
    </div>
  );
}
