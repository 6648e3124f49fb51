import { and, eq, gt } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, type Currency, type Language } from '@/lib/locale';
import { formatMoney } from '@/lib/money';
import { products, productTexts, productSizePrices, productSizes, productSizeTexts } from '@/server/db/schema';
import { createTestApi, type TestApi } from '../../../tests/support/api';
import { signUp, type Customer } from '../../../tests/support/customers';
import { sentMail } from '../../../tests/support/mail';
import { payWithTestGateway, placeOrder } from '../../../tests/support/orders';
import { orderCommands } from '../orders/orders.commands';

/*
 * Mails about goods name no product by default, in any language: not in the subject, the text or the
 * HTML. A customer who opts in on the account page gets the names. Orders go through checkout,
 * payment and shipping as a customer and the operator drive them, with the demo catalogue.
 */

const currencyOf: Record<Language, Currency> = { EN: 'USD', ZH: 'CNY', MS: 'MYR' };

let shop: TestApi;
/** Two sizes of two products sold in every currency, and every name they have in any language. */
let items: { goodsSpecificationId: number; goodsQuantity: number }[];
let names: string[];

beforeAll(async () => {
  shop = await createTestApi({ env: { MAIL_FROM: 'Orders <orders@shop.example>' } });
  const candidates = await shop.db
    .select({ specificationId: productSizes.id, goodsId: productSizes.goodsId, currency: productSizePrices.currency })
    .from(productSizes)
    .innerJoin(products, and(eq(products.id, productSizes.goodsId), eq(products.onSale, true)))
    .innerJoin(productSizePrices, eq(productSizePrices.specificationId, productSizes.id))
    .where(gt(productSizes.stock, 10));
  const everyCurrency = [...new Set(candidates.map((row) => row.specificationId))].filter(
    (id) => candidates.filter((row) => row.specificationId === id).length === 3,
  );
  const picked: { specificationId: number; goodsId: number }[] = [];
  for (const id of everyCurrency) {
    const row = candidates.find((candidate) => candidate.specificationId === id)!;
    if (!picked.some((other) => other.goodsId === row.goodsId)) picked.push(row);
    if (picked.length === 2) break;
  }
  items = picked.map((row, index) => ({ goodsSpecificationId: row.specificationId, goodsQuantity: index + 1 }));
  const goodsNames = await shop.db.select({ name: productTexts.name }).from(productTexts);
  const sizeNames = await shop.db.select({ name: productSizeTexts.name }).from(productSizeTexts);
  names = [...goodsNames, ...sizeNames].map((row) => row.name);
});
afterAll(() => shop.close());

const mailsTo = async (email: string) =>
  (await sentMail(shop)).filter((mail) => JSON.stringify(mail.to).includes(email));
const wholeMail = (mail: ParsedMail) =>
  [mail.subject ?? '', mail.text ?? '', typeof mail.html === 'string' ? mail.html : ''].join('\n');

/** A customer in `language` who buys the two items, pays, and whose order the operator ships. */
async function buyAndShip(language: Language, customer?: Customer) {
  const buyer = customer ?? (await signUp(shop, { firstName: 'Ana' }, { language }));
  const order = await placeOrder(shop, buyer, items, {}, { language, currency: currencyOf[language] });
  await payWithTestGateway(shop, buyer, order.orderId);
  await orderCommands.ship.execute([order.orderNo, '--carrier', 'Pos Laju', '--tracking', 'EP1'], shop.operator);
  return { buyer, order };
}

describe('mails about an order', () => {
  it.each(languages)(
    'name no product in %s by default: order number, item count, amounts, address and a button to the order page',
    async (language) => {
      const { buyer, order } = await buyAndShip(language);

      const mails = await mailsTo(buyer.email);
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        const whole = wholeMail(mail);
        for (const name of names)
          expect(whole, `${language} mail "${mail.subject}" names "${name}"`).not.toContain(name);
        expect(mail.subject).toContain(order.orderNo);
        expect(mail.text).toContain(`/my/order/details?orderId=${order.orderId}`);
        expect(mail.text).toContain('Apt 4');
        expect(mail.from?.value[0]?.name).toBe('Orders');
        expect(mail.text?.trimEnd().endsWith('Orders')).toBe(true);
      }
      const [confirmation, shipping] = mails;
      expect(confirmation!.text).toContain(formatMoney(order.payAmount, currencyOf[language]));
      const count = { EN: 'Items in this order: 3.', ZH: '本订单共 3 件商品', MS: 'Item dalam pesanan ini: 3.' }[
        language
      ];
      expect(confirmation!.text).toContain(count);
      expect(shipping!.text).toContain(count);
    },
  );

  it('name the items to a customer who asked for it on the account page, and stop when they change their mind', async () => {
    const buyer = await signUp(shop, { firstName: 'Ana' }, { language: 'ZH' });
    const optIn = await shop.call('PUT', '/privacy/updateMailPreference', {
      body: { showItemNamesInMail: true },
      headers: buyer.headers,
    });
    expect(optIn.body).toMatchObject({ code: 1, data: { showItemNamesInMail: true } });
    expect((await shop.get('/privacy/getMailPreference', { headers: buyer.headers })).body.data).toEqual({
      showItemNamesInMail: true,
      reviewRequestMail: false,
    });

    const { order } = await buyAndShip('ZH', buyer);
    const [line] = await shop.db
      .select({ goodsName: productTexts.name, sizeName: productSizeTexts.name })
      .from(productSizes)
      .innerJoin(productTexts, and(eq(productTexts.goodsId, productSizes.goodsId), eq(productTexts.language, 'ZH')))
      .innerJoin(
        productSizeTexts,
        and(eq(productSizeTexts.specificationId, productSizes.id), eq(productSizeTexts.language, 'ZH')),
      )
      .where(eq(productSizes.id, items[0]!.goodsSpecificationId));
    const [confirmation, shipping] = await mailsTo(buyer.email);
    expect(confirmation!.text).toContain(`1 × ${line!.goodsName}（${line!.sizeName}）`);
    expect(shipping!.text).toContain(line!.goodsName);
    expect(confirmation!.subject).toBe(`您的订单 ${order.orderNo} 已确认`);

    await shop.call('PUT', '/privacy/updateMailPreference', {
      body: { showItemNamesInMail: false },
      headers: buyer.headers,
    });
    await buyAndShip('ZH', buyer);
    const later = (await mailsTo(buyer.email)).slice(2);
    expect(later).toHaveLength(2);
    for (const mail of later) expect(wholeMail(mail)).not.toContain(line!.goodsName);
  });
});
