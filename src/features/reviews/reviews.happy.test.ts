// Over 300 lines: the review cases share one shop and its delivered orders.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { unpublishedChanges } from '@/features/backoffice/publish/publishing';
import type { CommentPage, ProductDetails, ProductPage } from '@/features/catalogue/catalogue.schema';
import { completeOrder, markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import { auditLog } from '@/server/db/schema';
import { sentMail } from '../../../tests/support/mail';
import { aCustomer, aLine, anOrder, aShop } from '../../../tests/support/fixtures';
import { anOperator } from '../../../tests/support/operators';
import type { ModerationPage, OrderReviews, OwnReview } from './reviews.schema';
import { sendReviewRequests } from './review-request';

/* A customer reviews what she received; an editor approves it; the storefront counts approved reviews only. */

const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const editor = await anOperator(shop, 'editor');
const asEditor = { headers: await editor.freshSession() };
const DAY_MS = 86_400_000;

/** A customer whose order of the rose robe (size S) was delivered and signed for. */
async function aBuyer(fields: Record<string, string> = {}, language = 'EN') {
  const customer = await aCustomer(shop, { firstName: 'Mei', lastName: 'Lin', ...fields }, { language });
  const order = await anOrder(shop, customer, [aLine(shop, 'robe-s')], { paid: true, language });
  await shipOrder(shop.operator, order.orderNo, { carrier: 'DHL', trackingNumber: 'R1' });
  await markSignedFor(shop.db, order.orderNo);
  return { customer, order };
}

const robeId = async () =>
  (await shop.get<ProductPage>('/goods/queryProductList?pageSize=48')).body.data.list.find(
    (product) => product.slug === 'silk-robe',
  )!.goodsId;
const comments = async (goodsId: number, language = 'EN') =>
  (await shop.get<CommentPage>(`/goods/comment/getProductCommentList?goodsId=${goodsId}&pageSize=20`, { language }))
    .body.data;
const details = async (goodsId: number) =>
  (await shop.get<ProductDetails>(`/goods/getProductDetails?goodsId=${goodsId}`)).body.data;
const review = (fields: Record<string, unknown> = {}) => ({
  rating: 4,
  content: 'Soft silk, true to size and arrived in a plain box.',
  ...fields,
});

describe('writing a review', () => {
  it('lets a customer review a size she received, shown as she chose, waiting for moderation and not on the storefront', async () => {
    const { customer, order } = await aBuyer();
    const form = (
      await shop.get<OrderReviews>(`/reviews/order?orderId=${order.orderId}`, { headers: customer.headers })
    ).body.data;
    expect(form).toMatchObject({
      orderId: order.orderId,
      reviewable: true,
      items: [{ goodsSpecificationId: shop.ids['robe-s'], review: null }],
    });

    const written = await shop.post<OwnReview>(
      '/reviews/write',
      {
        orderId: order.orderId,
        goodsSpecificationId: shop.ids['robe-s'],
        ...review({ title: ' Lovely ', shownAs: 'initials' }),
      },
      { headers: customer.headers, language: 'ZH' },
    );
    expect(written.body.code).toBe(1);
    expect(written.body.data).toMatchObject({
      state: 'pending',
      authorName: 'M. L.',
      title: 'Lovely',
      language: 'ZH',
      shownAs: 'initials',
    });
    const goodsId = written.body.data.goodsId;
    expect((await comments(goodsId)).list.map((comment) => comment.commentId)).not.toContain(
      written.body.data.commentId,
    );
    expect((await shop.get<OwnReview[]>('/reviews/mine', { headers: customer.headers })).body.data).toEqual([
      written.body.data,
    ]);
  });

  it('names the reviewer by first name and initial by default, or not at all, never by surname or email', async () => {
    const { customer, order } = await aBuyer({ firstName: 'Aisyah', lastName: 'Rahman' });
    const written = await shop.post<OwnReview>(
      '/reviews/write',
      { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], ...review() },
      { headers: customer.headers },
    );
    expect(written.body.data.authorName).toBe('Aisyah R.');
    const edited = await shop.post<OwnReview>(
      '/reviews/edit',
      { commentId: written.body.data.commentId, ...review({ shownAs: 'verified-only' }) },
      { headers: customer.headers },
    );
    expect(edited.body.data.authorName).toBe('');
    expect(JSON.stringify(edited.body.data)).not.toMatch(/Rahman|@/);
  });
});

