import { z } from 'zod';
import { currencies } from '@/lib/locale';
import { recordIdParamSchema } from '@/lib/record-id';

/* The cart endpoints' contract, shared by the API (which validates with it) and the storefront. */

// The lines a browser sends live in src/lib: a sign-in carries them too, and auth ranks below the cart.

export const sizeQuerySchema = z.object({ goodsSpecificationId: recordIdParamSchema });

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
