import type { Executor } from '@/server/db/client';
import { shippingMethods, shippingZones, taxRates } from '@/server/db/schema';
import type { ShippingZoneInput, TaxRateInput } from './shipping.schema';

/*
 * The demo shop's shipping zones and a small set of tax rates. The rates are DEMO FIGURES, not advice:
 * an owner must set the taxes their own business owes (see the README).
 */

const days = (from: number, to: number) => ({
  EN: `${from}–${to} business days`,
  ZH: `${from}–${to} 个工作日`,
  MS: `${from}–${to} hari bekerja`,
});
const standard = { EN: 'Standard', ZH: '标准快递', MS: 'Standard' };
const express = { EN: 'Express', ZH: '特快专递', MS: 'Ekspres' };

export const demoZones: Omit<ShippingZoneInput, 'shippingZoneId'>[] = [
  {
    name: 'United States',
    regions: ['US'],
    methods: [
      {
        name: standard,
        deliveryTime: days(3, 7),
        prices: { USD: 599, CNY: 4_299, MYR: 2_799 },
        freeFrom: { USD: 5_000, CNY: 35_000, MYR: 23_000 },
        discreetPackaging: true,
      },
      {
        name: express,
        deliveryTime: days(1, 2),
        prices: { USD: 1_999, CNY: 14_299, MYR: 9_299 },
        freeFrom: {},
        discreetPackaging: true,
      },
    ],
  },
  {
    name: 'China',
    regions: ['CN'],
    methods: [
      {
        name: standard,
        deliveryTime: days(2, 5),
        prices: { CNY: 1_200, USD: 199, MYR: 799 },
        freeFrom: { CNY: 29_900, USD: 4_200, MYR: 19_900 },
        discreetPackaging: true,
      },
      {
        name: express,
        deliveryTime: days(1, 2),
        prices: { CNY: 2_300, USD: 349, MYR: 1_499 },
        freeFrom: {},
        discreetPackaging: true,
      },
    ],
  },
  {
    name: 'Malaysia',
    regions: ['MY'],
    methods: [
      {
        name: standard,
        deliveryTime: days(2, 4),
        prices: { MYR: 800, USD: 199, CNY: 1_299 },
        freeFrom: { MYR: 15_000, USD: 3_300, CNY: 23_900 },
        discreetPackaging: true,
      },
      {
        name: express,
        deliveryTime: days(1, 2),
        prices: { MYR: 1_800, USD: 399, CNY: 2_899 },
        freeFrom: {},
        discreetPackaging: true,
      },
    ],
  },
  {
    name: 'Rest of world',
    regions: ['*'],
    methods: [
      {
        name: { EN: 'International', ZH: '国际快递', MS: 'Antarabangsa' },
        deliveryTime: days(7, 21),
        prices: { USD: 2_500, CNY: 17_900, MYR: 11_500 },
        freeFrom: {},
        discreetPackaging: true,
      },
    ],
  },
];

/** DEMO rates only: Malaysian SST and Chinese VAT included in prices; state sales tax added for four US states (the others have none here). */
export const demoTaxRates: TaxRateInput[] = [
  { country: 'MY', state: '', rateBasisPoints: 800, included: true, label: 'SST' },
  { country: 'CN', state: '', rateBasisPoints: 1_300, included: true, label: 'VAT' },
  { country: 'US', state: 'IL', rateBasisPoints: 625, included: false, label: 'Sales tax' },
  { country: 'US', state: 'NY', rateBasisPoints: 400, included: false, label: 'Sales tax' },
  { country: 'US', state: 'TX', rateBasisPoints: 625, included: false, label: 'Sales tax' },
  { country: 'US', state: 'WA', rateBasisPoints: 650, included: false, label: 'Sales tax' },
];

/** Seeds the demo zones and rates, with the demo catalogue into an empty shop. */
export async function seedDemoShipping(db: Executor): Promise<void> {
  for (const { methods, ...zone } of demoZones) {
    const [saved] = await db.insert(shippingZones).values(zone).returning({ id: shippingZones.id });
    await db
      .insert(shippingMethods)
      .values(methods.map((method, position) => ({ ...method, zoneId: saved!.id, position })));
  }
  await db.insert(taxRates).values(demoTaxRates);
}
