import { describe, expect, it } from 'vitest';
import { signUp, type Customer } from '../../../tests/support/customers';
import type { Address, DeliveryCountryOption } from './delivery.schema';
import { homeAddress } from './fixtures/addresses';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop();

const as = (customer: Customer, language?: string) => ({ headers: customer.headers, language });
const add = (customer: Customer, body: unknown) => shop.post<Address>('/delivery/addAddress', body, as(customer));
const list = async (customer: Customer) =>
  (await shop.get<Address[]>('/delivery/queryAddressList', as(customer))).body.data;
const defaultOf = async (customer: Customer) =>
  (await shop.get<Address | null>('/delivery/getDefaultAddress', as(customer))).body.data;

describe('delivery areas', () => {
  it('list the United States with 50 states and DC, Malaysia and China', async () => {
    const response = await shop.get<DeliveryCountryOption[]>('/delivery/getDeliveryAreaOptionList');
    const [us, my, cn] = response.body.data;
    expect(us).toMatchObject({ code: 'US', name: 'United States' });
    expect(us!.states).toHaveLength(51);
    expect(us!.states).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(my).toMatchObject({ code: 'MY', name: 'Malaysia' });
    expect(my!.states).toHaveLength(16);
    expect(cn!.states).toHaveLength(31);
  });

  it('are named in the request language where it has names', async () => {
    const response = await shop.get<DeliveryCountryOption[]>('/delivery/getDeliveryAreaOptionList', { language: 'ZH' });
    const [us, , cn] = response.body.data;
    expect(us!.name).toBe('美国');
    expect(cn!.states[0]).toEqual({ code: 'BJ', name: '北京' });
    expect(
      (await shop.get<DeliveryCountryOption[]>('/delivery/getDeliveryAreaOptionList', { language: 'MS' })).body.data[0]!
        .name,
    ).toBe('Amerika Syarikat');
  });
});

describe("a customer's addresses", () => {
  it('start with none: the default address is null, signed in or not', async () => {
    const customer = await signUp(shop);
    expect(await defaultOf(customer)).toBeNull();
    expect((await shop.get('/delivery/getDefaultAddress')).body).toMatchObject({ code: 1, data: null });
  });

  it('make the first address the default, with names for its country and state', async () => {
    const customer = await signUp(shop);
    const response = await shop.post<Address>(
      '/delivery/addAddress',
      { ...homeAddress, country: 'us', state: 'ca' },
      as(customer, 'ZH'),
    );
    expect(response.body.code).toBe(1);
    expect(response.body.data).toEqual({
      addressId: expect.any(Number),
      ...homeAddress,
      countryName: '美国',
      stateName: 'California',
      address2: '',
      phone: '',
      isDefault: true,
    });
    expect(await defaultOf(customer)).toEqual({ ...response.body.data, countryName: 'United States' });
  });

  it('keep one default: a later address becomes it only when asked', async () => {
    const customer = await signUp(shop);
    const home = (await add(customer, homeAddress)).body.data;
    const office = (
      await add(customer, { ...homeAddress, address: '2 Office Park', address2: 'Floor 3', phone: '+1 415 555 0100' })
    ).body.data;
    expect(office.isDefault).toBe(false);
    const shop2 = (
      await add(customer, {
        ...homeAddress,
        country: 'MY',
        state: '14',
        city: 'Kuala Lumpur',
        zipCode: '50450',
        isDefault: true,
      })
    ).body.data;
    expect(shop2).toMatchObject({ isDefault: true, stateName: 'Wilayah Persekutuan Kuala Lumpur' });

    const addresses = await list(customer);
    expect(addresses.map((address) => [address.addressId, address.isDefault])).toEqual([
      [shop2.addressId, true],
      [office.addressId, false],
      [home.addressId, false],
    ]);
  });

  it('change an address, and move the default with updateAddress or setDefaultAddress', async () => {
    const customer = await signUp(shop);
    const home = (await add(customer, homeAddress)).body.data;
    const office = (await add(customer, homeAddress)).body.data;

    const changed = await shop.call<Address>('PUT', '/delivery/updateAddress', {
      body: { ...homeAddress, addressId: office.addressId, city: 'Oakland', zipCode: '94607-1234', isDefault: true },
      ...as(customer),
    });
    expect(changed.body.data).toMatchObject({
      addressId: office.addressId,
      city: 'Oakland',
      zipCode: '94607-1234',
      isDefault: true,
    });
    expect((await defaultOf(customer))?.addressId).toBe(office.addressId);

    const moved = await shop.call<Address>(
      'PUT',
      `/delivery/setDefaultAddress?addressId=${home.addressId}`,
      as(customer),
    );
    expect(moved.body.data).toMatchObject({ addressId: home.addressId, isDefault: true });
    expect((await list(customer)).filter((address) => address.isDefault).map((address) => address.addressId)).toEqual([
      home.addressId,
    ]);

    // isDefault: false cannot leave the customer without a default.
    await shop.call('PUT', '/delivery/updateAddress', {
      body: { ...homeAddress, addressId: home.addressId, isDefault: false },
      ...as(customer),
    });
    expect((await defaultOf(customer))?.addressId).toBe(home.addressId);
  });

  it('promote another address when the default is deleted', async () => {
    const customer = await signUp(shop);
    const home = (await add(customer, homeAddress)).body.data;
    const office = (await add(customer, homeAddress)).body.data;
    const deleted = await shop.call('DELETE', `/delivery/deleteAddress?addressId=${home.addressId}`, as(customer));
    expect(deleted.body).toMatchObject({ code: 1, data: null });
    expect(await defaultOf(customer)).toMatchObject({ addressId: office.addressId, isDefault: true });
    await shop.call('DELETE', `/delivery/deleteAddress?addressId=${office.addressId}`, as(customer));
    expect(await list(customer)).toEqual([]);
    expect(await defaultOf(customer)).toBeNull();
  });
});
