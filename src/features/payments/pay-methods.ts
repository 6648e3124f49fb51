import * as ErrorCode from '@/lib/error-codes';
import { translate } from '@/lib/i18n';
import type { Currency, Language } from '@/lib/locale';
import { ShopError, invalidInput } from '@/server/http/errors';
import type { PayMethod } from '@/lib/pay-methods';
import type { OrderDeps } from '@/features/orders/orders.service';

/* The methods a customer may pay with, and the checks every order and recharge passes before it is paid. */

/**
 * The methods other than energy points, for an order in `currency`, named in `language`: each says
 * whether it can charge in that currency with this provider and merchant account, and if not, why
 * (docs/decisions/033-paypal-outcomes-and-currencies.md); under the test provider each says that no
 * money moves.
 */
export function listPayMethods(deps: Pick<OrderDeps, 'payments'>, language: Language, currency: Currency) {
  const { payMethods, currencies, clientId, sdkUrl, name } = deps.payments;
  return payMethods.map((payMethod) => {
    const available = currencies[payMethod].includes(currency);
    const others = currencies[payMethod].join(', ');
    const note = !available
      ? translate(language, others ? 'payMethod.notInCurrency' : 'payMethod.notOffered', {
          currency,
          currencies: others,
        })
      : name === 'test'
        ? translate(language, 'payMethod.testNote')
        : null;
    return { payMethod, name: translate(language, `payMethod.${payMethod}`), available, note, clientId, sdkUrl };
  });
}

/** -218 naming `payMethod` unless the active provider offers the method in `currency` (energy points are always on offer for goods). */
export function checkPayMethod(deps: Pick<OrderDeps, 'payments'>, payMethod: PayMethod, currency: Currency): void {
  if (payMethod === 'ep') return;
  if (
    !(deps.payments.payMethods as readonly string[]).includes(payMethod) ||
    !deps.payments.currencies[payMethod].includes(currency)
  )
    throw invalidInput('payMethod');
}

/** -222 for a currency the shop no longer sells in (SHOP_CURRENCIES), though pages prebuilt for it may still be served. */
export function checkShopCurrency(deps: Pick<OrderDeps, 'config'>, currency: Currency): void {
  if (!deps.config.site.currencies.includes(currency)) throw new ShopError(ErrorCode.CurrencyNotPayable);
}
