import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { Pager } from '@/components/Pager';
import { adminCall, AdminApiError } from '../admin-api';
import { ErrorText, LanguagePicker, useAdminPage, useSectionLanguage, type SectionMessages } from '../ui';
import PriceStockBulk from './PriceStockBulk';
import { sizeCell } from './price-grid';
import { cellLabel, columns, problemText, type Issue } from './price-grid-text';
import type { CellEdit, ChangeSet, GridProduct, GridSize } from './price-grid.schema';
import { editOf, initialPriceGrid, priceGridReducer, type CellTexts } from './price-grid-state';
import { PriceGridFilters, type Filters } from './PriceGridFilters';
import { PriceGridTable } from './PriceGridTable';
import './price-grid.css';

/*
 * The back office's price and stock grid: one row per size, a price and an original price per
 * currency, stock and points. Cells are edited like a spreadsheet's and saved together as one change
 * set; rows can be selected for a bulk action with a preview. The server checks every cell with the
 * catalogue's rules and answers refused cells by name (docs/decisions/046-price-and-stock-grid.md).
 */

export default function PriceStockGrid({ messages, canWrite }: { messages: SectionMessages; canWrite: boolean }) {
  const { language, t, choose: chooseLanguage } = useSectionLanguage(messages);
  const [filters, setFilters] = useState<Filters>({ q: '', category: '', onSale: '' });
  const { page, setPageNum, error, load } = useAdminPage<GridProduct>('/catalogue/grid', filters);
  const [state, dispatch] = useReducer(priceGridReducer, initialPriceGrid);
  const { edits, problems, selected, notices, failure, busy } = state;
  const dirty = Object.keys(edits).length > 0;

  // A selection belongs to the page it was made on.
  useEffect(() => dispatch({ type: 'selectionCleared' }), [page?.pageNum, filters]);

  const rows = useMemo(
    () => page?.list.flatMap((product) => product.sizes.map((size) => ({ product, size }))) ?? [],
    [page],
  );
  const nameOf = useCallback(
    (product: GridProduct, size?: GridSize) =>
      size ? `${product.name[language]} · ${size.name[language]}` : product.name[language],
    [language],
  );

  const applyFilters = (next: Filters) => {
    setFilters(next);
    setPageNum(1);
  };

  const edit = (cell: string, text: string, stored: string) => dispatch({ type: 'cellEdited', cell, text, stored });

  const save = async () => {
    dispatch({ type: 'saveStarted' });
    const local: CellTexts = {};
    const changes: CellEdit[] = [];
    for (const { size } of rows) {
      for (const column of columns) {
        const cell = sizeCell(size.sku, column.field, column.currency);
        if (!(cell in edits)) continue;
        const result = editOf(size, column, edits[cell]!);
        if ('problem' in result) local[cell] = t(result.problem);
        else changes.push(result);
      }
    }
    if (Object.keys(local).length) {
      dispatch({ type: 'saveRefused', problems: local, failure: t('grid.refused') });
      return;
    }
    dispatch({ type: 'saveSent' });
    try {
      const saved = await adminCall<ChangeSet>('/catalogue/grid/save', { edits: changes });
      // The grid reads its page again before it says so, so the cells never show the old values after "Saved".
      await load();
      dispatch({
        type: 'saved',
        notices: [t('grid.saved', { count: saved.changes.length }), ...stockMovedNotes(saved, changes)],
      });
    } catch (caught) {
      const issues = caught instanceof AdminApiError ? (caught.data as { issues?: Issue[] } | null)?.issues : undefined;
      dispatch({
        type: 'saveRefused',
        problems: issues ? Object.fromEntries(issues.map((issue) => [issue.path, problemText(t, issue)])) : {},
        failure: issues ? t('grid.refused') : (caught as Error).message,
      });
    } finally {
      dispatch({ type: 'saveEnded' });
    }
  };
  /** Stock the operator changed while sales moved it: what they saw, what it was, what it is now. */
  const stockMovedNotes = (saved: ChangeSet, sent: CellEdit[]) =>
    saved.changes.flatMap((change) => {
      const edit = sent.find((entry) => entry.field === 'stock' && entry.sku === change.sku);
      const row = rows.find((entry) => entry.size.sku === change.sku);
      if (change.field !== 'stock' || !edit || edit.field !== 'stock' || !row || edit.seen === change.before) return [];
      return [
        t('grid.stockMoved', {
          product: row.product.name[language],
          size: row.size.name[language],
          seen: edit.seen,
          now: String(change.before),
          after: String(change.after),
        }),
      ];
    });

  const toggle = (skus: string[], on: boolean) => dispatch({ type: 'selectionToggled', skus, on });
  const problemList = Object.entries(problems);

  return (
    <section aria-labelledby="grid-title" className="grid" lang={language.toLowerCase()}>
      <div className="catalogue__head">
        <h1 id="grid-title">{t('grid.title')}</h1>
        <LanguagePicker
          label={t('grid.language')}
          language={language}
          onChoose={chooseLanguage}
          className="grid__language"
        />
      </div>
      <p>{t('grid.intro')}</p>
      <PriceGridFilters t={t} filters={filters} dirty={dirty} onApply={applyFilters} />
      {dirty && <p className="field-ok">{t('grid.unsaved')}</p>}
      <div role="status">
        {notices.map((notice) => (
          <p key={notice} className="field-ok">
            {notice}
          </p>
        ))}
      </div>
      {failure && (
        <div role="alert" className="grid__failure">
          <p className="field-error">{failure}</p>
          {problemList.length > 0 && (
            <ul className="field-error">
              {problemList.map(([cell, problem]) => (
                <li key={cell}>
                  {cellLabel(t, rows, cell, nameOf)}: {problem}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ErrorText error={error} />
      {!page && !error && <p>{t('grid.loading')}</p>}
      {page && (
        <>
          <p aria-live="polite">{page.total ? t('grid.found', { count: page.total }) : t('grid.empty')}</p>
          <p className="catalogue__hint">{t('grid.keys')}</p>
          <div className="grid__scroll">
            <PriceGridTable
              t={t}
              language={language}
              products={page.list}
              rows={rows}
              edits={edits}
              problems={problems}
              selected={selected}
              canWrite={canWrite}
              onEdit={edit}
              onToggle={toggle}
            />
          </div>
          {!dirty && (
            <Pager t={t} pageNum={page.pageNum} total={page.total} pageSize={page.pageSize} onPage={setPageNum} />
          )}
          {canWrite && dirty && (
            <div className="grid__save">
              <span>{t('grid.changed', { count: Object.keys(edits).length })}</span>
              <button type="button" className="button" disabled={busy} onClick={() => void save()}>
                {t('grid.save')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={() => dispatch({ type: 'discarded' })}
              >
                {t('grid.discard')}
              </button>
            </div>
          )}
          {canWrite && (
            <PriceStockBulk
              t={t}
              rows={rows}
              selected={[...selected]}
              blocked={dirty}
              nameOf={nameOf}
              onApplied={async (applied) => {
                await load();
                dispatch({ type: 'bulkApplied', notice: t('grid.bulk.applied', { count: applied.changes.length }) });
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
