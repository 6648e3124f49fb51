import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Dialog } from '@/components/Dialog';
import { $cartDrawerOpen } from '@/features/shell/shell.store';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { $cart, $cartTotal, loadCart } from './cart.store';
import { CartLineItem } from './CartLineItem';

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
            {cart.list.map((line) => <CartLineItem key={line.goodsSpecificationId} line={line} t={t} pictureSize={72} />)}
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
