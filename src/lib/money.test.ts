import { describe, expect, it } from 'vitest';
import {
  convertForDisplay,
  formatMoney,
  parseMajorUnits,
  percentOf,
  pointsToPay,
  priceOfPoints,
  rebatePoints,
  toMajorUnits,
} from './money';

const rates = { USD: 100, CNY: 14, MYR: 22 };

describe('formatMoney', () => {
  it('shows two decimals and the currency symbol', () => {
    expect(formatMoney(2999, 'USD')).toBe('$29.99');
    expect(formatMoney(19900, 'CNY')).toBe('￥199.00');
    expect(formatMoney(5, 'MYR')).toBe('RM0.05');
  });

  it('groups thousands and signs negative amounts', () => {
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(-150, 'USD')).toBe('-$1.50');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formatMoney(12.5, 'USD')).toThrow(RangeError);
  });
});

describe('major-unit strings', () => {
  it('write minor units as a plain decimal, for payment providers', () => {
    expect(toMajorUnits(12345)).toBe('123.45');
    expect(toMajorUnits(5)).toBe('0.05');
    expect(toMajorUnits(-150)).toBe('-1.50');
  });

  it('read what an operator types, without rounding anything', () => {
    expect(parseMajorUnits('59')).toBe(5900);
    expect(parseMajorUnits(' 59.9 ')).toBe(5990);
    expect(parseMajorUnits('0.05')).toBe(5);
    for (const text of ['12.345', '-1', '1,000', '', '1e3', '.5']) expect(parseMajorUnits(text), text).toBeNull();
  });
});

describe('conversions between money and points favour the shop by at most one unit', () => {
  it('prices a recharge, rounding up', () => {
    expect(priceOfPoints(100, 'USD', rates)).toBe(100); // 100 points = $1.00
    expect(priceOfPoints(100, 'CNY', rates)).toBe(715); // 714.28… fen
    expect(priceOfPoints(100, 'MYR', rates)).toBe(455); // 454.54… sen
  });

  it('charges points for an order, rounding up', () => {
    expect(pointsToPay(2999, 'USD', rates)).toBe(2999);
    expect(pointsToPay(19900, 'CNY', rates)).toBe(2786);
    expect(pointsToPay(1, 'CNY', rates)).toBe(1); // 0.14 points
  });

  it('credits rebates, rounding down', () => {
    expect(rebatePoints(10000, 'USD', 5, rates)).toBe(500);
    expect(rebatePoints(999, 'MYR', 5, rates)).toBe(10); // 10.989 points
    expect(rebatePoints(1, 'USD', 5, rates)).toBe(0);
  });

  it('never rounds by more than one unit', () => {
    for (let points = 100; points <= 5000; points += 100) {
      for (const currency of ['USD', 'CNY', 'MYR'] as const) {
        const exact = (points * 100) / rates[currency];
        expect(priceOfPoints(points, currency, rates) - exact).toBeGreaterThanOrEqual(0);
        expect(priceOfPoints(points, currency, rates) - exact).toBeLessThan(1);
      }
    }
  });

  it('takes a discount rounding down and converts for display to the nearest unit', () => {
    expect(percentOf(2999, 5)).toBe(149);
    expect(convertForDisplay(10000, 'USD', 'CNY', rates)).toBe(71429);
    expect(convertForDisplay(500, 'MYR', 'MYR', rates)).toBe(500);
  });
});
