import { describe, expect, it } from 'vitest';
import { chargeOrder, findZone, shippingFee, splitRefund, taxOf } from './charges';

const salesTax = { rateBasisPoints: 725, included: false, label: 'Sales tax' };
const sst = { rateBasisPoints: 800, included: true, label: 'SST' };

describe('the zone of a destination', () => {
  const zones = [
    { name: 'rest', regions: ['*'] },
    { name: 'us', regions: ['US'] },
    { name: 'hawaii', regions: ['US-HI', 'US-AK'] },
  ];
  it('is the one naming its state, else its country, else the rest of the world', () => {
    expect(findZone(zones, 'US', 'HI')?.name).toBe('hawaii');
    expect(findZone(zones, 'US', 'CA')?.name).toBe('us');
    expect(findZone(zones, 'US', '')?.name).toBe('us');
    expect(findZone(zones, 'MY', '10')?.name).toBe('rest');
    expect(findZone(zones.slice(1), 'MY', '10')).toBeUndefined();
  });
});

describe('the shipping fee', () => {
  const method = { prices: { USD: 599, MYR: 800 }, freeFrom: { MYR: 15_000 } };
  it('drops to zero once the goods less discount reach the threshold, not a minor unit before', () => {
    expect(shippingFee(method, 'MYR', 14_999)).toBe(800);
    expect(shippingFee(method, 'MYR', 15_000)).toBe(0);
  });
  it('has no threshold in a currency without one, and no price in a currency the method is not offered in', () => {
    expect(shippingFee(method, 'USD', 1_000_000)).toBe(599);
    expect(shippingFee(method, 'CNY', 100)).toBeNull();
  });
});

describe('the tax, rounded once per order to the nearest minor unit, halves up', () => {
  it('adds sales tax on goods and shipping', () => {
    expect(taxOf(11_800, salesTax)).toBe(856); // 855.5
    expect(taxOf(6_499, salesTax)).toBe(471); // 471.18
    expect(taxOf(6_000, salesTax)).toBe(435); // exactly
    expect(taxOf(2, salesTax)).toBe(0); // 0.145
    expect(taxOf(7, salesTax)).toBe(1); // 0.5075
  });
  it('finds the part of a price that includes it', () => {
    expect(taxOf(26_700, sst)).toBe(1_978); // 1977.78
    expect(taxOf(10_800, sst)).toBe(800);
    expect(taxOf(27, sst)).toBe(2); // 2.0
    expect(taxOf(13, sst)).toBe(1); // 0.963
  });
  it('is zero without a rule or at a zero rate', () => {
    expect(taxOf(9_999, null)).toBe(0);
    expect(taxOf(9_999, { ...salesTax, rateBasisPoints: 0 })).toBe(0);
  });
  it('refuses anything but whole minor units', () => {
    expect(() => taxOf(10.5, salesTax)).toThrow(RangeError);
  });
});

describe('what the order costs', () => {
  it('adds tax on top for US sales tax, and only shows the part included for SST', () => {
    expect(chargeOrder(5_900, 599, salesTax)).toEqual({
      shippingAmount: 599,
      taxAmount: 471,
      taxIncluded: false,
      taxLabel: 'Sales tax',
      payAmount: 6_970,
    });
    expect(chargeOrder(25_900, 800, sst)).toEqual({
      shippingAmount: 800,
      taxAmount: 1_978,
      taxIncluded: true,
      taxLabel: 'SST',
      payAmount: 26_700,
    });
    expect(chargeOrder(5_900, 0, null)).toEqual({
      shippingAmount: 0,
      taxAmount: 0,
      taxIncluded: false,
      taxLabel: null,
      payAmount: 5_900,
    });
  });
});

describe('a refund split into goods, shipping and tax', () => {
  const order = { payAmount: 6_970, shippingAmount: 599, taxAmount: 471, taxIncluded: false };
  it('returns all the shipping and tax with the whole amount', () => {
    expect(splitRefund(order, 6_970)).toEqual({ goods: 5_900, shipping: 599, tax: 471 });
  });
  it('returns them in proportion for a part, never more than charged', () => {
    expect(splitRefund(order, 3_485)).toEqual({ goods: 2_951, shipping: 299, tax: 235 });
    expect(splitRefund({ ...order, payAmount: 0 }, 0)).toEqual({ goods: 0, shipping: 0, tax: 0 });
  });
});
