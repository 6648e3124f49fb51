import type { MessageKey } from '@/lib/i18n';

/**
 * The tax names shipping rules use as their label (`taxLabel`, stored on each order as it was),
 * each with its name in every language; a label an operator made up shows as written.
 */
const knownTaxNames: Record<string, MessageKey> = {
  'Sales tax': 'tax.salesTax',
  VAT: 'tax.vat',
  SST: 'tax.sst',
  GST: 'tax.gst',
};

/** The tax labelled `label`, named in the language `translate` speaks. */
export function taxName(translate: (key: MessageKey) => string, label: string): string {
  const key = knownTaxNames[label];
  return key ? translate(key) : label;
}
