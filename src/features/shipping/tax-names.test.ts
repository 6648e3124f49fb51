import { describe, expect, it } from 'vitest';
import { translatorFor } from '@/lib/i18n/ui';
import { taxName } from './tax-names';

describe('tax names on orders', () => {
  it("names a known tax label in the reader's language, and an operator's own label as written", () => {
    expect(taxName(translatorFor('ZH'), 'Sales tax')).toBe('销售税');
    expect(taxName(translatorFor('MS'), 'Sales tax')).toBe('Cukai jualan');
    expect(taxName(translatorFor('EN'), 'Sales tax')).toBe('Sales tax');
    expect(taxName(translatorFor('ZH'), 'VAT')).toBe('增值税');
    expect(taxName(translatorFor('MS'), 'City levy')).toBe('City levy');
  });
});
