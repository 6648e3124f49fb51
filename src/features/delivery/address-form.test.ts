import { describe, expect, it } from 'vitest';
import { addressBodyOf, emptyAddress, validateAddress, validateAddressField } from './address-form';
import { homeAddress } from './fixtures/addresses';

const valid = { ...emptyAddress(), ...homeAddress };

describe('address form rules', () => {
  it('accept a complete address, with address 2 and phone left empty', () => {
    expect(validateAddress(valid)).toEqual({});
  });

  it('name every missing required field', () => {
    expect(validateAddress(emptyAddress())).toEqual({
      firstName: 'sign.register_fn_err',
      lastName: 'sign.register_ln_err',
      state: 'address.state_err',
      address: 'address.address_err',
      city: 'address.city_err',
      zipCode: 'address.zipCode_err',
    });
    expect(validateAddressField('country', { ...valid, country: '' })).toBe('address.country_err');
  });

  it('want a ZIP code of the chosen country', () => {
    expect(validateAddressField('zipCode', { ...valid, zipCode: '94105-1234' })).toBeNull();
    expect(validateAddressField('zipCode', { ...valid, zipCode: '9410' })).toBe('address.zipCode_err2');
    expect(validateAddressField('zipCode', { ...valid, country: 'CN', zipCode: '94105' })).toBe('address.zipCode_err2');
    expect(validateAddressField('zipCode', { ...valid, country: 'CN', zipCode: '100000' })).toBeNull();
  });

  it('take a phone only when it is valid', () => {
    expect(validateAddressField('phone', { ...valid, phone: '+60 12-345 6789' })).toBeNull();
    expect(validateAddressField('phone', { ...valid, phone: 'none' })).toBe('address.phone_err');
  });

  it('send trimmed values', () => {
    expect(addressBodyOf({ ...valid, city: '  San Francisco ', isDefault: true })).toMatchObject({
      city: 'San Francisco',
      address2: '',
      isDefault: true,
    });
  });
});
