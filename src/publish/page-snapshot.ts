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
  recommendedProducts,
  summariesIn,
  summaryIn,
  type CatalogueSnapshot,
  type SnapshotProduct,
} from './snapshot';
import { pagePositions } from '@/features/advertising/advertising.schema';
import type { Category } from '@/lib/categories';
import type { Variant } from '@/lib/locale';
import { pageRun } from './page-keys';
import { readBuildSettings, type PageSettings } from './settings';
import { fetchFromApi } from './snapshot-from-api';

/*
 * What the pages read while Astro builds them: one catalogue snapshot with the settings the pages
 * need (`settings`), taken before the build and written by the publisher (its `PageRun` names the
 * file) or, for a build on its own (`astro build` on a CDN), fetched from the API in one call with
 * the build's own settings. Every page renders from it; none calls the API or reads the environment.
 */

export type PageSnapshot = CatalogueSnapshot & { settings: PageSettings };

let loading: { file: string | undefined; snapshot: Promise<PageSnapshot> } | undefined;

export function catalogueSnapshot(): Promise<PageSnapshot> {
  const file = pageRun()?.snapshotFile;
  // A render worker kept between publishes reads each publish's own snapshot file (render-worker.ts).
  if (!loading || loading.file !== file) {
    loading = {
      file,
      snapshot: file ? readFile(file, 'utf8').then((text) => JSON.parse(text) as PageSnapshot) : snapshotOnItsOwn(),
    };
  }
  return loading.snapshot;
}

async function snapshotOnItsOwn(): Promise<PageSnapshot> {
  const settings = readBuildSettings(process.env);
  const snapshot = await fetchFromApi<CatalogueSnapshot>(settings.apiOrigin, '/goods/catalogueSnapshot', {
    language: 'EN',
    currency: 'USD',
  });
  return { ...snapshot, settings: settings.pages };
}

/** What every page's frame shows besides its own content (ShopLayout): the test-mode banner, links, the year. */
export const shellData = (snapshot: Pick<PageSnapshot, 'testMode' | 'settings'>) => ({
  testMode: snapshot.testMode,
  origin: snapshot.settings.publicOrigin,
  year: new Date().getFullYear(),
});

export const homePage = (snapshot: CatalogueSnapshot, variant: Variant) => ({
  adverts: advertsByPosition(snapshot, variant, [...pagePositions]),
  newArrivals: newArrivals(snapshot, variant, 8),
  reviews: bestRatedReviews(snapshot, variant, 3, 2),
});

export const listPage = (snapshot: CatalogueSnapshot, variant: Variant, category: Category | null) => ({
  firstPage: firstListPage(snapshot, variant, category, 12),
});

const RECOMMENDED = 4;
const COMMENTS = 5;

/** What a details page shows: the product, its reviews, and the cards of the products it recommends. */
export const detailsPage = (snapshot: CatalogueSnapshot, variant: Variant, goodsId: number) =>
  detailsOf(snapshot, variant, goodsId, (recommended) => summariesIn(recommended, variant));

/**
 * A details page's content for its key: `detailsPage`, with each recommended product's card as the
 * hash of its content. Only a few products are recommended anywhere (a category's best sellers), so
 * their cards are hashed once per variant rather than once per page: at 10,000 products (90,000
 * pages) this halves the work of the keys (docs/decisions/071).
 */
export const detailsPageForKey = (snapshot: CatalogueSnapshot, variant: Variant, goodsId: number) =>
  detailsOf(snapshot, variant, goodsId, (recommended) => recommended.map((other) => cardKey(other, variant)));

function detailsOf<Card>(
  snapshot: CatalogueSnapshot,
  variant: Variant,
  goodsId: number,
  cards: (recommended: SnapshotProduct[]) => Card[],
) {
  const product = findProduct(snapshot, goodsId);
  const details = product && productIn(product, variant);
  if (!product || !details) throw new Error(`product ${goodsId} is not in the catalogue snapshot`);
  let recommended = recommendedOf.get(product);
  if (!recommended) recommendedOf.set(product, (recommended = recommendedProducts(snapshot, product, RECOMMENDED)));
  return {
    product: details,
    recommendations: cards(recommended),
    comments: commentPage(product, variant.language, COMMENTS),
  };
}

/** The products a details page recommends, worked out once per product (in every variant they are the same). */
const recommendedOf = new WeakMap<SnapshotProduct, SnapshotProduct[]>();
const cardKeys = new WeakMap<SnapshotProduct, Map<string, string>>();
function cardKey(product: SnapshotProduct, variant: Variant) {
  let keys = cardKeys.get(product);
  if (!keys) cardKeys.set(product, (keys = new Map()));
  const slug = `${variant.language}-${variant.currency}`;
  let key = keys.get(slug);
  if (key === undefined)
    keys.set(
      slug,
      (key = createHash('sha256')
        .update(JSON.stringify(summaryIn(product, variant)))
        .digest('base64url')),
    );
  return key;
}
