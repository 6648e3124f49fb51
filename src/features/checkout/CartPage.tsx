import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $cart, loadCart } from '@/features/cart/cart.store';
import { isBuyable as buyable, unbuyableReason } from '@/features/cart/cart';
import { CartLineItem } from '@/features/cart/CartLineItem';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { checkoutUrlOf } from '@/features/cart/cart-ids';

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
    location.assign(await checkoutUrlOf(chosenLines.map((line) => line.goodsSpecificationId)));
  }

  if (lines.length === 0) {
    return (
      <div className="placeholder">
        <p>{t('cart.empty')}</p>
        <a className="button" href="/">
          {t('cart.backHome')}
        </a>
      </div>
    );
  }

  return (
    <div className="cart-page">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={chosenLines.length > 0 && chosenLines.length === lines.filter(buyable).length}
          onChange={(event) =>
            setSelected(
              new Set(event.target.checked ? lines.filter(buyable).map((line) => line.goodsSpecificationId) : []),
            )
          }
        />
        {t('checkout.selectAll')}
      </label>
      <ul className="cart-lines">
        {lines.map((line) => (
          <CartLineItem
            key={line.goodsSpecificationId}
            line={line}
            t={t}
            pictureSize={88}
            before={
              <input
                type="checkbox"
                checked={chosen.has(line.goodsSpecificationId) && buyable(line)}
                disabled={!buyable(line)}
                onChange={() => toggle(line.goodsSpecificationId)}
                aria-label={t('checkout.select', { name: `${line.goodsName} ${line.specificationName}` })}
              />
            }
            notice={unbuyableReason(line) && <span className="field-error">{t(unbuyableReason(line)!)}</span>}
          />
        ))}
      </ul>
      <div className="cart-page__summary">
        <p>
          {t('site.labelled', { label: t('checkout.selectedTotal') })}
          <strong className="price" data-testid="selected-total">
            {total > 0 && currency ? formatMoney(total, currency) : '--'}
          </strong>
        </p>
        <button type="button" className="button" disabled={total === 0} onClick={() => void checkOut()}>
          {t('checkout.checkOut')}
        </button>
      </div>
    </div>
  );
}
