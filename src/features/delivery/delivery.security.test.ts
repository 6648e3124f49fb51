import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses } from '@/server/db/schema';
import { signUp } from '../../../tests/support/customers';
import type { Address } from './delivery.schema';
import { homeAddress } from './fixtures/addresses';
import { aShop } from '../../../tests/support/fixtures';

const shop = await aShop();

describe("another customer's address", () => {
  it('is never read or changed, and answers exactly like a missing one', async () => {
    const alice = await signUp(shop);
    const bob = await signUp(shop);
    const bobs = (await shop.post<Address>('/delivery/addAddress', homeAddress, { headers: bob.headers })).body.data;

    expect((await shop.get<Address[]>('/delivery/queryAddressList', { headers: alice.headers })).body.data).toEqual([]);
    expect((await shop.get('/delivery/getDefaultAddress', { headers: alice.headers })).body.data).toBeNull();
    const attempts = [
      await shop.call('PUT', '/delivery/updateAddress', {
        body: { ...homeAddress, addressId: bobs.addressId, city: 'Hacked' },
        headers: alice.headers,
      }),
      await shop.call('DELETE', `/delivery/deleteAddress?addressId=${bobs.addressId}`, { headers: alice.headers }),
      await shop.call('PUT', `/delivery/setDefaultAddress?addressId=${bobs.addressId}`, { headers: alice.headers }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: -218, message: 'Invalid value for addressId' });
    }
    expect((await shop.get<Address[]>('/delivery/queryAddressList', { headers: bob.headers })).body.data).toEqual([
      bobs,
    ]);
  });

  it('cannot be created for someone else by naming them in the body', async () => {
    const alice = await signUp(shop);
    const bob = await signUp(shop);
    const response = await shop.post<Address>(
      '/delivery/addAddress',
      { ...homeAddress, userId: Number(bob.user.userId) },
      { headers: alice.headers },
    );
    const [row] = await shop.db.select().from(addresses).where(eq(addresses.id, response.body.data.addressId));
    expect(row!.userId).toBe(Number(alice.user.userId));
    expect((await shop.get<Address[]>('/delivery/queryAddressList', { headers: bob.headers })).body.data).toEqual([]);
  });
});

describe('parallel address changes', () => {
  it('leave exactly one default address', async () => {
    const customer = await signUp(shop);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        shop.post(
          '/delivery/addAddress',
          { ...homeAddress, address: `${index} Main Street` },
          { headers: customer.headers },
        ),
      ),
    );
    expect(responses.map((response) => response.body.code)).toEqual(Array(10).fill(1));
    const rows = await shop.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, Number(customer.user.userId)));
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);

    await Promise.all(
      rows.map((row) =>
        shop.call('PUT', `/delivery/setDefaultAddress?addressId=${row.id}`, { headers: customer.headers }),
      ),
    );
    const after = await shop.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, Number(customer.user.userId)));
    expect(after.filter((row) => row.isDefault)).toHaveLength(1);
  });
});
