import type { Logger } from 'pino';
import type { Currency, Language } from '@/lib/locale';

/** What every request carries through the API: its language, currency, id and logger. */
export type AppEnv = {
  Variables: {
    language: Language;
    currency: Currency;
    requestId: string;
    logger: Logger;
  };
};
