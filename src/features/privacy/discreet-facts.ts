import { translate } from '@/lib/i18n';
import type { Language } from '@/lib/locale';
import type { Config } from '@/server/config';

/** What checkout and order pages tell a customer about discretion, in one language. */
export type DiscreetFacts = {
  /** How a parcel is packed: the operator's wording, or the shop's own. */
  packing: string;
  /** What the card or PayPal statement shows. */
  billingDescriptor: string;
};

/** Read from the configuration when the pages are built, like the friend discount the checkout shows. */
export function discreetFacts(config: Pick<Config, 'privacy'>, language: Language): DiscreetFacts {
  const { packingNotes, billingDescriptor } = config.privacy;
  return { packing: packingNotes[language] ?? translate(language, 'privacy.packing'), billingDescriptor };
}
