// Kept in one file: zones, their methods and tax rates are one section's forms, sharing its amount fields and its
// saving.
import { useState, type FormEvent } from 'react';
import type { ShippingSetup, ShippingZone } from '@/features/shipping/shipping.schema';
import { currencies, languages, type Currency } from '@/lib/locale';
import { parseMajorUnits, toMajorUnits } from '@/lib/money';
import { adminCall } from '../admin-api';
import { ErrorText, useAdminData, useBackOfficeLanguage } from '../ui';

/*
 * Shipping zones with their methods, and tax rates by destination (admins). Saving calls the same
 * rules as the operator CLI (`shipping-zone`, `tax-rate`); the server checks everything again.
 */

type Texts = Record<(typeof languages)[number], string>;
type Amounts = Record<Currency, string>;
type MethodDraft = {
  shippingMethodId?: number;
  name: Texts;
  deliveryTime: Texts;
  prices: Amounts;
  freeFrom: Amounts;
  discreetPackaging: boolean;
};
type ZoneDraft = { shippingZoneId?: number; name: string; regions: string; methods: MethodDraft[] };

const noTexts = (): Texts => ({ EN: '', ZH: '', MS: '' });
const noAmounts = (): Amounts => ({ USD: '', CNY: '', MYR: '' });
const newMethod = (): MethodDraft => ({
  name: noTexts(),
  deliveryTime: noTexts(),
  prices: noAmounts(),
  freeFrom: noAmounts(),
  discreetPackaging: true,
});
/** Amounts per currency as a line: "USD 5.99, MYR 8.00". */
const amountsLine = (amounts: Record<string, number>) =>
  Object.entries(amounts)
    .map(([currency, amount]) => `${currency} ${toMajorUnits(amount)}`)
    .join(', ');
const shownAmounts = (amounts: Record<string, number>): Amounts => ({
  ...noAmounts(),
  ...Object.fromEntries(Object.entries(amounts).map(([currency, amount]) => [currency, toMajorUnits(amount)])),
});

function draftOf(zone: ShippingZone): ZoneDraft {
  return {
    shippingZoneId: zone.shippingZoneId,
    name: zone.name,
    regions: zone.regions.join(' '),
    methods: zone.methods.map((method) => ({
      shippingMethodId: method.shippingMethodId,
      name: { ...noTexts(), ...method.name },
      deliveryTime: { ...noTexts(), ...method.deliveryTime },
      prices: shownAmounts(method.prices),
      freeFrom: shownAmounts(method.freeFrom),
      discreetPackaging: method.discreetPackaging,
    })),
  };
}

/** Typed amounts as minor units; an empty field is left out, a malformed one is sent as it is (the server names it). */
const minorUnits = (amounts: Amounts) =>
  Object.fromEntries(
    Object.entries(amounts).flatMap(([currency, text]) =>
      text.trim() === '' ? [] : [[currency, parseMajorUnits(text) ?? text]],
    ),
  );

function zoneBody(draft: ZoneDraft) {
  return {
    ...(draft.shippingZoneId ? { shippingZoneId: draft.shippingZoneId } : {}),
    name: draft.name,
    regions: draft.regions.split(/[\s,]+/).filter(Boolean),
    methods: draft.methods.map(({ prices, freeFrom, ...method }) => ({
      ...method,
      prices: minorUnits(prices),
      freeFrom: minorUnits(freeFrom),
    })),
  };
}

