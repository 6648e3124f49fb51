import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { recordAudit, type Actor } from '@/features/audit/audit';
import { findCountry, findState } from '@/features/delivery/delivery-areas';
import * as ErrorCode from '@/lib/error-codes';
import type { Currency, Language } from '@/lib/locale';
import type { CatalogueCache } from '@/server/db/catalogue-cache';
import { rowsOf, type Executor } from '@/server/db/client';
import { shippingMethods, shippingZones, taxRates, type ShippingMethodSnapshot } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { chargeOrder, findZone, regionOf, shippingFee, type Charges } from './charges';
import type {
  ShippingChoice,
  ShippingSetup,
  ShippingZone,
  ShippingZoneInput,
  TaxRate,
  TaxRateInput,
} from './shipping.schema';

/*
 * Shipping zones and tax rates: one rule per action, called by the back office and the operator CLI
 * alike, and the pricing of a destination that the quote and the order share. See
 * docs/decisions/061-shipping-zones-and-tax.md.
 */

type MethodRow = Pick<
  typeof shippingMethods.$inferSelect,
  'id' | 'zoneId' | 'name' | 'deliveryTime' | 'prices' | 'freeFrom' | 'discreetPackaging'
>;
type DeliveryRules = {
  zones: { id: number; regions: string[] }[];
  methods: MethodRow[];
  rates: { state: string; rateBasisPoints: number; included: boolean; label: string }[];
};

/** Where the delivery rules are read: the database, and the answers kept until the catalogue or the rules change. */
export type RulesReader = { db: Executor; cache?: CatalogueCache | undefined };

/**
 * Every zone, every method in checkout order and the tax rates of `country`, read in one statement and
 * kept (a change to a zone, method or rate notifies like the catalogue's): every quote and order asks.
 */
function deliveryRules({ db, cache }: RulesReader, country: string): Promise<DeliveryRules> {
  return cache
    ? (cache.remember(`delivery|${country}`, () => readDeliveryRules(db, country)) as Promise<DeliveryRules>)
    : readDeliveryRules(db, country);
}

async function readDeliveryRules(db: Executor, country: string): Promise<DeliveryRules> {
  const [rules] = rowsOf<DeliveryRules>(
    await db.execute(sql`select
      coalesce((select json_agg(json_build_object('id', z.id, 'regions', z.regions)) from ${shippingZones} z), '[]') as zones,
      coalesce((select json_agg(json_build_object('id', m.id, 'zoneId', m.zone_id, 'name', m.name, 'deliveryTime', m.delivery_time, 'prices', m.prices,
        'freeFrom', m.free_from, 'discreetPackaging', m.discreet_packaging) order by m.position, m.id) from ${shippingMethods} m), '[]') as methods,
      coalesce((select json_agg(json_build_object('state', t.state, 'rateBasisPoints', t.rate_basis_points, 'included', t.included, 'label', t.label))
        from ${taxRates} t where t.country = ${country}), '[]') as rates`),
  );
  return rules!;
}

/** -218 naming `field`, with a reason the page and the tests can read. */
const refuse = (
  field: string,
  reason: string,
  message?: 'order.country.notShipped' | 'order.shippingMethod.notOffered',
) => new ShopError(ErrorCode.IllegalRequest, { field, ...(message ? { message } : {}), data: { field, reason } });

/** Every zone with its methods in checkout order, and every tax rate. */
export async function shippingSetup(db: Executor): Promise<ShippingSetup> {
  const [zones, methods, rates] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.id)),
    db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.id)),
    db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.state)),
  ]);
  return {
    zones: zones.map((zone) => ({
      shippingZoneId: zone.id,
      name: zone.name,
      regions: zone.regions,
      methods: methods.filter((method) => method.zoneId === zone.id).map(methodView),
    })),
    taxRates: rates.map(({ country, state, rateBasisPoints, included, label }) => ({
      country,
      state,
      rateBasisPoints,
      included,
      label,
    })),
  };
}

