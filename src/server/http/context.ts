import type { Logger } from 'pino';
import type { Currency, Language } from '@/lib/locale';
import type { operators, users } from '@/server/db/schema';

export type User = typeof users.$inferSelect;
/** The customer a session belongs to, set by the session middleware. */
export type SignedIn = { user: User; sessionId: number };
/** The back-office operator a session belongs to, set by the back office's guard. */
export type SignedInOperator = Pick<typeof operators.$inferSelect, 'id' | 'email' | 'role' | 'language'> & {
  secondFactor: boolean;
};

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
    operator?: SignedInOperator;
  };
};
