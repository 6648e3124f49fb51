import { useEffect, useState, type FormEvent } from 'react';
import { Icon } from '@/components/Icon';
import type { OrderDetails, PayMethodOption } from '@/features/orders/orders.schema';
import type { PayMethod } from '@/lib/pay-methods';
import { firstAvailable, PayMethodPicker, providerChoices } from '@/features/payments/PayMethodPicker';
import { payOrder } from '@/features/payments/pay-order';
import { api, isSuccess, warnOf } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import {
  isValidRecharge,
  RECHARGE_MAX,
  RECHARGE_MIN,
  RECHARGE_STEP,
  type RechargePreset,
} from '@/features/energy/energy';
import type { MyEnergy, RechargePrice } from '@/features/energy/energy.schema';

const PRICE_DELAY_MS = 250;
const range = { min: RECHARGE_MIN, max: RECHARGE_MAX, step: RECHARGE_STEP };

/** /order/recharge: choose points, see their price in the current currency, pay with a provider. */
/** `presets`: round amounts of the page's currency and their points (`rechargePresets`), worked out when the page is built. */
export default function RechargeForm({ messages, presets }: { messages: Messages; presets: RechargePreset[] }) {
  const t = createTranslator(messages);
  const [balance, setBalance] = useState<number | null>(null);
  const [text, setText] = useState(String((presets[1] ?? presets[0])?.points ?? 1000));
  const [touched, setTouched] = useState(false);
  const [price, setPrice] = useState<RechargePrice | null>(null);
  const [methods, setMethods] = useState<PayMethodOption[]>([]);
  const [payMethod, setPayMethod] = useState<PayMethod | ''>('');
  const [busy, setBusy] = useState(false);
  const points = Number(text);
  const valid = isValidRecharge(points);

  useEffect(() => {
    void api.get<MyEnergy>('energy/getMyEnergy').then((result) => isSuccess(result) && setBalance(result.data.balance));
    void api.get<PayMethodOption[]>('pay/getNotEpPayMethodOptionList').then((result) => {
      if (!isSuccess(result)) return;
      setMethods(result.data);
      setPayMethod(firstAvailable(result.data));
    });
  }, []);

  // The price follows the points as they are typed, once the typing pauses.
  useEffect(() => {
    if (!valid) return setPrice(null);
    let current = true;
    const timer = setTimeout(() => {
      void api
        .get<RechargePrice>('energy/calculateAmount', { searchParams: { points } })
        .then((result) => current && isSuccess(result) && setPrice(result.data));
    }, PRICE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [points, valid]);

  const step = (by: number) => {
    const base = Number.isFinite(points) ? Math.round(points / RECHARGE_STEP) * RECHARGE_STEP : RECHARGE_MIN;
    setText(String(Math.min(RECHARGE_MAX, Math.max(RECHARGE_MIN, base + by))));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid || !payMethod || busy) return;
    setBusy(true);
    const order = await api.post<OrderDetails>('energy/recharge', { points, payMethod });
    if (!isSuccess(order)) warnOf(order);
    const sentOn = isSuccess(order) && (await payOrder(order.data.orderId, payMethod));
    if (!sentOn) setBusy(false);
  }

  const showError = touched && !valid;
  return (
    <form className="panel-form recharge" onSubmit={(event) => void submit(event)} noValidate>
      <p data-testid="recharge-balance">{balance === null ? '…' : t('recharge.balance', { points: balance })}</p>
      <div className="field">
        <label htmlFor="recharge-points">{t('recharge.points')}</label>
        <div className="stepper">
          <button
            type="button"
            className="icon-button"
            aria-label={t('recharge.fewer')}
            onClick={() => step(-RECHARGE_STEP)}
            disabled={points <= RECHARGE_MIN}
          >
            <Icon name="minus" />
          </button>
          <input
            id="recharge-points"
            type="number"
            inputMode="numeric"
            {...range}
            value={text}
            aria-invalid={showError}
            aria-describedby="recharge-points-hint"
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={t('recharge.more')}
            onClick={() => step(RECHARGE_STEP)}
            disabled={points >= RECHARGE_MAX}
          >
            <Icon name="plus" />
          </button>
        </div>
        <p
          className={showError ? 'field-error' : 'field-hint'}
          id="recharge-points-hint"
          role={showError ? 'alert' : undefined}
        >
          {t(showError ? 'recharge.points_err' : 'recharge.pointsHint', range)}
        </p>
        <div className="chips">
          {presets.map((preset) => (
            <button
              key={preset.points}
              type="button"
              className="chip"
              aria-pressed={points === preset.points}
              onClick={() => setText(String(preset.points))}
            >
              {t('recharge.preset', { points: preset.points, amount: formatMoney(preset.amount, preset.currency) })}
            </button>
          ))}
        </div>
      </div>
      <dl className="totals">
        <dt>{t('recharge.price')}</dt>
        <dd className="price" data-testid="recharge-price">
          {valid && price?.points === points ? formatMoney(price.amount, price.currency) : '--'}
        </dd>
      </dl>
      <PayMethodPicker
        legend={t('recharge.payMethod')}
        methods={providerChoices(methods)}
        value={payMethod}
        onChange={setPayMethod}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy || !payMethod}>
          {t('recharge.pay')}
        </button>
      </div>
    </form>
  );
}
