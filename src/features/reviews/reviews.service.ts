import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type Actor, recordAudit } from '@/features/audit/audit';
import * as ErrorCode from '@/lib/error-codes';
import type { Language } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import { comments, products, productTexts, orderLines, orders } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { reviewerName, type RejectionReason, type ReviewerNaming, type ReviewState } from './reviews';
import { REVIEWABLE_STATUSES } from '@/lib/order-status';
import type {
  EditReviewBody,
  ModerationPage,
  ModerationQuery,
  OrderReviews,
  OwnReview,
  WriteReviewBody,
} from './reviews.schema';

/*
 * Reviews from verified buyers: the customer writes, edits and withdraws her own; editors approve or
 * reject them. Every write puts the review in the queue; only approved ones reach the storefront.
 */

type Author = { id: number; firstName: string; lastName: string };
type CommentRow = typeof comments.$inferSelect;

/* The schema keeps a review's state and naming as text; what writes them takes its values from reviewStates and reviewerNamings. */
const stateOf = (row: CommentRow) => row.state as ReviewState;

const ownView = (row: CommentRow): OwnReview => ({
  commentId: row.id,
  goodsId: row.goodsId,
  goodsSpecificationId: row.specificationId ?? 0,
  orderId: row.orderId ?? 0,
  rating: row.rating,
  title: row.title,
  content: row.content,
  language: row.language,
  shownAs: (row.shownAs ?? 'verified-only') as ReviewerNaming,
  authorName: row.authorName,
  state: stateOf(row),
  createTime: row.createdAt.toISOString(),
  editTime: row.editedAt?.toISOString() ?? null,
});

const ownedBy = (userId: number) => eq(comments.customerId, userId);

/** Every review the customer wrote, newest first (the account's list and the data export). */
export async function listOwnReviews(db: Executor, userId: number): Promise<OwnReview[]> {
  const rows = await db
    .select()
    .from(comments)
    .where(ownedBy(userId))
    .orderBy(desc(comments.createdAt), desc(comments.id));
  return rows.map(ownView);
}

/** The sizes of one of the customer's orders, each with her review of it; -218 for an order not hers. */
export async function getOrderReviews(db: Executor, userId: number, orderId: number): Promise<OrderReviews> {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new ShopError(ErrorCode.IllegalRequest, { field: 'orderId' });
  const lines = await db
    .selectDistinctOn([orderLines.specificationId], {
      goodsId: orderLines.goodsId,
      goodsSpecificationId: orderLines.specificationId,
      goodsName: orderLines.goodsName,
      specificationName: orderLines.specificationName,
      picture: orderLines.picture,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.specificationId));
  const reviews = lines.length
    ? await db
        .select()
        .from(comments)
        .where(
          and(
            ownedBy(userId),
            inArray(
              comments.specificationId,
              lines.map((line) => line.goodsSpecificationId),
            ),
          ),
        )
    : [];
  const bySize = new Map(reviews.map((row) => [row.specificationId, ownView(row)]));
  return {
    orderId,
    reviewable: REVIEWABLE_STATUSES.includes(order.status),
    items: lines.map((line) => ({ ...line, review: bySize.get(line.goodsSpecificationId) ?? null })),
  };
}

/**
 * A new review of a size the customer bought in a signed-for or completed order: -250 when the order
 * is not hers, not yet received, or holds no such size; -251 when she reviewed the size already.
 */
export async function writeReview(
  db: Executor,
  author: Author,
  language: Language,
  body: WriteReviewBody,
): Promise<OwnReview> {
  const [line] = await db
    .select({ goodsId: orderLines.goodsId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.id, body.orderId),
        eq(orders.userId, author.id),
        inArray(orders.status, [...REVIEWABLE_STATUSES]),
        eq(orderLines.specificationId, body.goodsSpecificationId),
      ),
    )
    .limit(1);
  if (!line) throw new ShopError(ErrorCode.ReviewNotAllowed);
  const [row] = await db
    .insert(comments)
    .values({
      goodsId: line.goodsId,
      customerId: author.id,
      orderId: body.orderId,
      specificationId: body.goodsSpecificationId,
      ...writtenFields(author, language, body),
      state: 'pending',
      verified: true,
    })
    .onConflictDoNothing({ target: [comments.customerId, comments.specificationId] })
    .returning();
  if (!row) throw new ShopError(ErrorCode.AlreadyReviewed);
  return ownView(row);
}

