import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Dialog } from '@/components/Dialog';
import { checkoutUrlOf } from './cart-ids';
import { $cartDrawerOpen } from '@/lib/shell.store';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { isBuyable } from './cart';
import { $cart, $cartTotal, loadCart } from './cart.store';
import { CartLineItem } from './CartLineItem';

/** The cart drawer: lines, estimated total, check-out (straight to checkout with the cart's lines); reloads the cart each time it opens. */
export default function CartDrawer({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const open = useStore($cartDrawerOpen);
  const cart = useStore($cart);
  const total = useStore($cartTotal);
  const currency = cart.list[0]?.currency;
  // Lines that cannot be bought now (sold out, taken down) stay in the cart for later.
  const buyableIds = cart.list.filter(isBuyable).map((line) => line.goodsSpecificationId);

  async function checkOut() {
    location.assign(await checkoutUrlOf(buyableIds));
  }

  useEffect(() => {
    if (open) void loadCart();
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={() => $cartDrawerOpen.set(false)}
      title={t('cart.title')}
      closeLabel={t('cart.close')}
      variant="drawer"
    >
      {cart.list.length === 0 ? (
        <div className="cart-empty">
          <p>{t('cart.empty')}</p>
          <a className="button button--ghost" href="/">
            {t('cart.backHome')}
          </a>
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {cart.list.map((line) => (
              <CartLineItem key={line.goodsSpecificationId} line={line} t={t} pictureSize={72} />
            ))}
          </ul>
          <div className="cart-summary">
            <p>
              {t('site.labelled', { label: t('cart.estimatedTotal') })}
              <strong className="price" data-testid="cart-total">
                {total === null || !currency ? '--' : formatMoney(total, currency)}
              </strong>
            </p>
            <button
              type="button"
              className="button button--block"
              disabled={total === null || buyableIds.length === 0}
              onClick={() => void checkOut()}
            >
              {t('cart.checkOut')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