describe('moderation and the storefront', () => {
  it("shows an approved review as a verified buyer's, moves the rating and count, lists the decision among the changes waiting for a publish, and audits ids only", async () => {
    const goodsId = await robeId();
    const before = await details(goodsId);
    const { customer, order } = await aBuyer();
    const written = (
      await shop.post<OwnReview>(
        '/reviews/write',
        { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], ...review({ rating: 5 }) },
        { headers: customer.headers },
      )
    ).body.data;

    const queue = (await shop.get<ModerationPage>(`/admin/reviews?goodsId=${goodsId}`, asEditor)).body.data;
    expect(queue.list.map((entry) => entry.commentId)).toContain(written.commentId);
    expect(JSON.stringify(queue)).not.toContain(customer.email);

    expect((await shop.post('/admin/reviews/approve', { commentId: written.commentId }, asEditor)).body.code).toBe(1);
    const shown = (await comments(goodsId)).list.find((comment) => comment.commentId === written.commentId);
    expect(shown).toMatchObject({ verified: true, authorName: 'Mei L.', rating: 5 });
    const after = await details(goodsId);
    expect(after.commentCount).toBe(before.commentCount + 1);
    expect(after.rating).not.toBe(before.rating);

    const [entry] = await shop.db.select().from(auditLog).where(eq(auditLog.action, 'reviews.approve'));
    expect(entry).toMatchObject({ actor: editor.email, subject: `review ${written.commentId} of product ${goodsId}` });
    expect(JSON.stringify(entry)).not.toMatch(/Soft silk|Mei/);
    expect((await unpublishedChanges(shop.db)).map((change) => change.action)).toContain('reviews.approve');
    // Approving twice changes nothing.
    expect((await shop.post('/admin/reviews/approve', { commentId: written.commentId }, asEditor)).body.code).toBe(
      -225,
    );
  });

  it('keeps a rejected review off the storefront and visible to its author, with the reason in the audit log only', async () => {
    const goodsId = await robeId();
    const { customer, order } = await aBuyer();
    const written = (
      await shop.post<OwnReview>(
        '/reviews/write',
        { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], ...review({ rating: 1 }) },
        { headers: customer.headers },
      )
    ).body.data;
    const before = await details(goodsId);
    expect(
      (await shop.post('/admin/reviews/reject', { commentId: written.commentId, reason: 'off-topic' }, asEditor)).body
        .code,
    ).toBe(1);

    expect((await comments(goodsId)).list.map((comment) => comment.commentId)).not.toContain(written.commentId);
    expect((await details(goodsId)).commentCount).toBe(before.commentCount);
    expect((await shop.get<OwnReview[]>('/reviews/mine', { headers: customer.headers })).body.data[0]).toMatchObject({
      commentId: written.commentId,
      state: 'rejected',
    });
    const rejected = (await shop.get<ModerationPage>('/admin/reviews?state=rejected&rating=1&q=silk%20ROBE', asEditor))
      .body.data.list;
    expect(rejected.map((entry) => entry.commentId)).toContain(written.commentId);
    expect(
      (await shop.get<ModerationPage>('/admin/reviews?state=rejected&q=massage', asEditor)).body.data.list,
    ).toEqual([]);
    const [entry] = await shop.db.select().from(auditLog).where(eq(auditLog.action, 'reviews.reject'));
    expect(entry?.after).toEqual({ state: 'rejected', reason: 'off-topic' });
  });

  it('sends an edited review back to moderation, off the storefront until approved again; a withdrawn one is gone', async () => {
    const goodsId = await robeId();
    const { customer, order } = await aBuyer();
    const written = (
      await shop.post<OwnReview>(
        '/reviews/write',
        { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], ...review() },
        { headers: customer.headers },
      )
    ).body.data;
    await shop.post('/admin/reviews/approve', { commentId: written.commentId }, asEditor);
    const edited = await shop.post<OwnReview>(
      '/reviews/edit',
      {
        commentId: written.commentId,
        ...review({ rating: 2, content: 'The seam came loose after a week of wearing it.' }),
      },
      { headers: customer.headers },
    );
    expect(edited.body.data).toMatchObject({ state: 'pending', rating: 2 });
    expect(edited.body.data.editTime).not.toBeNull();
    expect((await comments(goodsId)).list.map((comment) => comment.commentId)).not.toContain(written.commentId);

    expect(
      (await shop.post('/reviews/withdraw', { commentId: written.commentId }, { headers: customer.headers })).body.code,
    ).toBe(1);
    expect((await shop.get<OwnReview[]>('/reviews/mine', { headers: customer.headers })).body.data).toEqual([]);
    expect(
      (await shop.get<OrderReviews>(`/reviews/order?orderId=${order.orderId}`, { headers: customer.headers })).body.data
        .items[0]!.review,
    ).toBeNull();
  });

  it('lists the page language first', async () => {
    const goodsId = await robeId();
    const { customer: english, order: first } = await aBuyer();
    const { customer: chinese, order: second } = await aBuyer({}, 'ZH');
    const en = (
      await shop.post<OwnReview>(
        '/reviews/write',
        { orderId: first.orderId, goodsSpecificationId: shop.ids['robe-s'], ...review() },
        { headers: english.headers, language: 'EN' },
      )
    ).body.data;
    const zh = (
      await shop.post<OwnReview>(
        '/reviews/write',
        {
          orderId: second.orderId,
          goodsSpecificationId: shop.ids['robe-s'],
          ...review({ content: '丝绸很柔软，尺码合适，包装也很低调，非常满意这次购物。' }),
        },
        { headers: chinese.headers, language: 'ZH' },
      )
    ).body.data;
    for (const { commentId } of [en, zh]) await shop.post('/admin/reviews/approve', { commentId }, asEditor);
    expect((await comments(goodsId, 'ZH')).list[0]!.commentId).toBe(zh.commentId);
    expect((await comments(goodsId, 'EN')).list[0]!.commentId).toBe(en.commentId);
  });
});

