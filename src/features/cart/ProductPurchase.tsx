import { useEffect, useRef, useState } from 'react';
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
import { earlyPurchase } from './purchase-live';
import { liveWordKeys, purchaseView, stockStatusClass, stockStatusText, type LiveStock } from './purchase-view';
import { takeEarly } from '@/lib/early-taps';
import { QuantityStepper } from './QuantityStepper';

type Props = { product: Pick<ProductDetails, 'goodsId' | 'specifications'>; language: Language; messages: Messages };

/** The buttons pressed before the island woke that it carries out as it does (EarlyTaps.astro). */
const earlyPurchaseActions = ['add', 'buy'] as const;

/**
 * Choosing a size and quantity, then adding to the cart or buying now. It wakes when a person first
 * touches the page (`client:paint="tap"`); until then the page shows the live stock the same way
 * (purchase-live.ts), and the island starts from what it showed and what was chosen there.
 */
export default function ProductPurchase({ product, language, messages }: Props) {
  const t = createTranslator(messages);
  const destination = useClientStore($destination, null);
  const [early] = useState(earlyPurchase);
  const [live, setLive] = useState<LiveStock>(early?.shown.live ?? { status: 'checking' });
  /** The size the customer picked; until then, the first that can be bought. */
  const [chosenId, setChosenId] = useState<number | null>(early?.shown.chosenId ?? null);
  const [quantity, setQuantity] = useState(early?.shown.quantity ?? 1);
  const [busy, setBusy] = useState(false);
  /** The stock the page already had, before waking, is not asked for again at once. */
  const askedBeforeWaking = useRef(early?.shown.live.status === 'known');

  const country = destination ? countryName(destination.country, language) : null;
  const view = purchaseView(product.specifications, live, chosenId, country);
  const spec = view.chosen;
  const blocked = !view.buyable || busy;

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
  useEffect(() => {
    if (askedBeforeWaking.current && !destination) return void (askedBeforeWaking.current = false);
    void checkStock();
  }, [destination?.country, destination?.state]);

  // A size chosen while the island hydrated (the quantity is QuantityStepper's), then Add to cart or
  // Buy now pressed before it woke.
  useEffect(() => {
    const now = earlyPurchase();
    const chosenWhileWaking = product.specifications.find((option) => option.goodsSpecificationId === now?.chosenId);
    if (chosenWhileWaking && chosenWhileWaking !== spec) setChosenId(chosenWhileWaking.goodsSpecificationId);
    const action = takeEarly('action', earlyPurchaseActions);
    if (action) void add(action === 'buy', chosenWhileWaking ?? spec, now?.quantity ?? quantity);
  }, []);

  async function add(thenCheckOut: boolean, option = spec, count = quantity) {
    if (!option) return;
    setBusy(true);
    // The page may have been open a while: what is left now decides, not what it last heard.
    const now = await checkStock();
    if (now?.notSoldThere) return setBusy(false);
    const left =
      now?.specifications.find((candidate) => candidate.goodsSpecificationId === option.goodsSpecificationId)?.stock ??
      0;
    // Buy now buys this size at the chosen quantity, beside the cart (docs/decisions/079).
    if (thenCheckOut && left > 0)
      return location.assign(await buyNowUrlOf(option.goodsSpecificationId, Math.min(count, left)));
    const code =
      left > 0 ? await addToCart(option.goodsSpecificationId, Math.min(count, left)) : ErrorCode.InsufficientStock;
    setBusy(false);
    if (code === ErrorCode.InsufficientStock && left > 0) void checkStock();
    if (code === ErrorCode.Success) showToast('success', t('product.added'));
  }

  const original =
    spec && spec.originalPrice !== null && spec.unitPrice !== null && spec.originalPrice > spec.unitPrice;
  return (
    <form
      className="purchase"
      data-purchase={product.goodsId}
      data-words={JSON.stringify(Object.fromEntries(liveWordKeys.map((key) => [key, t(key)])))}
      onSubmit={(event) => event.preventDefault()}
    >
      <p className="purchase__destination">
        <DeliverTo destination={destination} language={language} t={t} />
      </p>
      <p className="purchase__price" aria-live="polite">
        <span className={spec?.unitPrice == null ? 'product-card__muted' : 'price'} data-price-shown>
          {spec?.unitPrice == null ? t('product.noPrice') : formatMoney(spec.unitPrice, spec.currency)}
          {original && <s>{formatMoney(spec.originalPrice!, spec.currency)}</s>}
        </span>
      </p>
      <fieldset className="purchase__specs">
        <legend>{t('product.specification')}</legend>
        {product.specifications.map((option) => {
          const soldOut = view.stockOf(option.goodsSpecificationId) === 0;
          return (
            <label
              key={option.goodsSpecificationId}
              className={`purchase__spec${soldOut ? ' purchase__spec--sold-out' : ''}`}
            >
              <input
                type="radio"
                name="specification"
                value={option.goodsSpecificationId}
                checked={option.goodsSpecificationId === spec?.goodsSpecificationId}
                onChange={() => choose(option)}
                data-unit-price={option.unitPrice ?? undefined}
                data-price={option.unitPrice === null ? undefined : formatMoney(option.unitPrice, option.currency)}
                data-original={
                  option.unitPrice !== null && option.originalPrice !== null && option.originalPrice > option.unitPrice
                    ? formatMoney(option.originalPrice, option.currency)
                    : undefined
                }
                data-picture={option.pictureIndex ?? undefined}
              />
              <span>{option.specificationName}</span>
              <span className="visually-hidden">{soldOut ? t('product.outOfStock') : ''}</span>
            </label>
          );
        })}
      </fieldset>
      <p className="purchase__stock" role="status">
        <span className={stockStatusClass[view.status]} data-stock-status>
          {stockStatusText(view.status, view.stock, t, country)}
        </span>
        {/* Kept in the page (hidden, without words) when not needed: the page shows it before the island wakes. */}
        <button
          type="button"
          className="link-button"
          data-check-again
          hidden={view.status !== 'failed'}
          onClick={() => void checkStock()}
        >
          {view.status === 'failed' ? t('product.checkAgain') : ''}
        </button>
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
        <button type="button" className="button" data-early="add" disabled={blocked} onClick={() => void add(false)}>
          {t('product.addToCart')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-early="buy"
          disabled={blocked}
          onClick={() => void add(true)}
        >
          {t('product.buyNow')}
        </button>
      </div>
    </form>
  );
}
