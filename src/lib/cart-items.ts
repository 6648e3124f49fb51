import { z } from 'zod';
import { recordIdSchema } from './record-id';
import { limits } from './validation';

/*
 * Cart lines as the browser sends them (which specification, how many): the cart prices and keeps
 * them, a sign-in carries the browser's cart to the account, an order is placed for them.
 */

const goodsQuantity = z.number().int().min(limits.cartQuantityMin).max(limits.cartQuantityMax);

/** One line as the browser asks for it: which specification, how many. */
export const cartItemSchema = z.object({ goodsSpecificationId: recordIdSchema, goodsQuantity });
export type CartItem = z.infer<typeof cartItemSchema>;

/** Enough for any real cart, small enough that pricing one stays cheap. */
export const CART_LINES_MAX = 100;

/** A cart kept in browser storage, sent to be priced or merged. */
export const browserCartSchema = z.array(cartItemSchema).max(CART_LINES_MAX);
