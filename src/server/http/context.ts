import type { Logger } from 'pino';
import type { SignedIn } from '@/features/auth/session';
import type { Currency, Language } from '@/lib/locale';

/**
 * What every request carries through the API: its language, currency, id and logger, and — once a
 * session middleware (`optionalUser`, `requireUser`) has run — the signed-in customer.
 */
export type AppEnv = {
  Variables: {
    language: Language;
    currency: Currency;
    requestId: string;
    logger: Logger;
    signedIn?: SignedIn;
  };
};