const methodView = (method: MethodRow): ShippingZone['methods'][number] => ({
  shippingMethodId: method.id,
  name: method.name,
  deliveryTime: method.deliveryTime,
  prices: method.prices,
  freeFrom: method.freeFrom,
  discreetPackaging: method.discreetPackaging,
});

/**
 * Creates or changes a zone and its methods (methods left out are removed; a placed order keeps its
 * copy). A region already served by another zone, or a method id of another zone, answers -218.
 */
export async function saveShippingZone(db: Executor, actor: Actor, input: ShippingZoneInput): Promise<ShippingZone> {
  return db.transaction(async (tx) => {
    const zones = await tx.select().from(shippingZones).for('update');
    const before =
      input.shippingZoneId === undefined ? undefined : zones.find((zone) => zone.id === input.shippingZoneId);
    if (input.shippingZoneId !== undefined && !before)
      throw new ShopError(ErrorCode.IllegalRequest, { field: 'shippingZoneId', status: 404 });
    const regions = [...new Set(input.regions)];
    const taken = regions.find((region) =>
      zones.some((zone) => zone.id !== input.shippingZoneId && zone.regions.includes(region)),
    );
    if (taken) throw refuse('regions', 'in-another-zone');
    const current = before ? await tx.select().from(shippingMethods).where(eq(shippingMethods.zoneId, before.id)) : [];
    if (
      input.methods.some(
        (method) => method.shippingMethodId !== undefined && !current.some((row) => row.id === method.shippingMethodId),
      )
    ) {
      throw refuse('methods', 'method-of-another-zone');
    }

    const [zone] = before
      ? await tx
          .update(shippingZones)
          .set({ name: input.name, regions })
          .where(eq(shippingZones.id, before.id))
          .returning()
      : await tx.insert(shippingZones).values({ name: input.name, regions }).returning();
    const kept = input.methods.flatMap((method) =>
      method.shippingMethodId === undefined ? [] : [method.shippingMethodId],
    );
    await tx
      .delete(shippingMethods)
      .where(and(eq(shippingMethods.zoneId, zone!.id), kept.length ? notInArray(shippingMethods.id, kept) : undefined));
    for (const [position, { shippingMethodId, ...method }] of input.methods.entries()) {
      const values = { ...method, position, zoneId: zone!.id };
      if (shippingMethodId === undefined) await tx.insert(shippingMethods).values(values);
      else await tx.update(shippingMethods).set(values).where(eq(shippingMethods.id, shippingMethodId));
    }
    const methods = await tx
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.zoneId, zone!.id))
      .orderBy(asc(shippingMethods.position));
    const saved = {
      shippingZoneId: zone!.id,
      name: zone!.name,
      regions: zone!.regions,
      methods: methods.map(methodView),
    };
    await recordAudit(tx, actor, {
      action: before ? 'shipping.zone.update' : 'shipping.zone.create',
      subject: `shipping zone ${zone!.id}`,
      before: before ? { name: before.name, regions: before.regions, methods: current.map(methodView) } : undefined,
      after: saved,
    });
    return saved;
  });
}

export async function deleteShippingZone(db: Executor, actor: Actor, shippingZoneId: number): Promise<void> {
  const [deleted] = await db.delete(shippingZones).where(eq(shippingZones.id, shippingZoneId)).returning();
  if (!deleted) throw new ShopError(ErrorCode.IllegalRequest, { field: 'shippingZoneId', status: 404 });
  await recordAudit(db, actor, {
    action: 'shipping.zone.delete',
    subject: `shipping zone ${deleted.id}`,
    before: { name: deleted.name, regions: deleted.regions },
  });
}

