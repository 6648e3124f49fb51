import { describe, expect, it } from 'vitest';
import { homeAddress } from './fixtures/addresses';
import { aShop, aCustomer } from '../../../tests/support/fixtures';

const shop = await aShop();
const customer = await aCustomer(shop);

describe('an address is refused with -218 naming the field when', () => {
  it.each([
    ['the country is missing', { country: undefined }, 'country'],
    ['the country is not delivered to', { country: 'FR' }, 'country'],
    ['the state is missing', { state: '' }, 'state'],
    ['the state is not in the country', { state: 'JHR' }, 'state'],
    ['the state belongs to another country', { state: 'BJ' }, 'state'],
    ['the city is missing', { city: '   ' }, 'city'],
    ['the address is missing', { address: undefined }, 'address'],
    ['the ZIP code is missing', { zipCode: '' }, 'zipCode'],
    ['the ZIP code does not fit the country', { zipCode: '9410' }, 'zipCode'],
    ['a Malaysian ZIP code is given for the United States', { zipCode: '5045O' }, 'zipCode'],
    ['the phone is not a phone number', { phone: 'call me' }, 'phone'],
    ['the first name is missing', { firstName: '' }, 'firstName'],
    ['the last name is too long', { lastName: 'x'.repeat(51) }, 'lastName'],
    ['the second address line is too long', { address2: 'x'.repeat(201) }, 'address2'],
  ])('%s', async (_case, change, field) => {
    const response = await shop.post(
      '/delivery/addAddress',
      { ...homeAddress, ...change },
      { headers: customer.headers },
    );
    expect(response.body.code).toBe(-218);
    expect(response.body.message).toBe(`Invalid value for ${field}`);
  });
});

describe('an address that does not exist', () => {
  it('answers -218 naming addressId, HTTP 404, on update, delete and set-default', async () => {
    const update = await shop.call('PUT', '/delivery/updateAddress', {
      body: { ...homeAddress, addressId: 999_999 },
      headers: customer.headers,
    });
    const remove = await shop.call('DELETE', '/delivery/deleteAddress?addressId=999999', { headers: customer.headers });
    const setDefault = await shop.call('PUT', '/delivery/setDefaultAddress?addressId=999999', {
      headers: customer.headers,
    });
    for (const response of [update, remove, setDefault]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: -218, message: 'Invalid value for addressId' });
    }
  });

  it('answers -218 for an id that is not a number', async () => {
    expect(
      (await shop.call('DELETE', '/delivery/deleteAddress?addressId=home', { headers: customer.headers })).body.code,
    ).toBe(-218);
    expect((await shop.call('PUT', '/delivery/setDefaultAddress', { headers: customer.headers })).body.code).toBe(-218);
  });
});
