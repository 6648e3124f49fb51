import type { UiMessageKey } from '@/lib/i18n/ui';
import { isValidPhone } from '@/lib/validation';
import { findCountry } from './delivery-areas';
import type { Address } from './delivery.schema';

/* The address form's rules (spec §5, the checkout form's), pure so they can be tested without a browser. */

export type AddressField =
  'firstName' | 'lastName' | 'country' | 'state' | 'address' | 'address2' | 'city' | 'zipCode' | 'phone';
export type AddressValues = Record<AddressField, string> & { isDefault: boolean };

/** In the order the form shows them. */
export const addressFields: AddressField[] = [
  'firstName',
  'lastName',
  'country',
  'state',
  'address',
  'address2',
  'city',
  'zipCode',
  'phone',
];

export const addressMaxLength: Record<AddressField, number> = {
  firstName: 50,
  lastName: 50,
  country: 2,
  state: 3,
  address: 200,
  address2: 200,
  city: 100,
  zipCode: 10,
  phone: 30,
};

/** A new address starts in the United States, as the checkout form does. */
export const emptyAddress = (country = 'US'): AddressValues => ({
  firstName: '',
  lastName: '',
  country,
  state: '',
  address: '',
  address2: '',
  city: '',
  zipCode: '',
  phone: '',
  isDefault: false,
});

export const valuesOfAddress = (address: Address): AddressValues => ({
  firstName: address.firstName,
  lastName: address.lastName,
  country: address.country,
  state: address.state,
  address: address.address,
  address2: address.address2,
  city: address.city,
  zipCode: address.zipCode,
  phone: address.phone,
  isDefault: address.isDefault,
});

const required: Partial<Record<AddressField, UiMessageKey>> = {
  firstName: 'sign.register_fn_err',
  lastName: 'sign.register_ln_err',
  country: 'address.country_err',
  state: 'address.state_err',
  address: 'address.address_err',
  city: 'address.city_err',
  zipCode: 'address.zipCode_err',
};

/** The message key for a field's value, or null when it is fine. The ZIP code must fit the country. */
export function validateAddressField(field: AddressField, values: AddressValues): UiMessageKey | null {
  const value = values[field].trim();
  const missing = required[field];
  if (missing && !value) return missing;
  if (field === 'zipCode') {
    const country = findCountry(values.country);
    return !country || country.zipCode.test(value) ? null : 'address.zipCode_err2';
  }
  if (field === 'phone') return value === '' || isValidPhone(value) ? null : 'address.phone_err';
  return null;
}

export function validateAddress(values: AddressValues): Partial<Record<AddressField, UiMessageKey>> {
  return Object.fromEntries(
    addressFields.flatMap((field) => {
      const problem = validateAddressField(field, values);
      return problem ? [[field, problem]] : [];
    }),
  );
}

/** The body of addAddress / updateAddress: trimmed text fields. */
export const addressBodyOf = (values: AddressValues) => ({
  ...(Object.fromEntries(addressFields.map((field) => [field, values[field].trim()])) as Record<AddressField, string>),
  isDefault: values.isDefault,
});
