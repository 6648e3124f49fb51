import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Pager } from '@/components/Pager';
import { currencies } from '@/lib/locale';
import { parseMajorUnits } from '@/lib/money';
import { adminCall, AdminApiError } from '../admin-api';
import { ErrorText, LanguagePicker, useAdminPage, useSectionLanguage, type SectionMessages } from '../ui';
import PriceStockBulk, { CategoryOptions } from './PriceStockBulk';
import { sizeCell } from './price-grid';
import { cellLabel, cellText, columnName, columns, problemText, storedValue, type Column, type Issue } from './price-grid-text';
import type { CellEdit, ChangeSet, GridProduct, GridSize } from './price-grid.schema';
import './price-grid.css';

/*
 * The back office's price and stock grid: one row per size, a price and an original price per
 * currency, stock and points. Cells are edited like a spreadsheet's and saved together as one change
 * set; rows can be selected for a bulk action with a preview. The server checks every cell with the
 * catalogue's rules and answers refused cells by name (docs/decisions/046-price-and-stock-grid.md).
 */

type Filters = { q: string; category: string; onSale: string };
/** A cell (by its name, `robe-s.prices.CNY.unitPrice`) → what the operator typed, or what is wrong with it. */
type CellTexts = Record<string, string>;

/** The edit a typed text stands for, or the problem that keeps it from being one. */
function editOf(size: GridSize, column: Column, text: string): CellEdit | { problem: 'grid.problem.amount' | 'grid.problem.whole' } {
  const typed = text.trim();
  if (column.field === 'unitPrice' || column.field === 'originalPrice') {
    const value = typed === '' ? null : parseMajorUnits(typed);
    if (typed !== '' && value === null) return { problem: 'grid.problem.amount' };
    return { sku: size.sku, field: column.field, currency: column.currency!, value };
  }
  const whole = /^-?\d{1,9}$/.test(typed) ? Number(typed) : null;
  if (column.field === 'pointsPrice') {
    if (typed !== '' && whole === null) return { problem: 'grid.problem.whole' };
    return { sku: size.sku, field: 'pointsPrice', value: whole };
  }
  if (whole === null) return { problem: 'grid.problem.whole' };
  return { sku: size.sku, field: 'stock', value: whole, seen: size.stock };
}

