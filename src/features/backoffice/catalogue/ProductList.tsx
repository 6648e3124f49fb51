import { useState, type FormEvent } from 'react';
import { categories, type Category } from '@/lib/categories';
import type { Language } from '@/lib/locale';
import { ErrorText, Pager, useAdminPage, useBackOfficeLanguage } from '../ui';
import { categoryName } from './catalogue-draft';
import { CatalogueImportExport } from './CatalogueImportExport';

type Row = {
  slug: string;
  name: string;
  category: Category;
  onSale: boolean;
  sizes: number;
  stock: number;
  missingLanguages: Language[];
};
type Filters = { q: string; category: string; onSale: string };

/** The catalogue's products, found by words, category and sale; a product's name opens it. */
export function ProductList({
  onOpen,
  onCreate,
  notice,
  reload,
}: {
  onOpen: (slug: string) => void;
  onCreate?: (() => void) | undefined;
  notice: string | null;
  reload: number;
}) {
  const { t } = useBackOfficeLanguage();
  const [filters, setFilters] = useState<Filters>({ q: '', category: '', onSale: '' });
  const { page, setPageNum, error, load } = useAdminPage<Row>('/catalogue/products', filters, reload);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({
      q: String(form.get('q')).trim(),
      category: String(form.get('category')),
      onSale: String(form.get('onSale')),
    });
    setPageNum(1);
  };

  return (
    <section aria-labelledby="catalogue-title">
      <div className="catalogue__head">
        <h1 id="catalogue-title">{t('admin.frame.section.catalogue')}</h1>
        {onCreate && (
          <button type="button" className="button" onClick={onCreate}>
            {t('admin.catalogue.newProduct')}
          </button>
        )}
      </div>
      {notice && (
        <p className="field-ok" role="status">
          {notice}
        </p>
      )}
      {onCreate && <CatalogueImportExport onImported={() => void load()} />}
      <form className="backoffice__filters" onSubmit={applyFilters} role="search">
        <label className="field">
          <span>{t('admin.catalogue.search')}</span>
          <input name="q" type="search" maxLength={60} defaultValue={filters.q} />
        </label>
        <label className="field">
          <span>{t('admin.catalogue.category')}</span>
          <select name="category" defaultValue={filters.category}>
            <option value="">{t('admin.catalogue.any')}</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {categoryName(category, t)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('admin.catalogue.onSale')}</span>
          <select name="onSale" defaultValue={filters.onSale}>
            <option value="">{t('admin.catalogue.any')}</option>
            <option value="yes">{t('admin.catalogue.onSale')}</option>
            <option value="no">{t('admin.catalogue.takenDown')}</option>
          </select>
        </label>
        <button className="button" type="submit">
          {t('admin.catalogue.filter')}
        </button>
      </form>
      <ErrorText error={error} />
      {page && (
        <>
          <p aria-live="polite">{t('admin.catalogue.count', { count: page.total })}</p>
          <table className="data-table backoffice__table">
            <thead>
              <tr>
                <th scope="col">{t('admin.catalogue.product')}</th>
                <th scope="col">{t('admin.catalogue.slug')}</th>
                <th scope="col">{t('admin.catalogue.category')}</th>
                <th scope="col">{t('admin.catalogue.onSale')}</th>
                <th scope="col" className="numeric">
                  {t('admin.catalogue.sizes')}
                </th>
                <th scope="col" className="numeric">
                  {t('admin.catalogue.stock')}
                </th>
                <th scope="col">{t('admin.catalogue.translations')}</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((row) => (
                <tr key={row.slug}>
                  <td>
                    <button type="button" className="link-button" onClick={() => onOpen(row.slug)}>
                      {row.name}
                    </button>
                  </td>
                  <td className="mono">{row.slug}</td>
                  <td>{categoryName(row.category, t)}</td>
                  <td>{t(row.onSale ? 'admin.catalogue.yes' : 'admin.catalogue.no')}</td>
                  <td className="numeric">{row.sizes}</td>
                  <td className="numeric">{row.stock}</td>
                  <td>
                    {row.missingLanguages.length ? (
                      <span className="tag">
                        {t('admin.catalogue.missingIn', { languages: row.missingLanguages.join(', ') })}
                      </span>
                    ) : (
                      t('admin.catalogue.complete')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} onPage={setPageNum} />
        </>
      )}
    </section>
  );
}
