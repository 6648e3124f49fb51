import { z } from 'zod';
import { languages } from '@/lib/locale';
import { recordIdParamSchema, recordIdSchema } from '@/lib/record-id';
import {
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
  rejectionReasons,
  reviewerNamings,
  reviewStates,
} from './reviews';

/* The contract of /api/v1/reviews (the customer's own reviews) and /api/v1/admin/reviews (moderation). */

const rating = z.number().int().min(1).max(5);
const title = z.string().trim().max(REVIEW_TITLE_MAX);
const content = z.string().trim().min(REVIEW_TEXT_MIN).max(REVIEW_TEXT_MAX);

/** What the customer writes; the review's language is the request's (`Language` header). */
const reviewFields = {
  rating,
  /** Optional; an empty title is none. */
  title: title.optional(),
  content,
  shownAs: z.enum(reviewerNamings).default('first-name-initial'),
};

export const writeReviewBodySchema = z.object({
  orderId: recordIdSchema,
  goodsSpecificationId: recordIdSchema,
  ...reviewFields,
});
export type WriteReviewBody = z.infer<typeof writeReviewBodySchema>;

export const editReviewBodySchema = z.object({ commentId: recordIdSchema, ...reviewFields });
export type EditReviewBody = z.infer<typeof editReviewBodySchema>;

export const reviewIdBodySchema = z.object({ commentId: recordIdSchema });

/** A review as its author sees it: with its state (a rejected one stays visible to her). */
export const ownReviewSchema = z.object({
  commentId: z.number().int(),
  goodsId: z.number().int(),
  goodsSpecificationId: z.number().int(),
  orderId: z.number().int(),
  rating: z.number().int(),
  title: z.string().nullable(),
  content: z.string(),
  language: z.enum(languages),
  shownAs: z.enum(reviewerNamings),
  /** The name shown beside it; empty for "Verified buyer" alone. */
  authorName: z.string(),
  state: z.enum(reviewStates),
  createTime: z.string(),
  editTime: z.string().nullable(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** The sizes of one order, each with the customer's review of it (if any). */
export const orderReviewsSchema = z.object({
  orderId: z.number().int(),
  /** True once the order is signed for or completed. */
  reviewable: z.boolean(),
  items: z.array(
    z.object({
      goodsId: z.number().int(),
      goodsSpecificationId: z.number().int(),
      goodsName: z.string(),
      specificationName: z.string(),
      picture: z.string().nullable(),
      review: ownReviewSchema.nullable(),
    }),
  ),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;

export const orderReviewsQuerySchema = z.object({ orderId: recordIdParamSchema });
export const ownReviewListSchema = z.array(ownReviewSchema);

/* ── Moderation ── */

export const moderationQuerySchema = z.object({
  /** Waiting (new and edited) by default. */
  state: z.enum(reviewStates).default('pending'),
  goodsId: recordIdParamSchema.optional(),
  /** A product's name (in any language) or slug, or part of one. */
  q: z.string().trim().max(100).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;

/** A review as the moderator sees it: the text and the name shown, never the customer's email or address. */
export const moderatedReviewSchema = z.object({
  commentId: z.number().int(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  content: z.string(),
  language: z.enum(languages),
  authorName: z.string(),
  verified: z.boolean(),
  state: z.enum(reviewStates),
  createTime: z.string(),
  editTime: z.string().nullable(),
});
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;

export const moderationPageSchema = z.object({
  list: z.array(moderatedReviewSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type ModerationPage = z.infer<typeof moderationPageSchema>;

export const approveReviewBodySchema = reviewIdBodySchema;
export const rejectReviewBodySchema = z.object({ commentId: recordIdSchema, reason: z.enum(rejectionReasons) });
