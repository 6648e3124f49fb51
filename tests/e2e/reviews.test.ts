import { eq } from 'drizzle-orm';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import type { ProductDetails } from '@/features/catalogue/catalogue.schema';
import { completeOrder, markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import { uiDictionaries } from '@/lib/i18n/ui';
import { orderLines, orders } from '@/server/db/schema';
import { axeViolations } from './support/axe';
import { operatorSignedIn } from './support/back-office';
import { aStorefront, untranslatedKeys } from './support/shop';
import { addToCart, goToCheckout, password, placeOrderAsNewCustomer } from './support/storefront';

/*
 * Reviews from verified buyers, end to end: a customer whose order is completed reviews it in Chinese,
 * shown by her initials only; an editor approves it and rejects another; after a publish the Chinese
 * details page shows the approved one as a verified buyer's, with the rating and count moved, and the
 * rejected one nowhere.
 */

const shop = await aStorefront({}, { ownSite: true });
const zh = uiDictionaries.ZH;
const CHINESE_REVIEW = '缎面顺滑，尺码合适，包裹低调无标识，非常满意这次购物体验。';
const REJECTED_REVIEW = 'Call me on my mobile for a discount code, best shop ever!!!';

/** A customer's order of the Satin Slip Dress, paid through the shop and then delivered, signed for and completed. */
async function completedOrder(customer: Page, email: string) {
  await addToCart(customer, 'lingerie', /Satin Slip Dress/);
  await goToCheckout(customer);
  await placeOrderAsNewCustomer(customer, email);
  await customer.getByRole('button', { name: 'Approve payment' }).click();
  await customer.waitForURL(/\/pay_result\?orderId=/);
  await customer.getByRole('heading', { name: 'Thank you! Your payment went through.' }).waitFor();
  const orderId = Number(new URL(customer.url()).searchParams.get('orderId'));
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
  await shipOrder(shop.operator, order!.orderNo, { carrier: 'DHL', trackingNumber: 'RV100' });
  await markSignedFor(shop.db, order!.orderNo);
  await completeOrder(shop.db, shop.config.referenceRates, order!.orderNo);
  const [line] = await shop.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return { orderId, goodsId: line!.goodsId, goodsSpecificationId: line!.specificationId };
}

const inChinese = (page: Page) => page.context().addCookies([{ name: 'site', value: 'ZH-CNY', url: shop.url }]);

describe('reviews from verified buyers', () => {
  it('goes from a completed order to the Chinese details page through moderation and a publish; a rejected review never shows', async () => {
    const customer = await shop.newPage();
    const bought = await completedOrder(customer, 'verified.reviewer@example.com');
    const before = (await (
      await customer.request.get(`/api/v1/goods/getProductDetails?goodsId=${bought.goodsId}`, {
        headers: { Language: 'ZH' },
      })
    ).json()) as { data: ProductDetails };

    // In Chinese, from "My orders": the completed order offers a review of each size in it.
    await inChinese(customer);
    await customer.goto('/my/order');
    await customer.getByRole('link', { name: zh['orders.writeReview'] }).first().click();
    await customer.waitForURL(/\/my\/order\/details\?orderId=\d+#reviews/);
    const reviews = customer.getByRole('region', { name: zh['review.title'] });
    await reviews.getByRole('button', { name: zh['review.write'] }).click();
    // Sending without a rating or enough text is refused beside the fields.
    await reviews.getByRole('button', { name: zh['review.submit'] }).click();
    await reviews.getByText(zh['review.rating_err']).waitFor();
    await reviews.getByLabel('4 星（满分 5 星）').check();
    await reviews.getByLabel(zh['review.headline']).fill('很满意');
    await reviews.getByLabel(zh['review.content']).fill(CHINESE_REVIEW);
    await reviews.getByLabel('仅姓名首字母：J. K.').check();
    await expect(axeViolations(customer)).resolves.toEqual([]);
    await reviews.getByRole('button', { name: zh['review.submit'] }).click();
    await expect(reviews.getByTestId('review-state').textContent()).resolves.toBe(zh['review.state.pending']);
    await expect(untranslatedKeys(customer)).resolves.toEqual([]);

    // A second buyer's review, which the editor will reject.
    const other = await shop.newPage();
    const otherOrder = await completedOrder(other, 'other.reviewer@example.com');
    const written = await other.request.post('/api/v1/reviews/write', {
      data: {
        orderId: otherOrder.orderId,
        goodsSpecificationId: otherOrder.goodsSpecificationId,
        rating: 1,
        content: REJECTED_REVIEW,
      },
    });
    expect(((await written.json()) as { code: number }).code).toBe(1);

    // The editor approves the Chinese review and rejects the other in the back office.
    const editor = await operatorSignedIn(shop, 'editor');
    await editor.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Reviews' }).click();
    const queue = editor.getByRole('region', { name: 'Reviews' });
    const approved = queue.getByRole('listitem').filter({ hasText: CHINESE_REVIEW });
    await expect(approved.textContent()).resolves.toContain('J. K.');
    await expect(axeViolations(editor)).resolves.toEqual([]);
    await approved.getByRole('button', { name: 'Approve' }).click();
    await editor.getByText(/Review \d+ approved/).waitFor();
    // A decided review leaves the queue with the notice, not a moment later when the queue is read again.
    await expect(approved.count()).resolves.toBe(0);
    const rejected = queue.getByRole('listitem').filter({ hasText: REJECTED_REVIEW });
    await rejected.getByLabel('Reason (audit log only)').selectOption('personal-details');
    await rejected.getByRole('button', { name: 'Reject' }).click();
    await editor.getByText(/Review \d+ rejected/).waitFor();
    await expect(queue.getByRole('listitem').count()).resolves.toBe(0);

    // The customer sees her review's state; the decision waits for the next publish, which the editor runs.
    await customer.reload();
    await expect(reviews.getByTestId('review-state').textContent()).resolves.toBe(zh['review.state.approved']);
    // The review request mail's link, opened signed out: the sign-in page goes on to the order's reviews.
    const returning = await shop.newPage();
    await returning.goto(`/sign?link=${encodeURIComponent(`/my/order/details?orderId=${bought.orderId}#reviews`)}`);
    const signPage = returning.locator('.sign-page');
    await signPage.getByLabel('Email').fill('verified.reviewer@example.com');
    await signPage.getByLabel('Password').fill(password);
    await signPage.getByRole('button', { name: 'Sign in' }).click();
    await returning.waitForURL(/\/my\/order\/details\?orderId=\d+#reviews$/);
    await expect(
      returning.getByRole('region', { name: 'Your reviews' }).getByTestId('review-state').textContent(),
    ).resolves.toBe('Published');
    await editor.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Publish' }).click();
    const waiting = editor.getByRole('table', { name: 'Changes not on the pages yet' });
    await waiting.getByRole('row').filter({ hasText: 'Review approved' }).waitFor();
    await editor.getByRole('region', { name: 'Publish' }).getByRole('button', { name: 'Publish' }).click();
    await editor.getByText(/^Published \d+ pages/).waitFor({ timeout: 240_000 });

    // The prebuilt Chinese page, as served before any script runs: the review, "Verified buyer", the new count and rating.
    const shopper = await shop.newPage();
    await inChinese(shopper);
    const html = await (await shopper.request.get(`/productsList/details?id=${bought.goodsId}`)).text();
    expect(html).toContain(CHINESE_REVIEW);
    expect(html).toContain(zh['product.verifiedBuyer']);
    expect(html).not.toContain(REJECTED_REVIEW);
    const after = (await (
      await shopper.request.get(`/api/v1/goods/getProductDetails?goodsId=${bought.goodsId}`, {
        headers: { Language: 'ZH' },
      })
    ).json()) as { data: ProductDetails };
    expect(after.data.commentCount).toBe(before.data.commentCount + 1);
    expect(html).toContain(zh['product.reviewCount'].replace('{count}', String(after.data.commentCount)));
    expect(html).toContain(zh['product.rating'].replace('{rating}', String(after.data.rating)));
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
      aggregateRating: { reviewCount: number };
      review: { reviewBody: string; author: { name: string } }[];
    };
    expect(jsonLd.aggregateRating.reviewCount).toBe(after.data.commentCount);
    expect(jsonLd.review).toEqual([
      expect.objectContaining({ reviewBody: CHINESE_REVIEW, author: { '@type': 'Person', name: 'J. K.' } }),
    ]);

    // In the browser, after the list is read live: the review in the page's language, marked, and the rejected one nowhere.
    await shopper.goto(`/productsList/details?id=${bought.goodsId}`);
    const section = shopper.getByRole('region', { name: zh['product.reviews'] });
    await section.scrollIntoViewIfNeeded();
    const item = section.getByRole('listitem').filter({ hasText: CHINESE_REVIEW });
    await expect(item.textContent()).resolves.toContain(`J. K. · ✓ ${zh['product.verifiedBuyer']}`);
    await shopper.waitForLoadState('networkidle');
    await expect(section.textContent()).resolves.not.toContain(REJECTED_REVIEW);
    await expect(untranslatedKeys(shopper)).resolves.toEqual([]);
  }, 420_000);
});
