import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { altBesideName } from '@/features/catalogue/catalogue';
import type { Translate } from '@/lib/i18n/ui';
import { formatMoney } from '@/lib/money';
import { limits } from '@/lib/validation';
import type { CartLine } from './cart.schema';
import { removeFromCart, updateQuantity } from './cart.store';
import { QuantityStepper } from './QuantityStepper';

type Props = { line: CartLine; t: Translate; pictureSize: number; before?: ReactNode; notice?: ReactNode };

/** One cart line with its quantity and remove controls, as the cart drawer and the cart page show it. */
export function CartLineItem({ line, t, pictureSize, before, notice }: Props) {
  return (
    <li className="cart-line">
      {before}
      {line.picture && (
        <img
          src={line.picture}
          width={pictureSize}
          height={pictureSize}
          alt={altBesideName(line.pictureAlt, line.goodsName)}
          loading="lazy"
        />
      )}
      <div className="cart-line__text">
        <a href={`/productsList/details?id=${line.goodsId}`}>{line.goodsName}</a>
        <span className="cart-line__spec">{line.specificationName}</span>
        <span className="price">{line.unitPrice === null ? '--' : formatMoney(line.unitPrice, line.currency)}</span>
        {notice}
        <QuantityStepper
          value={line.goodsQuantity}
          onChange={(quantity) => void updateQuantity(line.goodsSpecificationId, quantity)}
          label={t('site.labelled', { label: t('product.quantity') }) + line.goodsName}
          decreaseLabel={t('product.decrease')}
          increaseLabel={t('product.increase')}
          limitMessage={t('product.quantityLimit', { min: limits.cartQuantityMin, max: limits.cartQuantityMax })}
        />
      </div>
      <button
        type="button"
        className="icon-button"
        onClick={() => void removeFromCart(line.goodsSpecificationId)}
        aria-label={t('site.labelled', { label: t('cart.remove') }) + line.goodsName}
      >
        <Icon name="trash" />
      </button>
    </li>
  );
}
