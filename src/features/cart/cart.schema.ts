import { z } from 'zod';
import { currencies } from '@/lib/locale';
import { limits } from '@/lib/validation';
import { recordIdParamSchema, recordIdSchema } from '@/lib/record-id';

/* The cart endpoints' contract, shared by the API (which validates with it) and the storefront. */

const goodsQuantity = z.number().int().min(limits.cartQuantityMin).max(limits.cartQuantityMax);

/** One line as the browser asks for it: which specification, how many. */
export const cartItemSchema = z.object({ goodsSpecificationId: recordIdSchema, goodsQuantity });
export type CartItem = z.infer<typeof cartItemSchema>;

/** Enough for any real cart, small enough that pricing one stays cheap. */
export const CART_LINES_MAX = 100;

/** A cart kept in browser storage, sent to be priced or merged. */
export const browserCartSchema = z.array(cartItemSchema).max(CART_LINES_MAX);

export const specificationQuerySchema = z.object({ goodsSpecificationId: recordIdParamSchema });

/** A priced line, in the request's language and currency. */
export const cartLineSchema = z.object({
  goodsSpecificationId: z.number().int(),
  goodsId: z.number().int(),
  goodsQuantity: z.number().int(),
  goodsName: z.string(),
  specificationName: z.string(),
  /** URL of the product's main picture. */
  picture: z.string().nullable(),
  /** What the main picture shows, in the request's language (the product's name when nobody described it). */
  pictureAlt: z.string(),
  currency: z.enum(currencies),
  symbol: z.string(),
  /** Minor units; null when the shop does not sell this specification in the request's currency. */
  unitPrice: z.number().int().nullable(),
  originalPrice: z.number().int().nullable(),
  stock: z.number().int(),
  /** False once the product is taken down: the line stays visible but cannot be bought. */
  onSale: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  list: z.array(cartLineSchema),
  /** The number of items: the sum of the quantities, shown on the cart badge. */
  total: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;
