import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Dialog } from '@/components/Dialog';
import { Icon } from '@/components/Icon';
import { $cartDrawerOpen } from '@/features/shell/shell.store';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { $cart, $cartTotal, loadCart, removeFromCart, updateQuantity } from './cart.store';
import { QuantityStepper } from './QuantityStepper';

/** The cart drawer: lines, estimated total, check-out; reloads the cart each time it opens. */
export default function CartDrawer({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const open = useStore($cartDrawerOpen);
  const cart = useStore($cart);
  const total = useStore($cartTotal);
  const currency = cart.list[0]?.currency;

  useEffect(() => {
    if (open) void loadCart();
  }, [open]);

  return (
    <Dialog open={open} onClose={() => $cartDrawerOpen.set(false)} title={t('cart.title')} closeLabel={t('cart.close')} variant="drawer">
      {cart.list.length === 0 ? (
        <div className="cart-empty">
          <p>{t('cart.empty')}</p>
          <a className="button button--ghost" href="/">{t('cart.backHome')}</a>
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {cart.list.map((line) => (
              <li key={line.goodsSpecificationId} className="cart-line">
                {line.picture && <img src={line.picture} width={72} height={72} alt="" loading="lazy" />}
                <div className="cart-line__text">
                  <a href={`/productsList/details?id=${line.goodsId}`}>{line.goodsName}</a>
                  <span className="cart-line__spec">{line.specificationName}</span>
                  <span className="price">{line.unitPrice === null ? '--' : formatMoney(line.unitPrice, line.currency)}</span>
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
          <div className="cart-summary">
            <p>
              {t('cart.estimatedTotal')}: <strong className="price" data-testid="cart-total">{total === null || !currency ? '--' : formatMoney(total, currency)}</strong>
            </p>
            {total === null ? (
              <button type="button" className="button button--block" disabled>{t('cart.checkOut')}</button>
            ) : (
              <a className="button button--block" href="/shoppingCart">{t('cart.checkOut')}</a>
            )}
          </div>
        </>
      )}
    </Dialog>
  );
}
