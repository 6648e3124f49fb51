import { api, isSuccess } from '@/lib/api-client';
import { destinationQuery, type Destination } from '@/features/delivery/destination.store';
import type { ProductStock } from './catalogue.schema';

/*
 * Prebuilt pages carry what changes only at publish (texts, pictures, prices); stock changes with
 * every order, so it is asked for after the page shows (decision 027).
 */

/** The most ids one request may carry (the API refuses more). */
const IDS_PER_REQUEST = 48;

/**
 * Live availability by product id, or null when the shop could not be asked; with the shopper's
 * destination, each also says whether the shop sells it there (docs/decisions/077-sales-rules.md).
 */
export async function fetchStock(
  goodsIds: number[],
  destination: Destination | null = null,
): Promise<Map<number, ProductStock> | null> {
  const ids = [...new Set(goodsIds)].slice(0, IDS_PER_REQUEST);
  if (ids.length === 0) return new Map();
  const result = await api.get<ProductStock[]>('goods/queryProductStock', {
    searchParams: { goodsIds: ids.join(','), ...destinationQuery(destination) },
    quiet: true,
  });
  return isSuccess(result) ? new Map(result.data.map((product) => [product.goodsId, product])) : null;
}

/** A product that cannot be bought now: taken down, or every size sold out. */
export const isUnavailable = (stock: ProductStock) => !stock.onSale || !stock.inStock;

let pageStock: ReturnType<typeof fetchStock> | undefined;

/**
 * The live stock of the products the prebuilt page shows, its cards' and its purchase form's
 * (`form[data-purchase]`), asked for once for all of them: one request at start-up, not one per part.
 */
export function stockOfPage() {
  pageStock ??= fetchStock(
    [...document.querySelectorAll<HTMLElement>('[data-sold-out-for], form[data-purchase]')].map((element) =>
      Number(element.dataset.soldOutFor ?? element.dataset.purchase),
    ),
  );
  return pageStock;
}

/**
 * Prebuilt product cards carry a hidden "out of stock" badge (`data-sold-out-for`); this shows the
 * badges of the products that are sold out now.
 */
export async function markSoldOutCards() {
  const badges = [...document.querySelectorAll<HTMLElement>('[data-sold-out-for]')];
  const stock = await stockOfPage();
  if (!stock) return;
  for (const badge of badges) {
    const product = stock.get(Number(badge.dataset.soldOutFor));
    badge.hidden = !product || !isUnavailable(product);
  }
}
