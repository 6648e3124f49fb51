import { useState } from 'react';
import { addToCart } from '@/features/cart/cart.store';
import { QuantityStepper } from '@/features/cart/QuantityStepper';
import { ErrorCode } from '@/lib/error-codes';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { showToast } from '@/lib/toast.store';
import type { ProductDetails } from './catalog.schema';

type Props = { product: Pick<ProductDetails, 'goodsId' | 'onSale' | 'specifications'>; messages: Messages };

/** Choosing a size and quantity, then adding to the cart or buying now. */
export default function ProductPurchase({ product, messages }: Props) {
  const t = createTranslator(messages);
  const firstAvailable = product.specifications.find((spec) => spec.stock > 0 && spec.unitPrice !== null) ?? product.specifications[0];
  const [specId, setSpecId] = useState(firstAvailable?.goodsSpecificationId);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const spec = product.specifications.find((candidate) => candidate.goodsSpecificationId === specId);
  const soldOut = !spec || spec.stock === 0;
  const unpriced = spec?.unitPrice === null;
  const blocked = !product.onSale || soldOut || unpriced || busy;

  async function add(thenCheckOut: boolean) {
    if (!spec) return;
    setBusy(true);
    const code = await addToCart(spec.goodsSpecificationId, Math.min(quantity, spec.stock));
    setBusy(false);
    if (code !== ErrorCode.Success) return;
    if (thenCheckOut) location.assign('/shoppingCart');
    else showToast('success', t('product.added'));
  }

  return (
    <form className="purchase" onSubmit={(event) => event.preventDefault()}>
      <p className="purchase__price" aria-live="polite">
        {spec?.unitPrice == null ? (
          <span className="product-card__muted">{t('product.noPrice')}</span>
        ) : (
          <span className="price">
            {formatMoney(spec.unitPrice, spec.currency)}
            {spec.originalPrice !== null && spec.originalPrice > spec.unitPrice && <s>{formatMoney(spec.originalPrice, spec.currency)}</s>}
          </span>
        )}
      </p>
      <fieldset className="purchase__specs">
        <legend>{t('product.specification')}</legend>
        {product.specifications.map((option) => (
          <label key={option.goodsSpecificationId} className="purchase__spec">
            <input type="radio" name="specification" value={option.goodsSpecificationId} checked={option.goodsSpecificationId === specId} onChange={() => setSpecId(option.goodsSpecificationId)} />
            <span>{option.specificationName}</span>
            {option.stock === 0 && <small>{t('product.outOfStock')}</small>}
          </label>
        ))}
      </fieldset>
      {!product.onSale ? (
        <p className="purchase__status">{t('product.notOnSale')}</p>
      ) : soldOut ? (
        <p className="purchase__status">{t('product.outOfStock')}</p>
      ) : (
        <p className="product-card__muted">{t('product.inStock', { count: spec.stock })}</p>
      )}
      <div className="purchase__quantity">
        <span id="quantity-label">{t('product.quantity')}</span>
        <QuantityStepper value={quantity} onChange={setQuantity} label={t('product.quantity')} decreaseLabel={t('product.decrease')} increaseLabel={t('product.increase')} disabled={blocked} />
      </div>
      <div className="purchase__actions">
        <button type="button" className="button" disabled={blocked} onClick={() => void add(false)}>{t('product.addToCart')}</button>
        <button type="button" className="button button--ghost" disabled={blocked} onClick={() => void add(true)}>{t('product.buyNow')}</button>
      </div>
    </form>
  );
}

