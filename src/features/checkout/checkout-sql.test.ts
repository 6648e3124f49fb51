import { afterAll, describe, expect, it } from 'vitest';
import { aCustomer, aLine, aShop } from '../../../tests/support/fixtures';
import { sentMail } from '../../../tests/support/mail';
import { createOrder, decideOnTestGateway, startPayment, stockOf } from '../../../tests/support/orders';
import { countStatements } from '../../../tests/support/sql-counter';
import type { OrderStatusInfo } from '../orders/orders.schema';

/*
 * One checkout completion (create the order, start paying, the customer's return that captures) in
 * at most 10 SQL statements, BEGIN and COMMIT included (docs/decisions/041-checkout-in-fewer-statements.md and
 * 060-checkout-in-one-statement.md). Placing the order is three: the session, the customer's unpaid
 * orders read against their limits with her address's counters bumped (075), and the order's own
 * statement, in a shop that has sold before: the products, the sizes' owners and the delivery rules
 * (docs/decisions/061-shipping-zones-and-tax.md) are kept, and the order's statement takes the stock
 * as it is (docs/decisions/068, 091). The customer comes from a known address, as every real one does.
 * The test gateway stands in for the provider: its own table is PayPal's side of the HTTP calls, so its
 * statements are printed but not counted, and its approval page runs with the counter paused.
 */

const MOST_STATEMENTS = 10;

/** A customer whose requests come from a client address the shop knows (it trusts the proxy's header in tests). */
const fromAnAddress = <T extends { headers: Record<string, string> }>(caller: T) => ({
  ...caller,
  headers: { ...caller.headers, 'X-Forwarded-For': '198.51.100.41' },
});

const shop = await aShop({ catalogue: 'small', env: { TRUST_PROXY: 'true' } });
const counter = countStatements(shop);
afterAll(() => counter.stop());

/** The shop's statements since the last call, leaving out the provider's own table. */
function takePhase(name: string, phases: Record<string, string[]>) {
  const all = [...counter.statements];
  counter.reset();
  phases[name] = all.filter((statement) => !statement.includes('"test_gateway_payments"'));
  const provider = all.length - phases[name].length;
  process.stdout.write(
    `${name}: ${phases[name].length} statements${provider ? ` (+${provider} on the test gateway's own table)` : ''}\n  ${phases[name].join('\n  ')}\n`,
  );
}

describe('one checkout completion', () => {
  it(`places, pays and captures an order of two products in at most ${MOST_STATEMENTS} SQL statements`, async () => {
    const customer = fromAnAddress(await aCustomer(shop));
    const items = [aLine(shop, 'robe-s', 2), aLine(shop, 'oil-usd-only', 1)];
    // A first sale, as in a shop that has been selling: the products and delivery rules are then kept.
    // (Of another cart: the same cart again would close it, docs/decisions/075.)
    expect(
      (
        await createOrder(
          shop,
          customer,
          { items: [aLine(shop, 'robe-s', 1), aLine(shop, 'oil-usd-only', 1)] },
          { currency: 'USD' },
        )
      ).body.code,
    ).toBe(1);
    const stockBefore = await Promise.all(items.map((line) => stockOf(shop, line.goodsSpecificationId)));
    const phases: Record<string, string[]> = {};

    counter.reset();
    const placed = await createOrder(shop, customer, { items }, { currency: 'USD' });
    expect(placed.body.code).toBe(1);
    takePhase('createOrder', phases);

    const started = await startPayment(shop, customer, placed.body.data.orderId);
    expect(started.body.code).toBe(1);
    takePhase('pay/payment', phases);

    const decided = await decideOnTestGateway(shop, started.body.data.providerOrderId!, { decision: 'approve' });
    const token = new URL(decided.headers.get('Location')!).searchParams.get('token')!;
    counter.reset();

    const returned = await shop.post<OrderStatusInfo>(
      '/order/callback',
      { orderId: placed.body.data.orderId, token },
      { headers: customer.headers },
    );
    takePhase('order/callback', phases);

    const total = Object.values(phases).reduce((sum, statements) => sum + statements.length, 0);
    process.stdout.write(`one checkout completion on ${shop.databaseKind}: ${total} statements\n`);

    // What the customer notices: the order is paid, the stock taken, the confirmation mailed.
    expect(returned.body).toMatchObject({ code: 1, data: { status: 1, paymentNumber: expect.any(String) } });
    expect(await Promise.all(items.map((line) => stockOf(shop, line.goodsSpecificationId)))).toEqual(
      stockBefore.map((stock, index) => stock - items[index]!.goodsQuantity),
    );
    const mails = (await sentMail(shop)).filter((mail) => JSON.stringify(mail.to).includes(customer.email));
    expect(mails.some((mail) => (mail.subject ?? '').includes(placed.body.data.orderNo))).toBe(true);
    // A signed-in customer's order is one statement: no transaction around it.
    expect(phases.createOrder!.filter((statement) => /^(BEGIN|COMMIT)/i.test(statement))).toEqual([]);
    expect(
      phases.createOrder!.some(
        (statement) => statement.includes('"shipping_zones"') || statement.includes('"goods_texts"'),
      ),
    ).toBe(false);
    expect(total).toBeLessThanOrEqual(MOST_STATEMENTS);
  });

  it('checks out the same cart again in one statement that hands the earlier order its units and locks no size', async () => {
    const customer = fromAnAddress(await aCustomer(shop));
    const items = [aLine(shop, 'robe-s', 1)];
    const first = await createOrder(shop, customer, { items }, { currency: 'USD' });
    expect(first.body.code).toBe(1);
    const stock = await stockOf(shop, items[0]!.goodsSpecificationId);
    const phases: Record<string, string[]> = {};

    counter.reset();
    const again = await createOrder(shop, customer, { items }, { currency: 'USD' });
    expect(again.body.code).toBe(1);
    takePhase('createOrder of the same cart', phases);

    const statements = phases['createOrder of the same cart']!;
    expect(statements.filter((statement) => /^(BEGIN|COMMIT)/i.test(statement))).toEqual([]);
    expect(
      statements.some(
        (statement) => /for no key update/i.test(statement) && !/not exists \(select 1 from handed\)/i.test(statement),
      ),
    ).toBe(false);
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(await stockOf(shop, items[0]!.goodsSpecificationId)).toBe(stock);
  });

  it("counts a guest checkout's transaction as the statements it is", async () => {
    counter.reset();
    const placed = await createOrder(
      shop,
      {},
      { items: [aLine(shop, 'robe-s', 1)], email: `guest-${Date.now()}@example.com`, password: btoa('guest-pass-1') },
      { currency: 'USD' },
    );
    expect(placed.body.code).toBe(1);
    const statements = counter.statements.map((statement) => statement.toUpperCase());
    expect(statements).toContain('BEGIN');
    expect(statements).toContain('COMMIT');
  });
});
