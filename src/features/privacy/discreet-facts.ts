import { translate } from '@/lib/i18n';
import type { Language } from '@/lib/locale';
import type { Config } from '@/server/config';

/** What checkout and order pages tell a customer about discretion, in one language. */
export type DiscreetFacts = {
  /** How a parcel is packed: the operator's wording, or the shop's own. */
  packing: string;
  /** What a card or PayPal statement shows, as PayPal prints it (`statementLine`). */
  statement: string;
  /** The sender's name on the parcel. */
  parcelSender: string;
  /** The name the shop's mails come from (MAIL_FROM's display name). */
  mailSender: string;
};

/** PayPal's statement descriptor: at most 22 characters, of which `PAYPAL *` is the first 8. */
const STATEMENT_LENGTH = 22;

/**
 * The line a card or PayPal payment puts on the customer's statement: PayPal prints `PAYPAL *`, the
 * name in the merchant's PayPal profile, then the soft descriptor the shop sends (BILLING_DESCRIPTOR),
 * cut to 22 characters. The same line for both methods, since both are charged through PayPal.
 */
export function statementLine(privacy: Pick<Config['privacy'], 'billingDescriptor' | 'paypalStatementName'>): string {
  const name = [privacy.paypalStatementName, privacy.billingDescriptor].filter(Boolean).join(' ');
  return `PAYPAL *${name}`.slice(0, STATEMENT_LENGTH).trimEnd();
}

/** Read from the configuration when the pages are built, like the friend discount the checkout shows. */
export function discreetFacts(config: Pick<Config, 'privacy' | 'mail'>, language: Language): DiscreetFacts {
  const { packingNotes, parcelSender } = config.privacy;
  return {
    packing: packingNotes[language] ?? translate(language, 'privacy.packing'),
    statement: statementLine(config.privacy),
    parcelSender,
    mailSender: config.mail.senderName,
  };
}
