import { hash as digest } from 'node:crypto';
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
  summaryIn,
  type CatalogueSnapshot,
  type SnapshotProduct,
} from './snapshot';
import { pagePositions } from '@/features/advertising/advertising.schema';
import type { ProductSummary } from '@/features/catalogue/catalogue.schema';
import type { Category } from '@/lib/categories';
import { currencies, languages, type Currency, type Language, type Variant } from '@/lib/locale';
import { pageRun, runSnapshot } from './page-keys';
import { readBuildSettings, type PageSettings } from './settings';
import { fetchFromApi } from './snapshot-from-api';

/*
 * What the pages read while Astro builds them: one catalogue snapshot with the settings the pages
 * need (`settings`), taken before the build and written by the publisher (its `PageRun` names the
 * file) or, for a build on its own (`astro build` on a CDN), fetched from the API in one call with
 * the build's own settings. Every page renders from it; none calls the API or reads the environment.
 */

export type PageSnapshot = CatalogueSnapshot & { settings: PageSettings };

/**
 * The snapshot of this run, read once for all its pages and kept with the run (page-keys.ts): a render
 * worker kept between publishes reads each publish's own file and holds none while it waits.
 */
export function catalogueSnapshot(): Promise<PageSnapshot> {
  return runSnapshot(() => {
    const file = pageRun()?.snapshotFile;
    // Decoded whole: read with an encoding, the file's 29 MB (10,000 products) went through a stream decoder.
    return file ? readFile(file).then((bytes) => JSON.parse(bytes.toString()) as PageSnapshot) : snapshotOnItsOwn();
  });
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

/**
 * A details page's content for its key: its variant, stamps of its product and the stamps of the
 * cards it recommends. A product's stamps hash what its pages can show: what every page of it shows
 * (of the stock, only whether each size has some), what one language's pages show, what one
 * currency's show; each once per product rather than once per page. A recommended card's stamp is
 * worked out once per variant (only a category's best sellers are recommended). At 10,000 products a
 * publish keys 90,000 pages (docs/decisions/071, 094).
 */
export function detailsPageForKey(snapshot: CatalogueSnapshot, variant: Variant, goodsId: number) {
  const product = findProduct(snapshot, goodsId);
  if (!product || !product.texts[variant.language])
    throw new Error(`product ${goodsId} is not in the catalogue snapshot`);
  const stamps = productStamps(product);
  return [
    variant.language,
    variant.currency,
    stamps.shared,
    stamps.language[variant.language],
    stamps.currency[variant.currency],
    recommendedOf(snapshot, product).map((other) => cardKey(other, variant)),
  ];
}

/** What a details page shows: the product, its reviews, and the cards of the products it recommends. */
export function detailsPage(snapshot: CatalogueSnapshot, variant: Variant, goodsId: number) {
  const product = findProduct(snapshot, goodsId);
  const details = product && productIn(product, variant);
  if (!product || !details) throw new Error(`product ${goodsId} is not in the catalogue snapshot`);
  return {
    product: details,
    recommendations: recommendedOf(snapshot, product).flatMap((other) => card(other, variant).summary ?? []),
    comments: commentPage(product, variant.language, COMMENTS),
  };
}

const hash = (value: unknown) => digest('sha256', JSON.stringify(value), 'base64url');

/** The products a details page recommends, worked out once per product (in every variant they are the same). */
const recommended = new WeakMap<SnapshotProduct, SnapshotProduct[]>();
function recommendedOf(snapshot: CatalogueSnapshot, product: SnapshotProduct) {
  let products = recommended.get(product);
  if (!products) recommended.set(product, (products = recommendedProducts(snapshot, product, RECOMMENDED)));
  return products;
}

/** What a product's pages can show, hashed: its sales count only orders other pages' lists, and its stock shows only as "in stock". */
const stampsOf = new WeakMap<SnapshotProduct, ReturnType<typeof stampsFor>>();
function productStamps(product: SnapshotProduct) {
  let stamps = stampsOf.get(product);
  if (!stamps) stampsOf.set(product, (stamps = stampsFor(product)));
  return stamps;
}

function stampsFor({ soldCount: _soldCount, texts, pictures, specifications, ...shared }: SnapshotProduct) {
  const sizes = specifications.map(({ names: _names, prices: _prices, stock, ...size }) => ({
    ...size,
    inStock: stock > 0,
  }));
  const pictureShapes = pictures.map(({ alt: _alt, ...picture }) => picture);
  return {
    shared: hash({ ...shared, pictures: pictureShapes, specifications: sizes }),
    language: Object.fromEntries(
      languages.map((language) => [
        language,
        hash([
          texts[language],
          pictures.map((picture) => picture.alt[language]),
          specifications.map((size) => size.names[language]),
        ]),
      ]),
    ) as Record<Language, string>,
    currency: Object.fromEntries(
      currencies.map((currency) => [currency, hash(specifications.map((size) => size.prices[currency]))]),
    ) as Record<Currency, string>,
  };
}

/**
 * A product's card in one variant, worked out once per run and shared by every page that shows it
 * (frozen: no page changes it). Only a category's best sellers are recommended, each on every
 * details page of its category: at 90,000 pages the same few cards were built 360,000 times.
 */
const cards = new WeakMap<SnapshotProduct, Map<string, { summary: ProductSummary | null; key: string }>>();
function card(product: SnapshotProduct, variant: Variant) {
  let ofProduct = cards.get(product);
  if (!ofProduct) cards.set(product, (ofProduct = new Map()));
  const slug = `${variant.language}-${variant.currency}`;
  let made = ofProduct.get(slug);
  if (!made) {
    const summary = summaryIn(product, variant);
    if (summary?.picture) Object.freeze(summary.picture);
    ofProduct.set(slug, (made = { summary: summary && Object.freeze(summary), key: hash(summary) }));
  }
  return made;
}

const cardKey = (product: SnapshotProduct, variant: Variant) => card(product, variant).key;
