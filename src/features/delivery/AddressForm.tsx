import { useState, type FormEvent } from 'react';
import type { ApiResult } from '@/lib/api-client';
import type { Translate, UiMessageKey } from '@/lib/i18n/ui';
import {
  addressFields,
  addressMaxLength,
  validateAddress,
  validateAddressField,
  type AddressField,
  type AddressValues,
} from './address-form';
import type { DeliveryCountryOption } from './delivery.schema';

type Props = {
  t: Translate;
  areas: DeliveryCountryOption[];
  initial: AddressValues;
  submitLabel: string;
  /** Saves the address; a refusal's message shows above the button. */
  onSubmit: (values: AddressValues) => Promise<ApiResult<unknown>>;
  /** Offer "use as my default address" (not for the default itself, which stays default). */
  offerDefault?: boolean;
  onCancel?: () => void;
  /** Told of every change (checkout prices shipping and tax as the country and state change). */
  onChange?: (values: AddressValues) => void;
};

const labels: Record<AddressField, UiMessageKey> = {
  firstName: 'address.firstName',
  lastName: 'address.lastName',
  country: 'address.country',
  state: 'address.state',
  address: 'address.address',
  address2: 'address.address2',
  city: 'address.city',
  zipCode: 'address.zipCode',
  phone: 'address.phone',
};
const autoComplete: Record<AddressField, string> = {
  firstName: 'shipping given-name',
  lastName: 'shipping family-name',
  country: 'shipping country',
  state: 'shipping address-level1',
  address: 'shipping address-line1',
  address2: 'shipping address-line2',
  city: 'shipping address-level2',
  zipCode: 'shipping postal-code',
  phone: 'shipping tel',
};

/** A delivery address, with the checkout form's fields and rules (spec §2, §5); checked on blur. */
export function AddressForm({
  t,
  areas,
  initial,
  submitLabel,
  onSubmit,
  offerDefault = false,
  onCancel,
  onChange,
}: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const country = areas.find((area) => area.code === values.country);

  const check = (name: AddressField, next = values) => {
    const problem = validateAddressField(name, next);
    setErrors((current) => ({ ...current, [name]: problem ? t(problem) : undefined }));
  };

  const change = (name: AddressField, value: string) => {
    // Another country has other states and another ZIP code format.
    const next = name === 'country' ? { ...values, country: value, state: '' } : { ...values, [name]: value };
    setValues(next);
    onChange?.(next);
    if (name === 'country') {
      check('country', next);
      setErrors((current) => ({ ...current, state: undefined }));
      if (next.zipCode) check('zipCode', next);
    } else if (name === 'state') {
      check('state', next);
    } else if (errors[name]) {
      setErrors((current) => ({ ...current, [name]: undefined }));
    }
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateAddress(values);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
    const firstProblem = addressFields.find((name) => problems[name]);
    if (firstProblem) {
      const control = document.getElementById(`address-${firstProblem}`);
      control?.focus({ preventScroll: true });
      control?.scrollIntoView({ block: 'center' });
      return;
    }
    setBusy(true);
    setFailure(null);
    const result = await onSubmit(values);
    setBusy(false);
    if (result.code !== 1) setFailure(result.message);
  }

  const field = (name: AddressField, control: 'input' | 'select' = 'input') => {
    const id = `address-${name}`;
    const common = {
      id,
      name,
      autoComplete: autoComplete[name],
      value: values[name],
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? `${id}-error` : undefined,
    };
    const options = name === 'country' ? areas : (country?.states ?? []);
    return (
      <div className={`field field--${name}`}>
        <label htmlFor={id}>{t(labels[name])}</label>
        {control === 'select' ? (
          <select {...common} onChange={(event) => change(name, event.target.value)} onBlur={() => check(name)}>
            <option value="">{t('address.choose')}</option>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type={name === 'phone' ? 'tel' : 'text'}
            inputMode={name === 'zipCode' ? 'numeric' : undefined}
            maxLength={addressMaxLength[name]}
            onChange={(event) => change(name, event.target.value)}
            onBlur={() => check(name)}
          />
        )}
        {errors[name] && (
          <p className="field-error" id={`${id}-error`}>
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="address-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="form-row">
        {field('firstName')}
        {field('lastName')}
      </div>
      <div className="form-row">
        {field('country', 'select')}
        {field('state', 'select')}
      </div>
      {field('address')}
      {field('address2')}
      <div className="form-row">
        {field('city')}
        {field('zipCode')}
      </div>
      {field('phone')}
      {offerDefault && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.isDefault}
            onChange={(event) => setValues({ ...values, isDefault: event.target.checked })}
          />
          {t('address.makeDefault')}
        </label>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('address.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
