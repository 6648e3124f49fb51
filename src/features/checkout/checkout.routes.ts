import type { Context } from 'hono';
import { clientAddress, countAttempt } from '@/features/auth/rate-limit';
import { browserHashOf, rememberBrowser } from '@/features/auth/browser';
import {
  describeDevice,
  optionalUser,
  requireUser,
  setSessionCookie,
  signedInOf,
  signedInRoute,
  startSession,
} from '@/features/auth/session';
import { rechargeBodySchema } from '@/features/energy/energy.schema';
import type { CatalogueReader } from '@/features/catalogue/catalogue-products.service';
import { checkUnpaidLimits, releaseSuperseded } from './unpaid-limits';
import {
  createOrderBodySchema,
  orderDetailsSchema,
  orderQuoteSchema,
  quoteOrderBodySchema,
  referralDiscountQuerySchema,
  referralDiscountSchema,
} from '@/features/orders/orders.schema';
import { describeOrder, type OrderDeps } from '@/features/orders/orders.service';
import type { AppEnv } from '@/server/http/context';
import type { AppDeps } from '@/server/deps';
import { createRouter, getRoute, jsonRoute, ok } from '@/server/http/router';
import { metrics } from '@/server/metrics';
import { findSameCheckout, placeOrder } from './place-order';
import { quoteOrder, referralDiscountCode } from './quote-order';
import { createRecharge } from './recharge';

const tag = 'Orders';

/* Quoting and placing an order, under /order. */
export function checkoutRoutes(deps: OrderDeps & Pick<AppDeps, 'catalogueCache'>) {
  // Products and delivery rules come kept; stock is read live with the sizes' owners (docs/decisions/068).
  const reader = (c: Context<AppEnv>) =>
    ({
      db: deps.db,
      language: c.get('language'),
      currency: c.get('currency'),
      pictureUrl: deps.storage.url,
      cache: deps.catalogueCache,
    }) satisfies CatalogueReader;

  return createRouter()
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/createOrder',
          summary:
            'Check out: re-price and reserve the items, create the order in status 2 (a guest with email and password gets an account and is signed in)',
          body: createOrderBodySchema,
          data: orderDetailsSchema,
        }),
        middleware: optionalUser(deps),
      },
      async (c) => {
        const body = c.req.valid('json');
        const customer = c.get('signedIn')?.user;
        if (!customer && body.email) {
          await countAttempt(deps.db, deps.config.limits, {
            action: 'register',
            address: clientAddress(c, deps.config),
            account: body.email,
          });
        }
        const { supersedes, sameCart } = await checkUnpaidLimits(deps, {
          userId: customer?.id,
          address: clientAddress(c, deps.config),
          items: body.items,
        });
        const browserHash = browserHashOf(c);
        // The same checkout placed again answers its open unpaid order (decision 079); the same cart
        // otherwise closes its earlier unpaid order in the new one's statement, handing its units over
        // (decision 091), and any older one in the same transaction, so a refusal keeps them.
        const again = await findSameCheckout(deps.db, reader(c), body, customer, sameCart);
        if (again) {
          const others = supersedes.filter((id) => id !== again.id);
          if (others.length > 0) await deps.db.transaction((tx) => releaseSuperseded(tx, others));
          return ok(c, await describeOrder(deps.db, again, c.get('language')));
        }
        const [handOver = null, ...older] = supersedes.toSorted((a, b) => b - a);
        const { order, user, lines } =
          older.length === 0
            ? await placeOrder(deps, reader(c), body, customer, { browserHash, handOver })
            : await deps.db.transaction(async (tx) => {
                await releaseSuperseded(tx, older, handOver);
                return placeOrder({ ...deps, db: tx }, { ...reader(c), db: tx }, body, customer, {
                  browserHash,
                  handOver,
                });
              });
        metrics.ordersCreated.inc();
        if (!customer) {
          setSessionCookie(
            c,
            deps.config,
            await startSession(
              deps.db,
              user.id,
              deps.config.sessions.days,
              new Date(),
              describeDevice(c.req.header('User-Agent')),
            ),
          );
          await rememberBrowser(c, deps.db, deps.config, user.id);
        }
        return ok(c, await describeOrder(deps.db, order, c.get('language'), lines));
      },
    )
    .openapi(
      {
        ...jsonRoute({
          method: 'post',
          tag,
          path: '/quoteOrder',
          summary:
            'Price a checkout without placing it: the goods total, the friend discount of a discount code (-218 naming discountCode when createOrder would refuse it) and what is due',
          body: quoteOrderBodySchema,
          data: orderQuoteSchema,
        }),
        middleware: optionalUser(deps),
      },
      async (c) => ok(c, await quoteOrder(deps, reader(c), c.req.valid('json'), c.get('signedIn')?.user)),
    )
    .openapi(
      {
        ...getRoute({
          tag,
          path: '/getReferralDiscountCode',
          summary:
            'The discount code checkout starts with: the share code behind the referee code the visitor arrived with, else that of the customer who referred the signed-in buyer',
          query: referralDiscountQuerySchema,
          data: referralDiscountSchema,
        }),
        middleware: optionalUser(deps),
      },
      async (c) =>
        ok(c, await referralDiscountCode(deps.db, c.req.valid('query').refereeCode, c.get('signedIn')?.user)),
    );
}

/** Buying energy points under /energy: a recharge order, paid like any order with pay/payment. */
export function rechargeRoutes(deps: OrderDeps) {
  const signedIn = requireUser(deps);
  const tag = 'Energy';
  return createRouter().openapi(
    signedInRoute(
      jsonRoute({
        method: 'post',
        tag,
        path: '/recharge',
        summary:
          'Create a recharge order (status 2) priced in the request currency; pay it with pay/payment and a method other than energy points',
        body: rechargeBodySchema,
        data: orderDetailsSchema,
      }),
      signedIn,
    ),
    async (c) => {
      const order = await createRecharge(deps, signedInOf(c).user, c.req.valid('json'), c.get('currency'));
      return ok(c, await describeOrder(deps.db, order, c.get('language')));
    },
  );
}