export default function PriceStockGrid({ messages, canWrite }: { messages: SectionMessages; canWrite: boolean }) {
  const { language, t, choose: chooseLanguage } = useSectionLanguage(messages);
  const [filters, setFilters] = useState<Filters>({ q: '', category: '', onSale: '' });
  const { page, setPageNum, error, load } = useAdminPage<GridProduct>('/catalogue/grid', filters);
  const [edits, setEdits] = useState<CellTexts>({});
  const [problems, setProblems] = useState<CellTexts>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notices, setNotices] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const table = useRef<HTMLTableElement>(null);
  const dirty = Object.keys(edits).length > 0;

  // A selection belongs to the page it was made on.
  useEffect(() => setSelected(new Set()), [page?.pageNum, filters]);

  const rows = useMemo(() => page?.list.flatMap((product) => product.sizes.map((size) => ({ product, size }))) ?? [], [page]);
  const nameOf = useCallback((product: GridProduct, size?: GridSize) => (size ? `${product.name[language]} · ${size.name[language]}` : product.name[language]), [language]);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({ q: String(form.get('q')).trim(), category: String(form.get('category')), onSale: String(form.get('onSale')) });
    setPageNum(1);
  };

  const edit = (cell: string, text: string, stored: string) => {
    setEdits(({ [cell]: _previous, ...rest }) => (text === stored ? rest : { ...rest, [cell]: text }));
    setProblems(({ [cell]: _problem, ...rest }) => rest);
  };
  const focusCell = (row: number, column: number) => {
    const input = table.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-column="${column}"]`);
    input?.focus();
  };
  /** Spreadsheet keys: arrows and Enter move, Escape takes back the cell's change; Tab is the browser's own. */
  const onCellKey = (event: KeyboardEvent<HTMLInputElement>, row: number, column: number, cell: string, stored: string) => {
    const input = event.currentTarget;
    // Left and right move the caret within a cell's text, and leave the cell from its edges or when
    // the whole text is selected (as it is on arriving in a cell).
    const whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    const atStart = whole || input.selectionEnd === 0;
    const atEnd = whole || input.selectionStart === input.value.length;
    const moves: Record<string, [number, number] | undefined> = {
      ArrowUp: [row - 1, column],
      ArrowDown: [row + 1, column],
      Enter: event.shiftKey ? [row - 1, column] : [row + 1, column],
      ArrowLeft: atStart ? [row, column - 1] : undefined,
      ArrowRight: atEnd ? [row, column + 1] : undefined,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      edit(cell, stored, stored);
      return;
    }
    const target = moves[event.key];
    if (!target) return;
    event.preventDefault();
    focusCell(...target);
  };

  const save = async () => {
    setFailure(null);
    setNotices([]);
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
      setProblems(local);
      setFailure(t('grid.refused'));
      return;
    }
    setBusy(true);
    try {
      const saved = await adminCall<ChangeSet>('/catalogue/grid/save', { edits: changes });
      // The grid reads its page again before it says so, so the cells never show the old values after "Saved".
      await load();
      setNotices([t('grid.saved', { count: saved.changes.length }), ...stockMovedNotes(saved, changes)]);
      setEdits({});
      setProblems({});
    } catch (caught) {
      const issues = caught instanceof AdminApiError ? (caught.data as { issues?: Issue[] } | null)?.issues : undefined;
      setProblems(issues ? Object.fromEntries(issues.map((issue) => [issue.path, problemText(t, issue)])) : {});
      setFailure(issues ? t('grid.refused') : (caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  /** Stock the operator changed while sales moved it: what they saw, what it was, what it is now. */
  const stockMovedNotes = (saved: ChangeSet, sent: CellEdit[]) =>
    saved.changes.flatMap((change) => {
      const edit = sent.find((entry) => entry.field === 'stock' && entry.sku === change.sku);
      const row = rows.find((entry) => entry.size.sku === change.sku);
      if (change.field !== 'stock' || !edit || edit.field !== 'stock' || !row || edit.seen === change.before) return [];
      return [t('grid.stockMoved', { product: row.product.name[language], size: row.size.name[language], seen: edit.seen, now: String(change.before), after: String(change.after) })];
    });

  const toggle = (skus: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const sku of skus) {
        if (on) next.add(sku);
        else next.delete(sku);
      }
      return next;
    });
  const allSkus = rows.map((row) => row.size.sku);
  const problemList = Object.entries(problems);

  return (
    <section aria-labelledby="grid-title" className="grid" lang={language.toLowerCase()}>
      <div className="catalogue__head">
        <h1 id="grid-title">{t('grid.title')}</h1>
        <LanguagePicker label={t('grid.language')} language={language} onChoose={chooseLanguage} className="grid__language" />
      </div>
      <p>{t('grid.intro')}</p>
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
            <table className="data-table grid__table" ref={table}>
              <caption className="visually-hidden">{t('grid.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col" rowSpan={2}>
                    <input
                      type="checkbox"
                      aria-label={t('grid.selectPage')}
                      checked={allSkus.length > 0 && allSkus.every((sku) => selected.has(sku))}
                      onChange={(event) => toggle(allSkus, event.currentTarget.checked)}
                    />
                  </th>
                  <th scope="col" rowSpan={2}>
                    {t('grid.size')}
                  </th>
                  {currencies.map((currency) => (
                    <th key={currency} scope="colgroup" colSpan={2} className="grid__currency">
                      {currency}
                    </th>
                  ))}
                  <th scope="col" rowSpan={2} className="numeric">
                    {t('grid.stock')}
                  </th>
                  <th scope="col" rowSpan={2} className="numeric">
                    {t('grid.points')}
                  </th>
                </tr>
                <tr>
                  {currencies.map((currency) => [
                    <th key={`${currency}-price`} scope="col" className="numeric">
                      {t('grid.bulk.fieldPrice')}
                    </th>,
                    <th key={`${currency}-original`} scope="col" className="numeric">
                      {t('grid.bulk.fieldOriginal')}
                    </th>,
                  ])}
                </tr>
              </thead>
              {page.list.map((product) => {
                const skus = product.sizes.map((size) => size.sku);
                return (
                  <tbody key={product.slug}>
                    <tr className="grid__product">
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('grid.selectProduct', { product: product.name[language] })}
                          checked={skus.every((sku) => selected.has(sku))}
                          onChange={(event) => toggle(skus, event.currentTarget.checked)}
                        />
                      </td>
                      <th scope="rowgroup" colSpan={columns.length + 1}>
                        {product.name[language]} <span className="mono grid__sku">{product.slug}</span> <span className="tag">{t(`category.${product.category}`)}</span>
                        {!product.onSale && <span className="tag grid__off">{t('grid.onSaleNo')}</span>}
                      </th>
                    </tr>
                    {product.sizes.map((size) => {
                      const row = rows.findIndex((entry) => entry.size.sku === size.sku);
                      return (
                        <tr key={size.sku}>
                          <td>
                            <input
                              type="checkbox"
                              aria-label={t('grid.selectSize', { product: product.name[language], size: size.name[language] })}
                              checked={selected.has(size.sku)}
                              onChange={(event) => toggle([size.sku], event.currentTarget.checked)}
                            />
                          </td>
                          <th scope="row">
                            {size.name[language]} <span className="mono grid__sku">{size.sku}</span>
                          </th>
                          {columns.map((column, index) => {
                            const cell = sizeCell(size.sku, column.field, column.currency);
                            const stored = cellText(column.field, storedValue(size, column));
                            const changed = cell in edits;
                            const problem = problems[cell];
                            const id = `cell-${cell.replace(/\W/g, '-')}`;
                            return (
                              <td key={cell} className={`numeric grid__cell${changed ? ' grid__cell--changed' : ''}${problem ? ' grid__cell--invalid' : ''}`}>
                                <input
                                  value={changed ? edits[cell] : stored}
                                  data-row={row}
                                  data-column={index}
                                  inputMode={column.field === 'stock' || column.field === 'pointsPrice' ? 'numeric' : 'decimal'}
                                  readOnly={!canWrite}
                                  aria-label={t('grid.cell', { product: product.name[language], size: size.name[language], column: columnName(t, column.field, column.currency) })}
                                  aria-invalid={problem ? true : undefined}
                                  aria-describedby={changed || problem ? id : undefined}
                                  onFocus={(event) => event.currentTarget.select()}
                                  onChange={(event) => edit(cell, event.currentTarget.value, stored)}
                                  onKeyDown={(event) => onCellKey(event, row, index, cell, stored)}
                                />
                                {(changed || problem) && (
                                  <span id={id} className="visually-hidden">
                                    {[changed ? t('grid.was', { value: stored || t('grid.blank') }) : '', problem ?? ''].filter(Boolean).join('. ')}
                                  </span>
                                )}
                              </td>
                            );
                          })}
                        </tr>
                      );
                    })}
                  </tbody>
                );
              })}
            </table>
          </div>
          {!dirty && <Pager t={t} pageNum={page.pageNum} total={page.total} pageSize={page.pageSize} onPage={setPageNum} />}
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
                onClick={() => {
                  setEdits({});
                  setProblems({});
                  setFailure(null);
                }}
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
                setNotices([t('grid.bulk.applied', { count: applied.changes.length })]);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
