import { useEffect, useState } from 'react';
import { SHOW_PICTURE_EVENT } from '@/features/catalogue/catalogue';
import type { ProductDetails, ProductStock } from '@/features/catalogue/catalogue.schema';
import { fetchStock } from '@/features/catalogue/live-stock';
import { countryName, DeliverTo } from '@/features/delivery/DeliverTo';
import { $destination } from '@/features/delivery/destination.store';
import * as ErrorCode from '@/lib/error-codes';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import type { Language } from '@/lib/locale';
import { useClientStore } from '@/lib/use-client-store';
import { formatMoney } from '@/lib/money';
import { limits } from '@/lib/validation';
import { showToast } from '@/lib/toast.store';
import { addToCart } from './cart.store';
import { buyNowUrlOf } from './cart-ids';
import { QuantityStepper } from './QuantityStepper';

type Props = { product: Pick<ProductDetails, 'goodsId' | 'specifications'>; language: Language; messages: Messages };

/** Stock is never shown from the build: until the shop answers, nothing about it is claimed. */
type LiveStock = { status: 'checking' } | { status: 'failed' } | { status: 'known'; product: ProductStock };

/** Choosing a size and quantity, then adding to the cart or buying now. */
export default function ProductPurchase({ product, language, messages }: Props) {
  const t = createTranslator(messages);
  const destination = useClientStore($destination, null);
  const [live, setLive] = useState<LiveStock>({ status: 'checking' });
  /** The size the customer picked; until then, the first that can be bought. */
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);

  const stockOf = (goodsSpecificationId: number): number | null =>
    live.status === 'known'
      ? (live.product.specifications.find((spec) => spec.goodsSpecificationId === goodsSpecificationId)?.stock ?? 0)
      : null;
  const priced = product.specifications.filter((spec) => spec.unitPrice !== null);
  const firstBuyable =
    priced.find((spec) => (stockOf(spec.goodsSpecificationId) ?? 1) > 0) ?? priced[0] ?? product.specifications[0];
  const specId = chosenId ?? firstBuyable?.goodsSpecificationId;
  const spec = product.specifications.find((candidate) => candidate.goodsSpecificationId === specId);
  const stock = spec ? stockOf(spec.goodsSpecificationId) : null;
  const onSale = live.status === 'known' && live.product.onSale;
  // The shop's sales rules do not sell it to the shopper's country (docs/decisions/077-sales-rules.md).
  const notSoldThere = live.status === 'known' && live.product.notSoldThere;
  const blocked =
    live.status !== 'known' || !onSale || notSoldThere || !spec || !stock || spec.unitPrice === null || busy;

  /** Choosing an option that has a picture of its own (its colour) shows that picture in the gallery (details page). */
  function choose(option: Props['product']['specifications'][number]) {
    setChosenId(option.goodsSpecificationId);
    if (option.pictureIndex !== null)
      document.dispatchEvent(new CustomEvent(SHOW_PICTURE_EVENT, { detail: option.pictureIndex }));
  }

  async function checkStock(): Promise<ProductStock | undefined> {
    setLive({ status: 'checking' });
    const found = (await fetchStock([product.goodsId], $destination.get()))?.get(product.goodsId);
    setLive(found ? { status: 'known', product: found } : { status: 'failed' });
    return found;
  }

  // After the page shows, and again when the shopper says where she ships.
  useEffect(() => void checkStock(), [destination?.country, destination?.state]);

  async function add(thenCheckOut: boolean) {
    if (!spec) return;
    setBusy(true);
    // The page may have been open a while: what is left now decides, not what it last heard.
    const now = await checkStock();
    if (now?.notSoldThere) return setBusy(false);
    const left =
      now?.specifications.find((candidate) => candidate.goodsSpecificationId === spec.goodsSpecificationId)?.stock ?? 0;
    // Buy now buys this size at the chosen quantity, beside the cart (docs/decisions/079).
    if (thenCheckOut && left > 0)
      return location.assign(await buyNowUrlOf(spec.goodsSpecificationId, Math.min(quantity, left)));
    const code =
      left > 0 ? await addToCart(spec.goodsSpecificationId, Math.min(quantity, left)) : ErrorCode.InsufficientStock;
    setBusy(false);
    if (code === ErrorCode.InsufficientStock && left > 0) void checkStock();
    if (code === ErrorCode.Success) showToast('success', t('product.added'));
  }

  return (
    <form className="purchase" onSubmit={(event) => event.preventDefault()}>
      <p className="purchase__destination">
        <DeliverTo destination={destination} language={language} t={t} />
      </p>
      <p className="purchase__price" aria-live="polite">
        {spec?.unitPrice == null ? (
          <span className="product-card__muted">{t('product.noPrice')}</span>
        ) : (
          <span className="price">
            {formatMoney(spec.unitPrice, spec.currency)}
            {spec.originalPrice !== null && spec.originalPrice > spec.unitPrice && (
              <s>{formatMoney(spec.originalPrice, spec.currency)}</s>
            )}
          </span>
        )}
      </p>
      <fieldset className="purchase__specs">
        <legend>{t('product.specification')}</legend>
        {product.specifications.map((option) => {
          const soldOut = stockOf(option.goodsSpecificationId) === 0;
          return (
            <label
              key={option.goodsSpecificationId}
              className={`purchase__spec${soldOut ? ' purchase__spec--sold-out' : ''}`}
            >
              <input
                type="radio"
                name="specification"
                value={option.goodsSpecificationId}
                checked={option.goodsSpecificationId === specId}
                onChange={() => choose(option)}
              />
              <span>{option.specificationName}</span>
              {soldOut && <span className="visually-hidden">{t('product.outOfStock')}</span>}
            </label>
          );
        })}
      </fieldset>
      <p className="purchase__stock" role="status">
        {live.status === 'checking' ? (
          <span className="purchase__checking">{t('product.checkingStock')}</span>
        ) : live.status === 'failed' ? (
          <>
            <span className="product-card__muted">{t('product.stockUnknown')} </span>
            <button type="button" className="link-button" onClick={() => void checkStock()}>
              {t('product.checkAgain')}
            </button>
          </>
        ) : !onSale ? (
          <span className="purchase__status">{t('product.notOnSale')}</span>
        ) : notSoldThere && destination ? (
          <span className="purchase__status">
            {t('product.notSoldTo', { country: countryName(destination.country, language) })}
          </span>
        ) : !stock ? (
          <span className="purchase__status">{t('product.outOfStock')}</span>
        ) : (
          <span className="product-card__muted">{t('product.inStock', { count: stock })}</span>
        )}
      </p>
      <div className="purchase__quantity">
        <span id="quantity-label">{t('product.quantity')}</span>
        <QuantityStepper
          value={quantity}
          onChange={setQuantity}
          label={t('product.quantity')}
          decreaseLabel={t('product.decrease')}
          increaseLabel={t('product.increase')}
          limitMessage={t('product.quantityLimit', { min: limits.cartQuantityMin, max: limits.cartQuantityMax })}
          disabled={blocked}
        />
      </div>
      <div className="purchase__actions">
        <button type="button" className="button" disabled={blocked} onClick={() => void add(false)}>
          {t('product.addToCart')}
        </button>
        <button type="button" className="button button--ghost" disabled={blocked} onClick={() => void add(true)}>
          {t('product.buyNow')}
        </button>
      </div>
    </form>
  );
}
