import { useRef, type KeyboardEvent } from 'react';
import type { Translate } from '@/lib/i18n/ui';
import { currencies, type Language } from '@/lib/locale';
import { sizeCell } from './price-grid';
import type { CellTexts } from './price-grid-state';
import { cellText, columnName, columns, storedValue, type GridRow } from './price-grid-text';
import type { GridProduct, GridSize } from './price-grid.schema';

type Props = {
  t: Translate;
  language: Language;
  products: GridProduct[];
  rows: GridRow[];
  edits: CellTexts;
  problems: CellTexts;
  selected: Set<string>;
  canWrite: boolean;
  /** `stored`: the cell's saved text. */
  onEdit: (cell: string, text: string, stored: string) => void;
  onToggle: (skus: string[], on: boolean) => void;
};

/** The grid itself: a product's heading row, then one row per size with its cells, edited like a spreadsheet's. */
export function PriceGridTable({
  t,
  language,
  products,
  rows,
  edits,
  problems,
  selected,
  canWrite,
  onEdit,
  onToggle,
}: Props) {
  const table = useRef<HTMLTableElement>(null);
  const allSkus = rows.map((row) => row.size.sku);

  const focusCell = (row: number, column: number) => {
    const input = table.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-column="${column}"]`);
    input?.focus();
  };
  /** Spreadsheet keys: arrows and Enter move, Escape takes back the cell's change; Tab is the browser's own. */
  const onCellKey = (
    event: KeyboardEvent<HTMLInputElement>,
    row: number,
    column: number,
    cell: string,
    stored: string,
  ) => {
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
      onEdit(cell, stored, stored);
      return;
    }
    const target = moves[event.key];
    if (!target) return;
    event.preventDefault();
    focusCell(...target);
  };

  return (
    <table className="data-table grid__table" ref={table}>
      <caption className="visually-hidden">{t('grid.caption')}</caption>
      <thead>
        <tr>
          <th scope="col" rowSpan={2}>
            <input
              type="checkbox"
              aria-label={t('grid.selectPage')}
              checked={allSkus.length > 0 && allSkus.every((sku) => selected.has(sku))}
              onChange={(event) => onToggle(allSkus, event.currentTarget.checked)}
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
      {products.map((product) => {
        const skus = product.sizes.map((size) => size.sku);
        return (
          <tbody key={product.slug}>
            <tr className="grid__product">
              <td>
                <input
                  type="checkbox"
                  aria-label={t('grid.selectProduct', { product: product.name[language] })}
                  checked={skus.every((sku) => selected.has(sku))}
                  onChange={(event) => onToggle(skus, event.currentTarget.checked)}
                />
              </td>
              <th scope="rowgroup" colSpan={columns.length + 1}>
                {product.name[language]} <span className="mono grid__sku">{product.slug}</span>{' '}
                <span className="tag">{t(`category.${product.category}`)}</span>
                {!product.onSale && <span className="tag grid__off">{t('grid.onSaleNo')}</span>}
              </th>
            </tr>
            {product.sizes.map((size) => (
              <SizeRow
                key={size.sku}
                t={t}
                language={language}
                product={product}
                size={size}
                row={rows.findIndex((entry) => entry.size.sku === size.sku)}
                edits={edits}
                problems={problems}
                selected={selected.has(size.sku)}
                canWrite={canWrite}
                onEdit={onEdit}
                onToggle={onToggle}
                onCellKey={onCellKey}
              />
            ))}
          </tbody>
        );
      })}
    </table>
  );
}

type SizeRowProps = Omit<Props, 'products' | 'rows' | 'selected'> & {
  product: GridProduct;
  size: GridSize;
  /** The size's place among the page's rows, for moving between cells. */
  row: number;
  selected: boolean;
  onCellKey: (
    event: KeyboardEvent<HTMLInputElement>,
    row: number,
    column: number,
    cell: string,
    stored: string,
  ) => void;
};

/** One size: its selection box, its name and SKU, and a cell per column showing the saved value or the unsaved text. */
function SizeRow({
  t,
  language,
  product,
  size,
  row,
  edits,
  problems,
  selected,
  canWrite,
  onEdit,
  onToggle,
  onCellKey,
}: SizeRowProps) {
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={t('grid.selectSize', { product: product.name[language], size: size.name[language] })}
          checked={selected}
          onChange={(event) => onToggle([size.sku], event.currentTarget.checked)}
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
          <td
            key={cell}
            className={`numeric grid__cell${changed ? ' grid__cell--changed' : ''}${problem ? ' grid__cell--invalid' : ''}`}
          >
            <input
              value={changed ? edits[cell] : stored}
              data-row={row}
              data-column={index}
              inputMode={column.field === 'stock' || column.field === 'pointsPrice' ? 'numeric' : 'decimal'}
              readOnly={!canWrite}
              aria-label={t('grid.cell', {
                product: product.name[language],
                size: size.name[language],
                column: columnName(t, column.field, column.currency),
              })}
              aria-invalid={problem ? true : undefined}
              aria-describedby={changed || problem ? id : undefined}
              onFocus={(event) => event.currentTarget.select()}
              onChange={(event) => onEdit(cell, event.currentTarget.value, stored)}
              onKeyDown={(event) => onCellKey(event, row, index, cell, stored)}
            />
            {(changed || problem) && (
              <span id={id} className="visually-hidden">
                {[changed ? t('grid.was', { value: stored || t('grid.blank') }) : '', problem ?? '']
                  .filter(Boolean)
                  .join('. ')}
              </span>
            )}
          </td>
        );
      })}
    </tr>
  );
}
