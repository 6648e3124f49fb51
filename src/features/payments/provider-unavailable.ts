import * as ErrorCode from '@/lib/error-codes';
import { ShopError } from '@/server/http/errors';
import { PaymentProviderError } from '@/server/payments/provider';
import type { OrderDeps } from '@/features/orders/orders.service';

/** A provider that failed or did not answer: logged, and -1 (HTTP 502) so the customer tries again. */
export function providerUnavailable(deps: Pick<OrderDeps, 'logger'>, error: unknown, context: Record<string, unknown>) {
  if (!(error instanceof PaymentProviderError)) return error;
  deps.logger.warn({ err: error, ...context }, 'payment provider call failed');
  return new ShopError(ErrorCode.RequestFailed, { status: 502 });
}
