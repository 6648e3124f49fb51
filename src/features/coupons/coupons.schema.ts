import { z } from 'zod';
import { newAddressBodySchema } from '@/features/delivery/delivery.schema';
import { recordIdParamSchema, recordIdSchema } from '@/lib/record-id';

/* The gift coupon endpoints' contract, shared by the API (which validates with it) and the pages. */

const time = z.string().describe('ISO 8601');
const code = z.string().trim().min(1).max(32);

export const couponStatuses = ['unused', 'activated', 'cancelled', 'expired'] as const;

export const addCouponBodySchema = z.object({ goodsSpecificationId: recordIdSchema });
export const couponCodeQuerySchema = z.object({ code });
export const couponIdQuerySchema = z.object({ couponId: recordIdParamSchema });
export const couponListQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  status: z.enum(couponStatuses).optional(),
});
export type CouponListQuery = z.infer<typeof couponListQuerySchema>;

/** What a coupon gives: one unit of one size. */
export const couponProductSchema = z.object({
  goodsSpecificationId: z.number().int(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  specificationName: z.string(),
  picture: z.string().nullable(),
  goodsQuantity: z.number().int(),
  points: z.number().int(),
});
export type CouponProduct = z.infer<typeof couponProductSchema>;

/** A share record: the code to share, its state, its activation and what the owner may still do. */
export const couponSchema = z.object({
  couponId: z.number().int(),
  code: z.string(),
  status: z.enum(couponStatuses),
  points: z.number().int(),
  product: couponProductSchema,
  createTime: time,
  expireTime: time,
  activateTime: time.nullable(),
  /** The masked email of the friend who activated it. */
  activatedBy: z.string().nullable(),
  cancelTime: time.nullable(),
  /** True while it is unused: the owner may cancel it and get the points back. */
  cancellable: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponPageSchema = z.object({
  list: z.array(couponSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type CouponPage = z.infer<typeof couponPageSchema>;

/** An unused coupon's state for the `/order?code=…` page (used ones answer -228, -229 or -219). */
export const couponStatusSchema = z.object({
  code: z.string(),
  status: z.enum(couponStatuses),
  expireTime: time,
  /** The giver's share code: a friend who registers to receive the gift becomes the giver's referee. */
  giverShareCode: z.string(),
});
export type CouponStatus = z.infer<typeof couponStatusSchema>;

/** The friend's free order: the coupon's code and where to ship (a saved address or one typed now). */
export const receiveOrderBodySchema = z
  .object({ code, addressId: recordIdSchema.optional(), deliveryAddress: newAddressBodySchema.optional() })
  .superRefine((body, context) => {
    if (body.addressId === undefined && body.deliveryAddress === undefined) {
      context.addIssue({ code: 'custom', path: ['deliveryAddress'], message: 'an address or addressId is required' });
    }
  });
export type ReceiveOrderBody = z.infer<typeof receiveOrderBodySchema>;
