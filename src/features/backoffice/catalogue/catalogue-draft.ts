import type { Category } from '@/lib/categories';
import type { Translate } from '@/lib/i18n/ui';
import { currencies, type Currency, type Language } from '@/lib/locale';
import { parseMajorUnits, toMajorUnits } from '@/lib/money';
import { adminEnvelope } from '../admin-api';
import { fromPictureDrafts, toPictureDrafts, type PictureDraft, type PictureReference } from './CataloguePictures';

/* A product as the catalogue import takes it, and the editor's draft of it: texts as typed, amounts as major units. */

export type Texts = Record<Language, string>;
export type Price = { unitPrice: number; originalPrice?: number };
export type Size = {
  sku: string;
  name: Texts;
  stock: number;
  pointsPrice?: number;
  prices: Partial<Record<Currency, Price>>;
};
export type Product = {
  slug: string;
  category: Category;
  onSale: boolean;
  arrivedDaysAgo?: number;
  soldCount?: number;
  name: Texts;
  summary: Texts;
  description: Texts;
  pictures: PictureReference[];
  specifications: Size[];
};
export type Editable = { product: Product; pictureUrls: string[] };
/** Field path (as the server names it, e.g. `specifications.0.prices.USD.unitPrice`) → message. */
export type Errors = Record<string, string>;

export const emptyTexts = (): Texts => ({ EN: '', ZH: '', MS: '' });
/** A category as the storefront names it, in the operator's language. */
export const categoryName = (category: Category, t: Translate) => t(`category.${category}`);

export type SizeDraft = {
  sku: string;
  name: Texts;
  stock: string;
  pointsPrice: string;
  prices: Record<Currency, { unit: string; original: string }>;
};
export type Draft = Omit<Product, 'specifications' | 'pictures'> & {
  specifications: SizeDraft[];
  pictures: PictureDraft[];
};

export function newSize(): Size {
  return { sku: '', name: emptyTexts(), stock: 0, prices: {} };
}

export const toDraft = (product: Product, pictureUrls: string[] = []): Draft => ({
  ...product,
  pictures: toPictureDrafts(product.pictures, pictureUrls),
  specifications: product.specifications.map((size) => ({
    sku: size.sku,
    name: { ...size.name },
    stock: String(size.stock),
    pointsPrice: size.pointsPrice === undefined ? '' : String(size.pointsPrice),
    prices: Object.fromEntries(
      currencies.map((currency) => {
        const price = size.prices[currency];
        return [
          currency,
          {
            unit: price ? toMajorUnits(price.unitPrice) : '',
            original: price?.originalPrice ? toMajorUnits(price.originalPrice) : '',
          },
        ];
      }),
    ) as SizeDraft['prices'],
  })),
});

/** The draft in the import format, or the fields that are not numbers at all. */
export function fromDraft(draft: Draft, t: Translate): { product: Product; errors: Errors } {
  const errors: Errors = {};
  const whole = (text: string, path: string) => {
    if (!/^\d{1,9}$/.test(text.trim())) {
      errors[path] = t('admin.catalogue.wholeNumber');
      return 0;
    }
    return Number(text.trim());
  };
  const amount = (text: string, path: string) => {
    const minor = parseMajorUnits(text);
    if (minor === null) errors[path] = t('admin.catalogue.amount');
    return minor ?? 0;
  };
  const specifications = draft.specifications.map((size, index): Size => {
    const prices: Size['prices'] = {};
    for (const currency of currencies) {
      const { unit, original } = size.prices[currency];
      const path = `specifications.${index}.prices.${currency}`;
      if (!unit.trim()) {
        if (original.trim()) errors[`${path}.unitPrice`] = t('admin.catalogue.priceToo');
        continue;
      }
      const unitPrice = amount(unit, `${path}.unitPrice`);
      prices[currency] = original.trim()
        ? { unitPrice, originalPrice: amount(original, `${path}.originalPrice`) }
        : { unitPrice };
    }
    return {
      sku: size.sku.trim(),
      name: size.name,
      stock: whole(size.stock, `specifications.${index}.stock`),
      ...(size.pointsPrice.trim()
        ? { pointsPrice: whole(size.pointsPrice, `specifications.${index}.pointsPrice`) }
        : {}),
      prices,
    };
  });
  return {
    product: { ...draft, slug: draft.slug.trim(), pictures: fromPictureDrafts(draft.pictures), specifications },
    errors,
  };
}

/** Posts to the catalogue API; answers the envelope, whose refusal names each invalid field in `data.issues`. */
export const postCatalogue = (path: string, body: unknown) => adminEnvelope(`/catalogue${path}`, body);
export const saveProduct = (mode: 'create' | 'update', product: Product) =>
  postCatalogue(`/product/${mode}`, { product });