describe('the "Best rated" sort', () => {
  it('ranks by approved reviews only: a waiting five-star review moves nothing until an editor approves it', async () => {
    const buyer = await aCustomer(shop);
    const order = await anOrder(shop, buyer, [aLine(shop, 'oil-usd-only')], { paid: true, currency: 'USD' });
    await shipOrder(shop.operator, order.orderNo, { carrier: 'DHL', trackingNumber: 'R2' });
    await markSignedFor(shop.db, order.orderNo);
    const written = (
      await shop.post<OwnReview>(
        '/reviews/write',
        { orderId: order.orderId, goodsSpecificationId: shop.ids['oil-usd-only'], ...review({ rating: 5 }) },
        { headers: buyer.headers },
      )
    ).body.data;
    const bestRated = async () =>
      (await shop.get<ProductPage>('/goods/queryProductList?sort=rating&pageSize=48', { currency: 'USD' })).body.data
        .list;

    const waiting = await bestRated();
    expect(waiting.find((product) => product.slug === 'massage-oil')?.rating).toBeNull();
    expect(waiting[0]!.slug).toBe('silk-robe');
    await shop.post('/admin/reviews/approve', { commentId: written.commentId }, asEditor);
    const approved = await bestRated();
    expect(approved[0]).toMatchObject({ slug: 'massage-oil', rating: 5 });
  });
});

describe('privacy', () => {
  it('puts the reviews in the data export and keeps them, unnamed, after an erasure', async () => {
    const { customer, order } = await aBuyer({ firstName: 'Siti', lastName: 'Aminah' });
    await completeOrder(shop.db, shop.config.referenceRates, order.orderNo);
    const written = (
      await shop.post<OwnReview>(
        '/reviews/write',
        { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], ...review() },
        { headers: customer.headers },
      )
    ).body.data;
    await shop.post('/admin/reviews/approve', { commentId: written.commentId }, asEditor);

    const data = (await shop.get('/privacy/exportMyData', { headers: customer.headers })).body as unknown as {
      reviews: { content: string; orderNo: string; state: string; authorName: string }[];
    };
    expect(data.reviews).toEqual([
      expect.objectContaining({
        content: written.content,
        orderNo: order.orderNo,
        state: 'approved',
        authorName: 'Siti A.',
      }),
    ]);

    expect(
      (
        await shop.post(
          '/privacy/deleteAccount',
          { password: encodePassword(customer.password) },
          { headers: customer.headers },
        )
      ).body.code,
    ).toBe(1);
    const shown = (await comments(written.goodsId)).list.find((comment) => comment.commentId === written.commentId);
    expect(shown).toMatchObject({ authorName: '', verified: true, content: written.content });
  });
});

describe('the review request mail', () => {
  it('goes once, a few days after completion, only to a customer who agreed, naming no product unless she chose item names', async () => {
    const { customer: agreed, order: asked } = await aBuyer({ firstName: 'Nur' });
    const { customer: silent, order: notAsked } = await aBuyer({ firstName: 'Lee' });
    const { customer: named, order: namedOrder } = await aBuyer({ firstName: 'Ida' });
    expect(
      (
        await shop.call('PUT', '/privacy/updateMailPreference', {
          body: { showItemNamesInMail: false, reviewRequestMail: true },
          headers: agreed.headers,
        })
      ).body.data,
    ).toEqual({ showItemNamesInMail: false, reviewRequestMail: true });
    await shop.call('PUT', '/privacy/updateMailPreference', {
      body: { showItemNamesInMail: true, reviewRequestMail: true },
      headers: named.headers,
    });
    const now = new Date();
    for (const order of [asked, notAsked, namedOrder])
      await completeOrder(shop.db, shop.config.referenceRates, order.orderNo, new Date(now.getTime() - 4 * DAY_MS));

    const deps = { db: shop.db, config: shop.config };
    await sendReviewRequests(deps, now);
    await sendReviewRequests(deps, now);
    const mails = await sentMail(shop);
    const to = (email: string) =>
      mails.filter((mail) => JSON.stringify(mail.to).includes(email) && mail.subject?.startsWith('How was your order'));
    expect(to(silent.email)).toHaveLength(0);
    const [mail] = to(agreed.email);
    expect(to(agreed.email)).toHaveLength(1);
    expect(mail!.text).toContain(
      `/sign?link=${encodeURIComponent(`/my/order/details?orderId=${asked.orderId}#reviews`)}`,
    );
    expect(`${mail!.subject} ${mail!.text}`).not.toMatch(/Robe|Rose/i);
    expect(to(named.email)[0]!.text).toContain('Silk robe (S · Rose)');
  });
});
