import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'htmlparser2';
import { afterAll, expect, it } from 'vitest';
import { pageFileOf } from '@/edge/rewrite';
import { markSignedFor, shipOrder } from '@/features/orders/order-lifecycle';
import type { OwnReview } from '@/features/reviews/reviews.schema';
import { endWarmRenderers } from '@/publish/render-pages';
import { publishingSettled, publishSite } from '@/publish/publish';
import { jsonForScript } from '@/lib/inline-script';
import { aCustomer, aLine, anOrder, aShop } from '../support/fixtures';
import { anOperator } from '../support/operators';

/*
 * A buyer's words reach every visitor of a product page twice: in the page and in its JSON-LD, an
 * inline <script>. Text that closes the script (`</script>`, `<!--`) must stay inside it: the page a
 * publish builds, parsed as a browser parses it, holds no element the review wrote.
 */

const shop = await aShop({ catalogue: 'small', env: { RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_IP: '1000' } });
const root = await mkdtemp(path.join(os.tmpdir(), 'shop-stored-markup-'));
afterAll(async () => {
  await publishingSettled();
  await endWarmRenderers();
  await rm(root, { recursive: true, force: true });
});

const NAME = '</script><img id=injected-name>';
const CONTENT =
  'Lovely silk.</script><meta http-equiv=refresh content="3;url=https://evil.example/" id=injected-refresh>' +
  '<!--<script></script><a id=injected-comment href=//evil.example>more</a> \u2028\u2029 & > done';
const TITLE = '</SCRIPT ><img id=injected-title>';

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[]; data?: string };
const elements = (node: Node): Node[] =>
  (node.children ?? []).flatMap((child) =>
    child.type === 'tag' || child.type === 'script' || child.type === 'style'
      ? [child, ...elements(child)]
      : elements(child),
  );
const text = (node: Node): string => (node.children ?? []).map((child) => child.data ?? text(child)).join('');

it('keeps a review carrying markup inside the JSON-LD script of the published product page', async () => {
  const buyer = await aCustomer(shop, { firstName: NAME, lastName: 'Lin' });
  const order = await anOrder(shop, buyer, [aLine(shop, 'robe-s')], { paid: true });
  await shipOrder(shop.operator, order.orderNo, { carrier: 'DHL', trackingNumber: 'R1' });
  await markSignedFor(shop.db, order.orderNo);
  const written = await shop.post<OwnReview>(
    '/reviews/write',
    { orderId: order.orderId, goodsSpecificationId: shop.ids['robe-s'], rating: 5, title: TITLE, content: CONTENT },
    { headers: buyer.headers },
  );
  expect(written.body.code).toBe(1);
  const editor = await anOperator(shop, 'editor');
  expect(
    (
      await shop.post(
        '/admin/reviews/approve',
        { commentId: written.body.data.commentId },
        { headers: await editor.freshSession() },
      )
    ).body.code,
  ).toBe(1);

  await publishSite({
    db: shop.db,
    storage: shop.storage,
    testMode: true,
    apiOrigin: 'http://127.0.0.1:9',
    publicOrigin: 'http://127.0.0.1:9',
    root,
    quiet: true,
    full: true,
  });
  const goodsId = written.body.data.goodsId;
  const html = await readFile(
    path.join(root, 'current', pageFileOf(`/en-usd/productsList/details/${goodsId}`)),
    'utf8',
  );
  const all = elements(parseDocument(html) as unknown as Node);

  expect(all.filter((element) => element.attribs?.id?.startsWith('injected'))).toEqual([]);
  expect(all.filter((element) => element.name === 'meta' && element.attribs?.['http-equiv'])).toEqual([]);
  const [jsonLd, ...more] = all.filter(
    (element) => element.name === 'script' && element.attribs?.type === 'application/ld+json',
  );
  expect(more).toEqual([]);
  const data = JSON.parse(text(jsonLd!)) as {
    review: { reviewBody: string; name: string; author: { name: string } }[];
  };
  expect(data.review).toEqual([
    expect.objectContaining({ reviewBody: CONTENT, name: TITLE, author: { '@type': 'Person', name: `${NAME} L.` } }),
  ]);
}, 600_000);

it('writes <, >, &, U+2028 and U+2029 as escapes that read back unchanged', () => {
  const value = { text: '</script><!-- & \u2028\u2029' };
  const written = jsonForScript(value);
  expect(written).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(written)).toEqual(value);
});
