import type { Translate } from '@/lib/i18n/ui';
import { currencies, type Currency } from '@/lib/locale';
import { formatMoney, toMajorUnits } from '@/lib/money';
import { sizeCell, type SizeField } from './price-grid';
import type { CellChange, GridProduct, GridSize } from './price-grid.schema';

/* How the price and stock grid names its columns, cells and refusals in the operator's language. */

export type Column = { field: SizeField; currency: Currency | null };
/** A refused cell as the server names it; `reason` for refusals the rules' field alone does not explain. */
export type Issue = { path: string; message: string; reason?: string };
export type GridRow = { product: GridProduct; size: GridSize };

/** The grid's editable columns, left to right: price and original price per currency, stock, points. */
export const columns: Column[] = [
  ...currencies.flatMap((currency) => [
    { field: 'unitPrice' as const, currency },
    { field: 'originalPrice' as const, currency },
  ]),
  { field: 'stock', currency: null },
  { field: 'pointsPrice', currency: null },
];

export const columnName = (t: Translate, field: SizeField | 'onSale' | 'category', currency: Currency | null) =>
  ({
    unitPrice: () => t('grid.price', { currency: currency ?? '' }),
    originalPrice: () => t('grid.originalPrice', { currency: currency ?? '' }),
    stock: () => t('grid.stock'),
    pointsPrice: () => t('grid.points'),
    onSale: () => t('grid.onSale'),
    category: () => t('grid.category'),
  })[field]();

/** The text a cell shows for a figure: prices as 59.00, counts as they are, nothing for none. */
export const cellText = (field: SizeField, value: number | null) =>
  value === null ? '' : field === 'unitPrice' || field === 'originalPrice' ? toMajorUnits(value) : String(value);

/** A size's figure in a column, as the server last answered it. */
export function storedValue(size: GridSize, { field, currency }: Column): number | null {
  if (field === 'stock') return size.stock;
  if (field === 'pointsPrice') return size.pointsPrice;
  return size.prices[currency!]?.[field] ?? null;
}

/** A refused cell's message in the grid's language. */
export function problemText(t: Translate, issue: Pick<Issue, 'path' | 'reason'>) {
  if (issue.reason === 'stock-moved') return t('grid.problem.stockMoved');
  if (issue.reason === 'needs-price') return t('grid.problem.needsPrice');
  if (issue.reason === 'unknown-size') return t('grid.problem.unknownSize');
  const field = issue.path.split('.').at(-1);
  if (field === 'originalPrice') return t('grid.problem.originalPrice');
  if (field === 'stock') return t('grid.problem.stock');
  if (field === 'pointsPrice') return t('grid.problem.points');
  return t('grid.problem.price');
}

/** "Silk robe · S, CNY price" for a cell's name, as the operator reads it. */
export function cellLabel(
  t: Translate,
  rows: GridRow[],
  cell: string,
  nameOf: (product: GridProduct, size?: GridSize) => string,
) {
  const [sku] = cell.split('.');
  const row = rows.find((entry) => entry.size.sku === sku);
  const column = columns.find((entry) => sizeCell(sku!, entry.field, entry.currency) === cell);
  if (!row) return cell;
  return column
    ? `${nameOf(row.product, row.size)}, ${columnName(t, column.field, column.currency)}`
    : nameOf(row.product, row.size);
}

/** A value before or after a change, as the preview shows it: money with its symbol, sale and category by name. */
export function changeValue(t: Translate, change: CellChange, value: CellChange['before']) {
  if (value === null) return '—';
  if (change.field === 'onSale') return t(value ? 'grid.onSaleYes' : 'grid.onSaleNo');
  if (change.field === 'category') return t(`category.${String(value)}` as Parameters<Translate>[0]);
  if (change.currency && typeof value === 'number') return formatMoney(value, change.currency);
  return String(value);
}
