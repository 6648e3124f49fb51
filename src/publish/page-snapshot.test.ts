import { expect, it } from 'vitest';
import { allVariants } from '@/edge/rewrite';
import type { CatalogueSnapshot, SnapshotProduct } from './snapshot';
import { detailsPage, detailsPageForKey } from './page-snapshot';
import { aShop } from '../../tests/support/fixtures';

const shop = await aShop({ catalogue: 'demo' });
const demo = (await shop.get<CatalogueSnapshot>('/goods/catalogueSnapshot')).body.data;
const product = demo.products.find((candidate) => candidate.specifications.some((size) => size.stock > 1))!;

/** Each variant's details page of `product` after `change`, and its key: a fresh snapshot, as each publish reads its own. */
function pagesAfter(change: (product: SnapshotProduct) => void) {
  const snapshot = structuredClone(demo);
  change(snapshot.products.find((candidate) => candidate.goodsId === product.goodsId)!);
  return allVariants.map((variant) => ({
    variant: `${variant.language}-${variant.currency}`,
    shows: JSON.stringify(detailsPage(snapshot, variant, product.goodsId)),
    key: JSON.stringify(detailsPageForKey(snapshot, variant, product.goodsId)),
  }));
}
const before = pagesAfter(() => {});
/** The variants whose page key changed. */
const keyedAgain = (after: ReturnType<typeof pagesAfter>) =>
  after.filter((page, index) => page.key !== before[index]!.key).map((page) => page.variant);

const changes: Record<string, (product: SnapshotProduct) => void> = {
  'a Chinese name': (changed) => (changed.texts.ZH!.goodsName += '（新）'),
  'a US dollar price': (changed) => (changed.specifications[0]!.prices.USD!.unitPrice += 100),
  'a Malay size name': (changed) => (changed.specifications[0]!.names.MS += ' baharu'),
  'a picture description in English': (changed) => (changed.pictures[0]!.alt.EN = 'A new description'),
  'a new review': (changed) =>
    changed.latestComments.unshift({ ...changed.latestComments[0]!, commentId: 99_999, content: 'Lovely' }),
  'its rating': (changed) => (changed.ratingSum += 3),
  'the last of a size sold': (changed) => changed.specifications.forEach((size) => (size.stock = 0)),
  'its stock, still in stock': (changed) =>
    changed.specifications.forEach((size) => size.stock > 1 && (size.stock -= 1)),
  'its sales count': (changed) => (changed.soldCount += 5),
};

it.each(Object.entries(changes))(
  'keys again every page that %s changes, never a page it leaves as it was',
  (_, change) => {
    const after = pagesAfter(change);
    after.forEach((page, index) => {
      if (page.shows !== before[index]!.shows) expect(page.key, page.variant).not.toBe(before[index]!.key);
    });
  },
);

it('keys only the pages of the language or currency that changed, and none for what the pages do not show', () => {
  expect(keyedAgain(pagesAfter(changes['a Chinese name']!))).toEqual(['ZH-USD', 'ZH-CNY', 'ZH-MYR']);
  expect(keyedAgain(pagesAfter(changes['a US dollar price']!))).toEqual(['EN-USD', 'ZH-USD', 'MS-USD']);
  expect(keyedAgain(pagesAfter(changes['its stock, still in stock']!))).toEqual([]);
  expect(keyedAgain(pagesAfter(changes['its sales count']!))).toEqual([]);
  expect(keyedAgain(pagesAfter(changes['the last of a size sold']!))).toHaveLength(9);
});
