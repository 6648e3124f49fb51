import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Icon } from '@/components/Icon';
import { $cart, loadCart, removeFromCart, updateQuantity } from '@/features/cart/cart.store';
import type { CartLine } from '@/features/cart/cart.schema';
import { QuantityStepper } from '@/features/cart/QuantityStepper';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { encryptCartIds } from './cart-ids';

const buyable = (line: CartLine) => line.onSale && line.unitPrice !== null && line.stock > 0;

/** /shoppingCart: edit the cart, choose the lines to buy, go to checkout. */
export default function CartPage({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const cart = useStore($cart);
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const lines = cart.list;

  useEffect(() => {
    void loadCart();
  }, []);
  // Everything buyable starts selected; lines added later join the selection.
  const chosen = selected ?? new Set(lines.filter(buyable).map((line) => line.goodsSpecificationId));
  const chosenLines = lines.filter((line) => chosen.has(line.goodsSpecificationId) && buyable(line));
  const total = chosenLines.reduce((sum, line) => sum + (line.unitPrice ?? 0) * line.goodsQuantity, 0);
  const currency = lines[0]?.currency;

  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  async function checkOut() {
    const token = await encryptCartIds(chosenLines.map((line) => line.goodsSpecificationId));
    location.assign(`/pay?ids=${token}`);
  }

  if (lines.length === 0) {
    return (
      <div className="placeholder">
        <p>{t('cart.empty')}</p>
        <a className="button" href="/">{t('cart.backHome')}</a>
      </div>
    );
  }

  return (
    <div className="cart-page">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={chosenLines.length > 0 && chosenLines.length === lines.filter(buyable).length}
          onChange={(event) => setSelected(new Set(event.target.checked ? lines.filter(buyable).map((line) => line.goodsSpecificationId) : []))}
        />
        {t('checkout.selectAll')}
      </label>
      <ul className="cart-lines">
        {lines.map((line) => (
          <li key={line.goodsSpecificationId} className="cart-line">
            <input
              type="checkbox"
              checked={chosen.has(line.goodsSpecificationId) && buyable(line)}
              disabled={!buyable(line)}
              onChange={() => toggle(line.goodsSpecificationId)}
              aria-label={t('checkout.select', { name: `${line.goodsName} ${line.specificationName}` })}
            />
            {line.picture && <img src={line.picture} width={88} height={88} alt="" loading="lazy" />}
            <div className="cart-line__text">
              <a href={`/productsList/details?id=${line.goodsId}`}>{line.goodsName}</a>
              <span className="cart-line__spec">{line.specificationName}</span>
              <span className="price">{line.unitPrice === null ? '--' : formatMoney(line.unitPrice, line.currency)}</span>
              {!line.onSale ? (
                <span className="field-error">{t('product.notOnSale')}</span>
              ) : line.stock === 0 ? (
                <span className="field-error">{t('product.outOfStock')}</span>
              ) : line.unitPrice === null ? (
                <span className="field-error">{t('product.noPrice')}</span>
              ) : null}
              <QuantityStepper
                value={line.goodsQuantity}
                onChange={(quantity) => void updateQuantity(line.goodsSpecificationId, quantity)}
                label={`${t('product.quantity')}: ${line.goodsName}`}
                decreaseLabel={t('product.decrease')}
                increaseLabel={t('product.increase')}
              />
            </div>
            <button type="button" className="icon-button" onClick={() => void removeFromCart(line.goodsSpecificationId)} aria-label={`${t('cart.remove')}: ${line.goodsName}`}>
              <Icon name="trash" />
            </button>
          </li>
        ))}
      </ul>
      <div className="cart-page__summary">
        <p>
          {t('checkout.selectedTotal')}: <strong className="price" data-testid="selected-total">{total > 0 && currency ? formatMoney(total, currency) : '--'}</strong>
        </p>
        <button type="button" className="button" disabled={total === 0} onClick={() => void checkOut()}>{t('checkout.checkOut')}</button>
      </div>
    </div>
  );
}
