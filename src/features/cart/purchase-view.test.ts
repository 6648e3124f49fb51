import { describe, expect, it } from 'vitest';
import type { ProductStock } from '@/features/catalogue/catalogue.schema';
import { translatorFor } from '@/lib/i18n/ui';
import { purchaseView, stockStatusText, type LiveStock } from './purchase-view';

const options = [
  { goodsSpecificationId: 1, unitPrice: 2999 },
  { goodsSpecificationId: 2, unitPrice: 2999 },
  { goodsSpecificationId: 3, unitPrice: null },
];
const known = (stock: Record<number, number>, more: Partial<ProductStock> = {}): LiveStock => ({
  status: 'known',
  product: {
    goodsId: 7,
    onSale: true,
    inStock: Object.values(stock).some((left) => left > 0),
    notSoldThere: false,
    specifications: Object.entries(stock).map(([id, left]) => ({ goodsSpecificationId: Number(id), stock: left })),
    ...more,
  },
});

describe('what the purchase form shows from the live stock', () => {
  it('claims nothing and sells nothing until the shop answers', () => {
    const view = purchaseView(options, { status: 'checking' }, null);
    expect(view).toMatchObject({ status: 'checking', stock: null, buyable: false });
    expect(view.chosen?.goodsSpecificationId).toBe(1);
    expect(purchaseView(options, { status: 'failed' }, null)).toMatchObject({ status: 'failed', buyable: false });
  });

  it('shows the first size that can be bought, and the size picked even when it is sold out', () => {
    const live = known({ 1: 0, 2: 4 });
    expect(purchaseView(options, live, null)).toMatchObject({ status: 'inStock', stock: 4, buyable: true });
    expect(purchaseView(options, live, null).chosen?.goodsSpecificationId).toBe(2);
    const picked = purchaseView(options, live, 1);
    expect(picked).toMatchObject({ status: 'outOfStock', stock: 0, buyable: false });
    expect(picked.stockOf(1)).toBe(0);
    expect(picked.stockOf(3)).toBe(0);
  });

  it('sells nothing taken down, not priced, or not sold to the chosen country', () => {
    expect(purchaseView(options, known({ 1: 5 }, { onSale: false }), null)).toMatchObject({
      status: 'notOnSale',
      buyable: false,
    });
    expect(purchaseView(options, known({ 3: 5 }), 3)).toMatchObject({ status: 'inStock', buyable: false });
    const notSold = known({ 1: 5 }, { notSoldThere: true });
    expect(purchaseView(options, notSold, null, 'Malaysia')).toMatchObject({ status: 'notSoldThere', buyable: false });
    expect(purchaseView(options, notSold, null).buyable).toBe(false);
  });

  it('says it in the page language', () => {
    expect(stockStatusText('inStock', 4, translatorFor('EN'), null)).toBe('4 in stock');
    expect(stockStatusText('notSoldThere', null, translatorFor('MS'), 'Malaysia')).toBe(
      'Tidak tersedia untuk penghantaran ke Malaysia',
    );
    expect(stockStatusText('checking', null, translatorFor('ZH'), null)).not.toBe(
      stockStatusText('checking', null, translatorFor('EN'), null),
    );
  });
});
