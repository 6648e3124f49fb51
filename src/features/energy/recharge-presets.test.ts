import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { formatMoney } from '@/lib/money';
import { rechargePresets } from './energy';
import { calculateAmount } from './energy.service';

/* The recharge page's quick choices are round amounts of the shopper's currency, at the price the server charges. */

const rates = loadConfig({ NODE_ENV: 'test' }).referenceRates;

describe('recharge presets', () => {
  it.each([
    ['USD', ['$5.00', '$10.00', '$50.00', '$100.00'], [500, 1000, 5000, 10000]],
    ['CNY', ['￥50.00', '￥100.00', '￥500.00', '￥1,000.00'], [700, 1400, 7000, 14000]],
    ['MYR', ['RM50.00', 'RM100.00', 'RM200.00', 'RM500.00'], [1100, 2200, 4400, 11000]],
  ] as const)('in %s are round amounts, priced as the server prices them', (currency, amounts, points) => {
    const presets = rechargePresets(currency, rates);
    expect(presets.map((preset) => formatMoney(preset.amount, preset.currency))).toEqual(amounts);
    expect(presets.map((preset) => preset.points)).toEqual(points);
    for (const preset of presets)
      expect(calculateAmount(preset.points, currency, rates)).toMatchObject({ amount: preset.amount, currency });
  });

  it('leave out an amount whose points are no valid recharge at the configured rate', () => {
    // 15 points a yuan: ￥50 and ￥100 would be 750 and 1,500 points; 750 is not a multiple of 100.
    expect(rechargePresets('CNY', { ...rates, CNY: 15 }).map((preset) => preset.points)).toEqual([1500, 7500, 15000]);
  });
});