export default function BackOfficeShipping() {
  const { t } = useBackOfficeLanguage();
  const { data: setup, error, act } = useAdminData(() => adminCall<ShippingSetup>('/shipping'));
  const [editing, setEditing] = useState<ZoneDraft | null>(null);

  if (!setup) return error ? <ErrorText error={error} /> : <p>{t('admin.frame.loading')}</p>;
  return (
    <section className="backoffice__shipping">
      <h2>{t('admin.shipping.zones')}</h2>
      <p>{t('admin.shipping.zonesIntro')}</p>
      <ErrorText error={error} />
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.shipping.zone')}</th>
            <th scope="col">{t('admin.shipping.regions')}</th>
            <th scope="col">{t('admin.shipping.methods')}</th>
            <th scope="col">{t('admin.shipping.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {setup.zones.map((zone) => (
            <tr key={zone.shippingZoneId}>
              <td>{zone.name}</td>
              <td>{zone.regions.join(' ')}</td>
              <td>
                {zone.methods.map((method) => (
                  <div key={method.shippingMethodId}>
                    {method.name.EN}: {amountsLine(method.prices)}
                    {Object.keys(method.freeFrom).length > 0 &&
                      ` · ${t('admin.shipping.freeFromLine', { amounts: amountsLine(method.freeFrom) })}`}
                  </div>
                ))}
              </td>
              <td>
                <button type="button" className="button button--small" onClick={() => setEditing(draftOf(zone))}>
                  {t('admin.shipping.editZone', { name: zone.name })}
                </button>{' '}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() =>
                    void act(() => adminCall('/shipping/zone/delete', { shippingZoneId: zone.shippingZoneId }))
                  }
                >
                  {t('admin.shipping.deleteZone', { name: zone.name })}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="button"
        onClick={() => setEditing({ name: '', regions: '', methods: [newMethod()] })}
      >
        {t('admin.shipping.newZone')}
      </button>
      {editing && (
        <ZoneEditor
          draft={editing}
          onChange={setEditing}
          onCancel={() => setEditing(null)}
          onSave={async () =>
            (await act(() => adminCall('/shipping/zone/save', { zone: zoneBody(editing) }))) && setEditing(null)
          }
        />
      )}

      <h2>{t('admin.shipping.taxRates')}</h2>
      <p>{t('admin.shipping.taxIntro')}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.shipping.destination')}</th>
            <th scope="col">{t('admin.shipping.rate')}</th>
            <th scope="col">{t('admin.shipping.taxName')}</th>
            <th scope="col">{t('admin.shipping.prices')}</th>
            <th scope="col">{t('admin.shipping.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {setup.taxRates.map((rate) => {
            const where = rate.state ? `${rate.country}-${rate.state}` : rate.country;
            return (
              <tr key={where}>
                <td>{where}</td>
                <td>{(rate.rateBasisPoints / 100).toFixed(2)} %</td>
                <td>{rate.label}</td>
                <td>{t(rate.included ? 'admin.shipping.includeIt' : 'admin.shipping.addAtCheckout')}</td>
                <td>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() =>
                      void act(() => adminCall('/shipping/tax/delete', { country: rate.country, state: rate.state }))
                    }
                  >
                    {t('admin.shipping.removeRate', { where })}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <TaxForm onSave={(taxRate) => act(() => adminCall('/shipping/tax/save', { taxRate }))} />
    </section>
  );
}

function ZoneEditor({
  draft,
  onChange,
  onCancel,
  onSave,
}: {
  draft: ZoneDraft;
  onChange: (draft: ZoneDraft) => void;
  onCancel: () => void;
  onSave: () => Promise<unknown>;
}) {
  const { t } = useBackOfficeLanguage();
  const setMethod = (index: number, method: MethodDraft) =>
    onChange({ ...draft, methods: draft.methods.map((current, at) => (at === index ? method : current)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave();
  };
  return (
    <form
      className="backoffice__form"
      aria-label={
        draft.shippingZoneId ? t('admin.shipping.editZoneForm', { name: draft.name }) : t('admin.shipping.newZone')
      }
      onSubmit={submit}
    >
      <label className="field">
        <span>{t('admin.shipping.zoneName')}</span>
        <input
          value={draft.name}
          maxLength={80}
          required
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
        />
      </label>
      <label className="field">
        <span>{t('admin.shipping.regionsField')}</span>
        <input
          value={draft.regions}
          required
          onChange={(event) => onChange({ ...draft, regions: event.target.value })}
        />
      </label>
      {draft.methods.map((method, index) => (
        <fieldset key={method.shippingMethodId ?? `new-${index}`}>
          <legend>{t('admin.shipping.method', { number: index + 1 })}</legend>
          {languages.map((language) => (
            <div className="form-row" key={language}>
              <label className="field">
                <span>{t('admin.shipping.methodName', { language })}</span>
                <input
                  value={method.name[language]}
                  maxLength={80}
                  onChange={(event) =>
                    setMethod(index, { ...method, name: { ...method.name, [language]: event.target.value } })
                  }
                />
              </label>
              <label className="field">
                <span>{t('admin.shipping.deliveryTime', { language })}</span>
                <input
                  value={method.deliveryTime[language]}
                  maxLength={80}
                  onChange={(event) =>
                    setMethod(index, {
                      ...method,
                      deliveryTime: { ...method.deliveryTime, [language]: event.target.value },
                    })
                  }
                />
              </label>
            </div>
          ))}
          {currencies.map((currency) => (
            <div className="form-row" key={currency}>
              <label className="field">
                <span>{t('admin.shipping.price', { currency })}</span>
                <input
                  inputMode="decimal"
                  value={method.prices[currency]}
                  onChange={(event) =>
                    setMethod(index, { ...method, prices: { ...method.prices, [currency]: event.target.value } })
                  }
                />
              </label>
              <label className="field">
                <span>{t('admin.shipping.freeFrom', { currency })}</span>
                <input
                  inputMode="decimal"
                  value={method.freeFrom[currency]}
                  onChange={(event) =>
                    setMethod(index, { ...method, freeFrom: { ...method.freeFrom, [currency]: event.target.value } })
                  }
                />
              </label>
            </div>
          ))}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={method.discreetPackaging}
              onChange={(event) => setMethod(index, { ...method, discreetPackaging: event.target.checked })}
            />
            {t('admin.shipping.discreet')}
          </label>
          {draft.methods.length > 1 && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => onChange({ ...draft, methods: draft.methods.filter((_, at) => at !== index) })}
            >
              {t('admin.shipping.removeMethod', { number: index + 1 })}
            </button>
          )}
        </fieldset>
      ))}
      <div className="form-actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onChange({ ...draft, methods: [...draft.methods, newMethod()] })}
        >
          {t('admin.shipping.addMethod')}
        </button>
        <button type="submit" className="button">
          {t('admin.shipping.saveZone')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('admin.shipping.cancel')}
        </button>
      </div>
    </form>
  );
}

function TaxForm({ onSave }: { onSave: (taxRate: unknown) => Promise<boolean> }) {
  const { t } = useBackOfficeLanguage();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const percent = String(form.get('rate')).trim();
    const rateBasisPoints = /^\d{1,3}(?:\.\d{1,2})?$/.test(percent) ? Math.round(Number(percent) * 100) : -1;
    const saved = await onSave({
      country: form.get('country'),
      state: form.get('state'),
      rateBasisPoints,
      included: form.get('included') === 'yes',
      label: form.get('label'),
    });
    if (saved) element.reset();
  };
  return (
    <form
      className="backoffice__form"
      aria-label={t('admin.shipping.taxForm')}
      onSubmit={(event) => void submit(event)}
    >
      <div className="form-row">
        <label className="field">
          <span>{t('admin.shipping.country')}</span>
          <input name="country" required maxLength={2} />
        </label>
        <label className="field">
          <span>{t('admin.shipping.state')}</span>
          <input name="state" maxLength={3} />
        </label>
        <label className="field">
          <span>{t('admin.shipping.ratePercent')}</span>
          <input name="rate" inputMode="decimal" required />
        </label>
        <label className="field">
          <span>{t('admin.shipping.labelField')}</span>
          <input name="label" required maxLength={20} />
        </label>
        <label className="field">
          <span>{t('admin.shipping.pricesShown')}</span>
          <select name="included" defaultValue="yes">
            <option value="yes">{t('admin.shipping.includeTax')}</option>
            <option value="no">{t('admin.shipping.excludeTax')}</option>
          </select>
        </label>
      </div>
      <button type="submit" className="button">
        {t('admin.shipping.saveTax')}
      </button>
    </form>
  );
}
