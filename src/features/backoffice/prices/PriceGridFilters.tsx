import type { FormEvent } from 'react';
import type { Translate } from '@/lib/i18n/ui';
import { CategoryOptions } from './PriceStockBulk';

export type Filters = { q: string; category: string; onSale: string };

/** The grid's search: words, category, on sale or not. Closed while there are unsaved cells. */
export function PriceGridFilters({
  t,
  filters,
  dirty,
  onApply,
}: {
  t: Translate;
  filters: Filters;
  dirty: boolean;
  onApply: (filters: Filters) => void;
}) {
  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply({
      q: String(form.get('q')).trim(),
      category: String(form.get('category')),
      onSale: String(form.get('onSale')),
    });
  };

  return (
    <form className="backoffice__filters" onSubmit={applyFilters} role="search">
      <label className="field">
        <span>{t('grid.search')}</span>
        <input name="q" type="search" maxLength={60} defaultValue={filters.q} />
      </label>
      <label className="field">
        <span>{t('grid.category')}</span>
        <select name="category" defaultValue={filters.category}>
          <option value="">{t('grid.any')}</option>
          <CategoryOptions t={t} />
        </select>
      </label>
      <label className="field">
        <span>{t('grid.onSale')}</span>
        <select name="onSale" defaultValue={filters.onSale}>
          <option value="">{t('grid.any')}</option>
          <option value="yes">{t('grid.onSaleYes')}</option>
          <option value="no">{t('grid.onSaleNo')}</option>
        </select>
      </label>
      <button className="button" type="submit" disabled={dirty}>
        {t('grid.filter')}
      </button>
    </form>
  );
}
