import { z } from 'zod';
import { encodedPasswordSchema } from '@/features/auth/auth.schema';
import { CART_LINES_MAX, cartItemSchema } from '@/lib/cart-items';
import { addressSchema, newAddressBodySchema } from '@/features/delivery/delivery.schema';
import { currencies } from '@/lib/locale';
import { limits } from '@/lib/validation';
import { payMethods } from '@/lib/pay-methods';
import { recordIdParamSchema, recordIdSchema } from '@/lib/record-id';
import { shippingChoiceSchema } from '@/features/shipping/shipping.schema';

/* The order and payment endpoints' contract, shared by the API (which validates with it) and the pages. */

const time = z.string().describe('ISO 8601');

export const orderStatusSchema = z
  .number()
  .int()
  .min(0)
  .max(6)
  .describe('0 payment failed, 1 paid, 2 payment pending, 3 closed, 4 shipped, 5 signed for, 6 completed');

/**
 * Checkout. The server prices the items itself (prices, totals or discounts sent here are ignored),
 * in the request's Currency and Language. A visitor checks out as a guest with `email` and a new
 * `password` (base64, as at registration): the account is created with the order and signed in.
 */
export const createOrderBodySchema = z
  .object({
    /** The cart lines being bought; they leave the customer's server cart once ordered. */
    items: z.array(cartItemSchema).min(1).max(CART_LINES_MAX),
    /** One of the customer's addresses, or `deliveryAddress` typed at checkout. */
    addressId: recordIdSchema.optional(),
    deliveryAddress: newAddressBodySchema.optional(),
    /** Another customer's share code: the friend discount, and its owner earns the rebate. */
    discountCode: z.string().trim().max(32).optional(),
    payMethod: z.enum(payMethods),
    email: z.string().trim().min(1).max(limits.emailMax).meta({ format: 'email' }).optional(),
    password: encodedPasswordSchema.optional(),
    /** Guests only: the referee code the browser keeps (an unknown one is ignored). */
    refereeCode: z.string().trim().max(32).nullish(),
    /** One of the methods `quoteOrder` lists for the address; the zone's first without. */
    shippingMethodId: recordIdSchema.optional(),
    /**
     * The total the customer was shown and confirms. When the server's total differs (a rate changed
     * meanwhile), nothing is placed: -218 naming `expectedPayAmount`, with the new total in `data.payAmount`.
     */
    expectedPayAmount: z.number().int().min(0).max(1_000_000_000).optional(),
    /** "Buy now": the items are bought beside the cart, which keeps its lines (docs/decisions/079). */
    buyNow: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    if (body.addressId === undefined && body.deliveryAddress === undefined) {
      context.addIssue({ code: 'custom', path: ['deliveryAddress'], message: 'an address or addressId is required' });
    }
  });
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/**
 * Pricing a checkout without placing it: the same items and discount code as `createOrder`, priced by
 * the same rule (so a code this refuses, `createOrder` refuses too, with the same answer).
 */
export const quoteOrderBodySchema = z.object({
  items: z.array(cartItemSchema).min(1).max(CART_LINES_MAX),
  discountCode: z.string().trim().max(32).optional(),
  /** Where the order would ship (ISO 3166-1 alpha-2); without it, no shipping or tax is figured yet. */
  country: z.string().trim().toUpperCase().max(2).optional(),
  /** The state's code within the country (`CA`, `10`); a US state decides its sales tax. */
  state: z.string().trim().toUpperCase().max(3).optional(),
  shippingMethodId: recordIdSchema.optional(),
});
export type QuoteOrderBody = z.infer<typeof quoteOrderBodySchema>;

/** Shipping and tax of an order (0 and 0 for orders placed before shipping zones, and for recharges). */
const chargesShape = {
  shippingAmount: z.number().int(),
  /** Rounded once per order (docs/decisions/061-shipping-zones-and-tax.md). */
  taxAmount: z.number().int(),
  /** True: the prices include `taxAmount` (shown as "incl."); false: it is added to the total. */
  taxIncluded: z.boolean(),
  /** The tax's name (`SST`, `VAT`, `Sales tax`); null without tax. */
  taxLabel: z.string().nullable(),
};

