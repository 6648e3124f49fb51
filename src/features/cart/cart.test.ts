import { describe, expect, it } from 'vitest';
import { addQuantities, combineItems, countItems } from './cart';

describe('cart rules', () => {
  it('adds quantities but never past 100 a line', () => {
    expect(addQuantities(2, 3)).toBe(5);
    expect(addQuantities(98, 5)).toBe(100);
  });

  it('folds repeated specifications into one line, in first-seen order', () => {
    expect(
      combineItems([
        { goodsSpecificationId: 7, goodsQuantity: 2 },
        { goodsSpecificationId: 3, goodsQuantity: 1 },
        { goodsSpecificationId: 7, goodsQuantity: 99 },
      ]),
    ).toEqual([
      { goodsSpecificationId: 7, goodsQuantity: 100 },
      { goodsSpecificationId: 3, goodsQuantity: 1 },
    ]);
  });

  it('counts items for the badge', () => {
    expect(countItems([{ goodsQuantity: 2 }, { goodsQuantity: 5 }])).toBe(7);
    expect(countItems([])).toBe(0);
  });
});
