import type { Translate } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { formatRating } from '@/lib/locale';
import type { ProductSummary } from './catalogue.schema';

/** What a card shows of a product: the list page hands no more to its island (its props travel in the page's HTML). */
export type CardProduct = Pick<
  ProductSummary,
  'goodsId' | 'goodsName' | 'currency' | 'unitPrice' | 'originalPrice' | 'rating' | 'commentCount'
> & {
  picture: { alt: string } | null;
};

export const cardProduct = ({
  goodsId,
  goodsName,
  currency,
  unitPrice,
  originalPrice,
  rating,
  commentCount,
  picture,
}: ProductSummary): CardProduct => ({
  goodsId,
  goodsName,
  currency,
  unitPrice,
  originalPrice,
  rating,
  commentCount,
  picture: picture && { alt: picture.alt },
});

/** A picture ready for <img>: the sizes stored with it (picture-variants.ts), or the API's own picture. */
export type CardPicture = { src: string; srcSet?: string; width: number; height: number };

type Props = {
  product: CardProduct;
  picture: CardPicture | null;
  t: Translate;
  /** Loaded with the page rather than when scrolled to: the cards of the first screen. */
  eager?: boolean;
  /** Fetched before other pictures: the first row, where the page's largest paint usually is. */
  priority?: boolean;
  isNew?: boolean;
  headingLevel?: 2 | 3;
  /**
   * Whether the product is sold out now; null until the shop has been asked (the prebuilt state).
   * Unknown, the badge is rendered hidden for `markSoldOutCards` to show: never a stale "out of stock".
   */
  soldOut?: boolean | null;
  /** The shopper's country when the shop's sales rules do not sell the product there; null otherwise. */
  notSoldTo?: string | null;
};

export function ProductCard({
  product,
  picture,
  t,
  eager = false,
  priority = false,
  isNew = false,
  headingLevel = 3,
  soldOut = null,
  notSoldTo = null,
}: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const onOffer =
    product.originalPrice !== null && product.unitPrice !== null && product.originalPrice > product.unitPrice;
  return (
    <a className="product-card" href={`/productsList/details?id=${product.goodsId}`}>
      {picture && (
        <img
          src={picture.src}
          srcSet={picture.srcSet}
          sizes="(max-width: 480px) 50vw, 240px"
          width={picture.width}
          height={picture.height}
          alt={product.picture?.alt ?? product.goodsName}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          // The first screen's cards are painted in the frame their picture is ready for (the list's LCP is one of them).
          decoding={eager ? 'sync' : 'async'}
        />
      )}
      {soldOut === null ? (
        <span className="product-card__sold-out" data-sold-out-for={product.goodsId} hidden>
          {t('product.outOfStock')}
        </span>
      ) : (
        soldOut && <span className="product-card__sold-out">{t('product.outOfStock')}</span>
      )}
      {notSoldTo && <span className="product-card__not-sold">{t('product.notSoldTo', { country: notSoldTo })}</span>}
      {isNew && <span className="product-card__tag">{t('product.new')}</span>}
      <Heading className="product-card__name">{product.goodsName}</Heading>
      <span className="price">
        {product.unitPrice === null ? (
          <span className="product-card__muted">{t('product.noPrice')}</span>
        ) : (
          formatMoney(product.unitPrice, product.currency)
        )}
        {onOffer && <s>{formatMoney(product.originalPrice!, product.currency)}</s>}
      </span>
      {product.rating !== null && (
        <span className="product-card__muted">
          <span className="stars" aria-hidden="true">
            ★
          </span>{' '}
          {formatRating(product.rating, t.languageTag)} · {t('product.reviewCount', { count: product.commentCount })}
        </span>
      )}
    </a>
  );
}

/**
 * Cards in the page's grid, rendered on the server in one call: the product page's recommendations
 * and the home page's new arrivals. Rendered one by one, each card cost a React render of its own
 * (360,000 of them in a publish of 90,000 pages).
 */
export function ProductGrid({
  cards,
  t,
  isNew = false,
}: {
  cards: { product: CardProduct; picture: CardPicture | null }[];
  t: Translate;
  isNew?: boolean;
}) {
  return (
    <ul className="product-grid">
      {cards.map(({ product, picture }) => (
        <li key={product.goodsId}>
          <ProductCard product={product} picture={picture} t={t} isNew={isNew} />
        </li>
      ))}
    </ul>
  );
}

/** The API's picture as it is, for products fetched in the browser. */
export const apiPicture = (product: ProductSummary): CardPicture | null =>
  product.picture ? { src: product.picture.url, width: product.picture.width, height: product.picture.height } : null;