export const orderQuoteSchema = z.object({
  currency: z.enum(currencies),
  symbol: z.string(),
  goodsTotal: z.number().int(),
  discountAmount: z.number().int(),
  ...chargesShape,
  /** Goods less discount, plus shipping, plus tax unless included: what is due. */
  payAmount: z.number().int(),
  /** The methods that ship to `country` in this currency (empty without a country), and the one priced. */
  shippingMethods: z.array(shippingChoiceSchema),
  shippingMethodId: z.number().int().nullable(),
  /** The accepted code as the order will store it (upper case), or null without one. */
  discountCode: z.string().nullable(),
  /** The payment methods the sales rules refuse for these items to `country` (empty without a country). */
  refusedPayMethods: z.array(z.enum(payMethods)),
  /** The provider whose age check an order to `country` needs and the caller has not passed (a guest: none passed); null when none is needed. */
  ageCheckProvider: z.string().nullable(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

/** `refereeCode`: the code a visitor arrived with through `/{code}` (kept by the browser for the visit). */
export const referralDiscountQuerySchema = z.object({ refereeCode: z.string().trim().max(32).optional() });
/** The discount code checkout starts with: the share code of the customer who referred the buyer, or null. */
export const referralDiscountSchema = z.object({ discountCode: z.string().nullable() });
export type ReferralDiscount = z.infer<typeof referralDiscountSchema>;

export const orderIdQuerySchema = z.object({ orderId: recordIdParamSchema });

export const orderListQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  status: z.coerce.number().int().min(0).max(6).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const payBodySchema = z.object({ orderId: recordIdSchema, payMethod: z.enum(payMethods) });

/** The provider's return to `/pay_result?orderId=…&token=…`: `token` is the provider's order id. */
export const callbackBodySchema = z.object({ orderId: recordIdSchema, token: z.string().trim().min(1).max(100) });

const money = {
  currency: z.enum(currencies),
  symbol: z.string(),
};

export const orderLineSchema = z.object({
  goodsSpecificationId: z.number().int(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  specificationName: z.string(),
  picture: z.string().nullable(),
  /** Minor units, as bought. */
  unitPrice: z.number().int(),
  goodsQuantity: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** What polling and the result page need. */
export const orderStatusInfoSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** `recharge` buys energy points; `gift` is a friend's free order from a gift coupon. */
  kind: z.enum(['goods', 'recharge', 'gift']),
  status: orderStatusSchema,
  ...money,
  payAmount: z.number().int(),
  /** An order still awaiting payment closes at this time. */
  expireTime: time,
  paymentNumber: z.string().nullable(),
  /** The energy points a recharge credits once paid; null for other orders. */
  energyPoints: z.number().int().nullable(),
  /** The payment provider wants the customer back on its page before it can take the payment: where. */
  continueUrl: z.string().nullable().optional(),
});
export type OrderStatusInfo = z.infer<typeof orderStatusInfoSchema>;

export const orderSummarySchema = orderStatusInfoSchema.extend({
  goodsTotal: z.number().int(),
  discountAmount: z.number().int(),
  ...chargesShape,
  /** How the order ships, in the reader's language; null for orders that ship nothing or shipped free before zones. */
  shippingMethod: z.object({ name: z.string(), deliveryTime: z.string() }).nullable(),
  createTime: time,
  lines: z.array(orderLineSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderPageSchema = z.object({
  list: z.array(orderSummarySchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderEventSchema = z.object({ time, text: z.string() });

export const orderDetailsSchema = orderSummarySchema.extend({
  discountCode: z.string().nullable(),
  /** Coupons applied to the order: always empty until gift coupons exist. */
  coupons: z.array(z.unknown()),
  payMethod: z.string(),
  email: z.string(),
  payTime: time.nullable(),
  completeTime: time.nullable(),
  cancelTime: time.nullable(),
  refundTime: time.nullable(),
  delivery: z.object({
    /** Null for orders that ship nothing (recharges). */
    address: addressSchema.omit({ addressId: true, isDefault: true }).nullable(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    shipTime: time.nullable(),
    signTime: time.nullable(),
    /** Logistics events, oldest first. */
    events: z.array(orderEventSchema),
  }),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

/** The answer to `pay/payment`: where to send the customer, or `paid` when nothing is left to approve. */
export const paymentStartSchema = z.object({
  orderId: z.number().int(),
  payMethod: z.enum(payMethods),
  /** Hand this to PayPal's card fields (`createOrder`) when `approveUrl` is null. */
  providerOrderId: z.string().nullable(),
  /** Redirect the customer here to approve the payment. */
  approveUrl: z.string().nullable(),
  paid: z.boolean(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const payMethodOptionSchema = z.object({
  payMethod: z.enum(payMethods),
  name: z.string(),
  /** False when the method cannot charge in the order's currency with this shop's payment account; `note` says why. */
  available: z.boolean(),
  /** A line under the name: why the method is unavailable, or that the test provider moves no money; null when nothing needs saying. */
  note: z.string().nullable(),
  /** The provider's public client id for its in-page SDK (PayPal's card fields); null when the page needs none. */
  clientId: z.string().nullable(),
  /** Where the page loads that SDK from (PAYPAL_SDK_URL); null when the page needs none. */
  sdkUrl: z.string().nullable(),
});
export type PayMethodOption = z.infer<typeof payMethodOptionSchema>;