/** Sets the tax of a country (empty state) or a state; -218 naming `state` for a state its country does not have. */
export async function saveTaxRate(db: Executor, actor: Actor, input: TaxRateInput): Promise<TaxRate> {
  const country = findCountry(input.country);
  if (!country) throw refuse('country', 'unknown-country');
  if (input.state && !findState(country, input.state)) throw refuse('state', 'unknown-state');
  const values = {
    country: input.country,
    state: input.state,
    rateBasisPoints: input.rateBasisPoints,
    included: input.included,
    label: input.label,
  };
  const [before] = await db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.country, input.country), eq(taxRates.state, input.state)));
  await db
    .insert(taxRates)
    .values(values)
    .onConflictDoUpdate({ target: [taxRates.country, taxRates.state], set: values });
  await recordAudit(db, actor, {
    action: 'shipping.tax.set',
    subject: `tax ${regionOf(input.country, input.state)}`,
    before,
    after: values,
  });
  return values;
}

export async function deleteTaxRate(
  db: Executor,
  actor: Actor,
  destination: { country: string; state: string },
): Promise<void> {
  const [deleted] = await db
    .delete(taxRates)
    .where(and(eq(taxRates.country, destination.country), eq(taxRates.state, destination.state)))
    .returning();
  if (!deleted) throw new ShopError(ErrorCode.IllegalRequest, { field: 'country', status: 404 });
  await recordAudit(db, actor, {
    action: 'shipping.tax.delete',
    subject: `tax ${regionOf(deleted.country, deleted.state)}`,
    before: deleted,
  });
}

/** Where an order goes and how it ships; `shippingMethodId` absent takes the zone's first method. */
export type Destination = { country: string; state: string; shippingMethodId?: number | undefined };

export type DeliveryPrice = Charges & { choices: ShippingChoice[]; shippingMethod: ShippingMethodSnapshot | null };

/**
 * The shipping and tax of goods worth `goodsPaid` (less discount) sent to `destination`, in
 * `currency`. -218 naming `country` (or `state`) for a destination the shop does not know or ship
 * to in that currency, `shippingMethodId` for a method that does not serve it. A shop without any
 * zone ships free everywhere, as before zones existed.
 */
export async function priceDelivery(
  rulesReader: RulesReader,
  currency: Currency,
  language: Language,
  goodsPaid: number,
  destination: Destination,
): Promise<DeliveryPrice> {
  const country = findCountry(destination.country);
  if (!country) throw refuse('country', 'unknown-country');
  if (destination.state && !findState(country, destination.state)) throw refuse('state', 'unknown-state');
  const { zones, methods, rates } = await deliveryRules(rulesReader, destination.country);
  const rule =
    rates.find((rate) => rate.state === destination.state && destination.state !== '') ??
    rates.find((rate) => rate.state === '') ??
    null;

  let chosen: MethodRow | undefined;
  let choices: ShippingChoice[] = [];
  let fee = 0;
  if (zones.length > 0) {
    const zone = findZone(zones, destination.country, destination.state);
    const offered = zone
      ? methods.filter((method) => method.zoneId === zone.id && method.prices[currency] !== undefined)
      : [];
    if (offered.length === 0) throw refuse('country', 'not-shipped', 'order.country.notShipped');
    choices = offered.map((method) => ({
      shippingMethodId: method.id,
      name: method.name[language],
      deliveryTime: method.deliveryTime[language],
      fee: shippingFee(method, currency, goodsPaid)!,
      price: method.prices[currency]!,
      freeFrom: method.freeFrom[currency] ?? null,
      discreetPackaging: method.discreetPackaging,
    }));
    chosen =
      destination.shippingMethodId === undefined
        ? offered[0]
        : offered.find((method) => method.id === destination.shippingMethodId);
    if (!chosen) throw refuse('shippingMethodId', 'not-offered', 'order.shippingMethod.notOffered');
    fee = shippingFee(chosen, currency, goodsPaid)!;
  } else if (destination.shippingMethodId !== undefined) {
    throw refuse('shippingMethodId', 'not-offered', 'order.shippingMethod.notOffered');
  }
  return {
    ...chargeOrder(goodsPaid, fee, rule),
    choices,
    shippingMethod: chosen
      ? { shippingMethodId: chosen.id, name: chosen.name, deliveryTime: chosen.deliveryTime }
      : null,
  };
}
