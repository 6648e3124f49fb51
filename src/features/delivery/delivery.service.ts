import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import * as ErrorCode from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import type { Database, Executor, Transaction } from '@/server/db/client';
import { addresses, users, type DeliveryAddressSnapshot } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { areaNames, deliveryCountries, nameIn } from './delivery-areas';
import type { Address, AddressBody, DeliveryCountryOption, NewAddressBody } from './delivery.schema';

type AddressRow = typeof addresses.$inferSelect;

export function listDeliveryAreas(language: Language): DeliveryCountryOption[] {
  return deliveryCountries.map((country) => ({
    code: country.code,
    name: nameIn(country.name, language),
    states: country.states.map((state) => ({ code: state.code, name: nameIn(state.name, language) })),
  }));
}

function toAddress(row: AddressRow, language: Language): Address {
  const { countryName, stateName } = areaNames(row.country, row.state, language);
  return {
    addressId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    country: row.country,
    countryName,
    state: row.state,
    stateName,
    city: row.city,
    address: row.address,
    address2: row.address2,
    zipCode: row.zipCode,
    phone: row.phone,
    isDefault: row.isDefault,
  };
}

/** Someone else's address answers exactly like a missing one. */
const addressNotFound = () => new ShopError(ErrorCode.IllegalRequest, { field: 'addressId', status: 404 });

const ownAddress = (userId: number, addressId: number) =>
  and(eq(addresses.userId, userId), eq(addresses.id, addressId));

/** The default first, then the newest. */
export async function listAddresses(db: Executor, userId: number, language: Language): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map((row) => toAddress(row, language));
}

export async function getDefaultAddress(db: Executor, userId: number, language: Language): Promise<Address | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  return row ? toAddress(row, language) : null;
}

/**
 * Runs an address change holding the customer's row lock, so two parallel requests cannot both
 * decide to make an address the default.
 */
async function withAddressesLocked<T>(
  db: Database,
  userId: number,
  change: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return change(tx);
  });
}

async function clearDefault(tx: Transaction, userId: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

/** The checkout form's address fields, without anything else a body or a row carries. */
export const addressValues = ({
  firstName,
  lastName,
  country,
  state,
  city,
  address,
  address2,
  zipCode,
  phone,
}: DeliveryAddressSnapshot): DeliveryAddressSnapshot => ({
  firstName,
  lastName,
  country,
  state,
  city,
  address,
  address2,
  zipCode,
  phone,
});

/** Inserts an address, the caller holding the customer's row lock: the first becomes the default; a later one only when asked. */
async function insertAddress(tx: Transaction, userId: number, body: NewAddressBody): Promise<AddressRow> {
  const [existing] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).limit(1);
  const isDefault = !existing || body.isDefault === true;
  if (isDefault) await clearDefault(tx, userId);
  const [inserted] = await tx
    .insert(addresses)
    .values({ userId, ...addressValues(body), isDefault })
    .returning();
  return inserted!;
}

export async function addAddress(
  db: Database,
  userId: number,
  body: NewAddressBody,
  language: Language,
): Promise<Address> {
  return toAddress(await withAddressesLocked(db, userId, (tx) => insertAddress(tx, userId, body)), language);
}

/**
 * An address typed at checkout, inside the order's transaction: kept as the customer's default when
 * they have none yet (so the next checkout starts with it), or when they ask for it to be the default.
 */
export async function keepCheckoutAddress(tx: Transaction, userId: number, body: NewAddressBody): Promise<void> {
  if (body.isDefault === true) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await insertAddress(tx, userId, body);
    return;
  }
  await tx.execute(keepFirstAddressSql({ userId, ...addressValues(body) }, sql`true`));
}

/**
 * The statement that keeps an address typed at checkout as the customer's default when they have
 * none yet, if `when` holds (for a CTE of the order's statement). A customer with addresses always has
 * one default, so "no default yet" is "no address yet": one insert that the one-default index turns
 * away when there is one (also under concurrent checkouts). `values` are the address's as
 * `addressValues` gives them, and its customer's id (or placeholders of them).
 */
export function keepFirstAddressSql(values: Record<'userId' | keyof DeliveryAddressSnapshot, unknown>, when: SQL): SQL {
  const { userId, firstName, lastName, country, state, city, address, address2, zipCode, phone } = values;
  return sql`
    insert into ${addresses} (user_id, first_name, last_name, country, state, city, address, address2, zip_code, phone, is_default)
    select ${userId}::int, ${firstName}, ${lastName}, ${country}, ${state}, ${city}, ${address}, ${address2}, ${zipCode}, ${phone}, true where ${when}
    on conflict (user_id) where is_default do nothing`;
}

/** Changes an address; `isDefault: true` makes it the default (the default cannot be unset, only moved). */
export async function updateAddress(
  db: Database,
  userId: number,
  body: AddressBody,
  language: Language,
): Promise<Address> {
  const row = await withAddressesLocked(db, userId, async (tx) => {
    if (body.isDefault) await clearDefault(tx, userId);
    const [updated] = await tx
      .update(addresses)
      .set({ ...addressValues(body), ...(body.isDefault ? { isDefault: true } : {}) })
      .where(ownAddress(userId, body.addressId))
      .returning();
    if (!updated) throw addressNotFound();
    return updated;
  });
  return toAddress(row, language);
}

/** Deleting the default address makes the newest remaining one the default. */
export async function deleteAddress(db: Database, userId: number, addressId: number): Promise<void> {
  await withAddressesLocked(db, userId, async (tx) => {
    const [deleted] = await tx
      .delete(addresses)
      .where(ownAddress(userId, addressId))
      .returning({ isDefault: addresses.isDefault });
    if (!deleted) throw addressNotFound();
    if (!deleted.isDefault) return;
    const [successor] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), ne(addresses.id, addressId)))
      .orderBy(desc(addresses.id))
      .limit(1);
    if (successor) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, successor.id));
  });
}

export async function setDefaultAddress(
  db: Database,
  userId: number,
  addressId: number,
  language: Language,
): Promise<Address> {
  const row = await withAddressesLocked(db, userId, async (tx) => {
    const [own] = await tx.select({ id: addresses.id }).from(addresses).where(ownAddress(userId, addressId));
    if (!own) throw addressNotFound();
    await clearDefault(tx, userId);
    const [updated] = await tx
      .update(addresses)
      .set({ isDefault: true })
      .where(eq(addresses.id, addressId))
      .returning();
    return updated!;
  });
  return toAddress(row, language);
}
