import { altBesideName } from '@/features/catalogue/catalogue';

/** `pictureAlt`: what the picture shows, where the line comes from the catalogue (a cart line). */
type Line = {
  goodsId: number;
  goodsName: string;
  specificationName: string;
  picture: string | null;
  pictureAlt?: string;
  goodsQuantity: number;
};

/** A line as a summary shows it (checkout, order details, a gift): picture, product, size × quantity, amount. */
export function OrderLineItem({ line, amount, problem }: { line: Line; amount?: string; problem?: string | null }) {
  return (
    <li className="cart-line">
      {line.picture && (
        <img src={line.picture} width={64} height={64} alt={altBesideName(line.pictureAlt, line.goodsName)} />
      )}
      <div className="cart-line__text">
        <a href={`/productsList/details?id=${line.goodsId}`}>{line.goodsName}</a>
        <span className="cart-line__spec">
          {line.specificationName} × {line.goodsQuantity}
        </span>
        {problem && <span className="field-error cart-line__problem">{problem}</span>}
      </div>
      {amount !== undefined && <span className="price">{amount}</span>}
    </li>
  );
}