/** The customer's change to her review: it goes back to the queue; -218 for a review not hers. */
export async function editReview(
  db: Executor,
  author: Author,
  language: Language,
  body: EditReviewBody,
): Promise<OwnReview> {
  const [row] = await db
    .update(comments)
    .set({ ...writtenFields(author, language, body), state: 'pending', editedAt: new Date() })
    .where(and(eq(comments.id, body.commentId), ownedBy(author.id)))
    .returning();
  if (!row) throw new ShopError(ErrorCode.IllegalRequest, { field: 'commentId' });
  return ownView(row);
}

/** The customer takes her review back: it is deleted, from the storefront too. */
export async function withdrawReview(db: Executor, userId: number, commentId: number): Promise<void> {
  const deleted = await db
    .delete(comments)
    .where(and(eq(comments.id, commentId), ownedBy(userId)))
    .returning({ id: comments.id });
  if (deleted.length === 0) throw new ShopError(ErrorCode.IllegalRequest, { field: 'commentId' });
}

function writtenFields(
  author: Author,
  language: Language,
  body: Pick<WriteReviewBody, 'rating' | 'title' | 'content' | 'shownAs'>,
) {
  return {
    rating: body.rating,
    title: body.title?.trim() || null,
    content: body.content.trim(),
    language,
    shownAs: body.shownAs,
    authorName: reviewerName(body.shownAs, author.firstName, author.lastName),
  };
}

/* ── Moderation ─────────────────────────────────────────────────────────────────────────────── */

/** The queue (or any state), filtered by product and rating, oldest waiting first; names the product in the operator's language. */
export async function listForModeration(
  db: Executor,
  language: Language,
  query: ModerationQuery,
): Promise<ModerationPage> {
  const filters: SQL[] = [eq(comments.state, query.state)];
  if (query.goodsId) filters.push(eq(comments.goodsId, query.goodsId));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const named = db.select({ id: productTexts.goodsId }).from(productTexts).where(ilike(productTexts.name, pattern));
    const slugged = db.select({ id: products.id }).from(products).where(ilike(products.slug, pattern));
    filters.push(or(inArray(comments.goodsId, named), inArray(comments.goodsId, slugged))!);
  }
  if (query.rating) filters.push(eq(comments.rating, query.rating));
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(comments).where(where);
  const rows = await db
    .select({ comment: comments, goodsName: productTexts.name })
    .from(comments)
    .leftJoin(productTexts, and(eq(productTexts.goodsId, comments.goodsId), eq(productTexts.language, language)))
    .where(where)
    .orderBy(
      query.state === 'pending' ? asc(sql`coalesce(${comments.editedAt}, ${comments.createdAt})`) : desc(comments.id),
      asc(comments.id),
    )
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  return {
    list: rows.map(({ comment, goodsName }) => ({
      commentId: comment.id,
      goodsId: comment.goodsId,
      goodsName: goodsName ?? `#${comment.goodsId}`,
      rating: comment.rating,
      title: comment.title,
      content: comment.content,
      language: comment.language,
      authorName: comment.authorName,
      verified: comment.verified,
      state: stateOf(comment),
      createTime: comment.createdAt.toISOString(),
      editTime: comment.editedAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/**
 * An editor's decision. The audit log keeps the review's id, its product and the reason code: never
 * its text or the reviewer's name. Approving an approved review (or rejecting a rejected one) is -225.
 */
export async function moderateReview(
  db: Executor,
  actor: Actor,
  commentId: number,
  decision: { state: 'approved' } | { state: 'rejected'; reason: RejectionReason },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: comments.state, goodsId: comments.goodsId })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update');
    if (!before) throw new ShopError(ErrorCode.IllegalRequest, { field: 'commentId' });
    if (before.state === decision.state) throw new ShopError(ErrorCode.DataUnchanged);
    await tx.update(comments).set({ state: decision.state }).where(eq(comments.id, commentId));
    await recordAudit(tx, actor, {
      action: decision.state === 'approved' ? 'reviews.approve' : 'reviews.reject',
      subject: `review ${commentId} of product ${before.goodsId}`,
      before: { state: before.state },
      after: decision.state === 'approved' ? { state: 'approved' } : { state: 'rejected', reason: decision.reason },
    });
  });
}

/* ── Erasure ────────────────────────────────────────────────────────────────────────────────── */

/** On account erasure her reviews stay, shown as "Verified buyer" with no name (docs/decisions/062). */
export async function anonymiseReviews(db: Executor, userId: number): Promise<void> {
  await db.update(comments).set({ authorName: '', shownAs: 'verified-only' }).where(ownedBy(userId));
}
