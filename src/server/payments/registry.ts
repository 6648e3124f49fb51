import type { Config } from '../config';
import type { Executor } from '../db/client';
import { createPaypalProvider } from './paypal';
import type { PaymentProvider } from './provider';
import { createTestGateway } from './test-gateway';

/** The provider PAYMENT_PROVIDER names. A new acquirer is one more file and one more case here. */
export function createPaymentProvider({ db, config }: { db: Executor; config: Config }): PaymentProvider {
  switch (config.payment.provider) {
    case 'paypal':
      return createPaypalProvider(config.payment.paypal);
    case 'test':
      return createTestGateway(db, config.publicOrigin);
  }
}
