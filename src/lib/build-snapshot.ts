import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  advertsByPosition,
  bestRatedReviews,
  commentPage,
  findProduct,
  firstListPage,
  newArrivals,
  productIn,
  recommendations,
  type CatalogueSnapshot,
} from '@/features/catalog/catalog-snapshot';
import { pagePositions } from '@/features/advertising/advertising.schema';
import type { Category } from '@/features/catalog/catalog';
import type { Variant } from '@/edge/rewrite';
import { fetchFromApi } from './build-api';

/*
 * What the pages read while Astro builds them: one catalogue snapshot, taken before the build
 * (`SHOP_SNAPSHOT_FILE`, written by the publisher) or, for a build on its own (`astro build` on a
 * CDN), fetched from the API in one call. Every page renders from it; none calls the API.
 */

let loading: Promise<CatalogueSnapshot> | undefined;

export function catalogueSnapshot(): Promise<CatalogueSnapshot> {
  loading ??= process.env.SHOP_SNAPSHOT_FILE
    ? readFile(process.env.SHOP_SNAPSHOT_FILE, 'utf8').then((text) => JSON.parse(text) as CatalogueSnapshot)
    : fetchFromApi<CatalogueSnapshot>('/goods/catalogueSnapshot', { language: 'EN', currency: 'USD' });
  return loading;
}

/** What every page's frame shows besides its own content (ShopLayout): the test-mode banner, links, the year. */
export const shellData = (snapshot: Pick<CatalogueSnapshot, 'testMode'>) => ({
  testMode: snapshot.testMode,
  origin: process.env.PUBLIC_ORIGIN ?? 'http://127.0.0.1:4321',
  year: new Date().getFullYear(),
});

/**
 * A page's key: a hash of everything the page shows (`content()`). A publish keeps a page whose key is
 * unchanged since the served release, built from the same code, and does not render it again
 * (src/lib/build-pages.ts). Only one render worker records the keys (docs/decisions/069): the others
 * are started with `SHOP_PAGE_KEYS=none` and skip the work.
 */
export async function pageKey(content: () => unknown): Promise<string> {
  if (process.env.SHOP_PAGE_KEYS === 'none') return '';
  const shell = shellData(await catalogueSnapshot());
  return createHash('sha256').update(JSON.stringify([shell, content()])).digest('base64url').slice(0, 24);
}

export const homePage = (snapshot: CatalogueSnapshot, variant: Variant) => ({
  adverts: advertsByPosition(snapshot, variant, [...pagePositions]),
  newArrivals: newArrivals(snapshot, variant, 8),
  reviews: bestRatedReviews(snapshot, variant, 3, 2),
});

export const listPage = (snapshot: CatalogueSnapshot, variant: Variant, category: Category | null) => ({
  firstPage: firstListPage(snapshot, variant, category, 12),
});

export function detailsPage(snapshot: CatalogueSnapshot, variant: Variant, goodsId: number) {
  const product = findProduct(snapshot, goodsId);
  const details = product && productIn(product, variant);
  if (!product || !details) throw new Error(`product ${goodsId} is not in the catalogue snapshot`);
  return { product: details, recommendations: recommendations(snapshot, variant, product, 4), comments: commentPage(product, variant.language, 5) };
}
