import type { ProductDetails, ProductStock } from '@/features/catalogue/catalogue.schema';
import type { Translate } from '@/lib/i18n/ui';

/*
 * What the purchase form shows from the live stock, worked out once for both of its renderings: the
 * island's (ProductPurchase.tsx) and the page's own before the island wakes (purchase-live.ts). Both
 * show the same, so the island hydrates over what the page already shows (docs/decisions/098).
 */

/** Stock is never shown from the build: until the shop answers, nothing about it is claimed. */
export type LiveStock = { status: 'checking' } | { status: 'failed' } | { status: 'known'; product: ProductStock };
export type PurchaseOption = Pick<ProductDetails['specifications'][number], 'goodsSpecificationId' | 'unitPrice'>;
export type StockStatus = 'checking' | 'failed' | 'notOnSale' | 'notSoldThere' | 'outOfStock' | 'inStock';

/** The words the purchase form shows that change with the live stock: the page has them too (`data-words`). */
export const liveWordKeys = [
  'product.checkingStock',
  'product.stockUnknown',
  'product.notOnSale',
  'product.outOfStock',
  'product.inStock',
  'product.noPrice',
  'product.checkAgain',
] as const;

/** The stock line's look by status. */
export const stockStatusClass: Record<StockStatus, string> = {
  checking: 'purchase__checking',
  failed: 'product-card__muted',
  notOnSale: 'purchase__status',
  notSoldThere: 'purchase__status',
  outOfStock: 'purchase__status',
  inStock: 'product-card__muted',
};

/**
 * The option shown as chosen (the one picked, else the first that can be bought), its stock, and the
 * stock line's status. `soldThereCountry`: the shopper's destination, when one is chosen.
 */
export function purchaseView<Option extends PurchaseOption>(
  options: readonly Option[],
  live: LiveStock,
  chosenId: number | null,
  soldThereCountry: string | null = null,
) {
  const stockOf = (goodsSpecificationId: number): number | null =>
    live.status === 'known'
      ? (live.product.specifications.find((spec) => spec.goodsSpecificationId === goodsSpecificationId)?.stock ?? 0)
      : null;
  const priced = options.filter((option) => option.unitPrice !== null);
  const firstBuyable =
    priced.find((option) => (stockOf(option.goodsSpecificationId) ?? 1) > 0) ?? priced[0] ?? options[0];
  const chosen = options.find(
    (option) => option.goodsSpecificationId === (chosenId ?? firstBuyable?.goodsSpecificationId),
  );
  const stock = chosen ? stockOf(chosen.goodsSpecificationId) : null;
  const status: StockStatus =
    live.status !== 'known'
      ? live.status
      : !live.product.onSale
        ? 'notOnSale'
        : live.product.notSoldThere && soldThereCountry
          ? 'notSoldThere'
          : !stock
            ? 'outOfStock'
            : 'inStock';
  // The shop's sales rules do not sell it to the shopper's country (docs/decisions/077-sales-rules.md).
  const notSoldThere = live.status === 'known' && live.product.notSoldThere;
  const buyable = chosen !== undefined && chosen.unitPrice !== null && status === 'inStock' && !notSoldThere;
  return { chosen, stock, stockOf, status, buyable };
}

/** The stock line's words. */
export function stockStatusText(status: StockStatus, stock: number | null, t: Translate, country: string | null) {
  switch (status) {
    case 'checking':
      return t('product.checkingStock');
    case 'failed':
      return t('product.stockUnknown');
    case 'notOnSale':
      return t('product.notOnSale');
    case 'notSoldThere':
      return t('product.notSoldTo', { country: country ?? '' });
    case 'outOfStock':
      return t('product.outOfStock');
    case 'inStock':
      return t('product.inStock', { count: stock ?? 0 });
  }
}
