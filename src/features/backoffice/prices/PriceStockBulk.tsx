import { useEffect, useState, type FormEvent } from 'react';
import { categories, type Category } from '@/lib/categories';
import type { Translate } from '@/lib/i18n/ui';
import { currencies, type Currency } from '@/lib/locale';
import { parseMajorUnits } from '@/lib/money';
import { adminCall, AdminApiError } from '../admin-api';
import { ConfirmStep } from '../ui';
import { cellLabel, changeValue, columnName, problemText, type GridRow, type Issue } from './price-grid-text';
import type { BulkAction, ChangeSet, GridProduct, GridSize, PriceField } from './price-grid.schema';

/*
 * The grid's bulk actions on the selected sizes: change or set prices, put products on or off sale,
 * move them to a category. A preview shows every cell before → after; applying is a second,
 * deliberate step that sends the very action previewed.
 */

type Kind = 'percent' | 'amount' | 'set' | 'put-on-sale' | 'take-off-sale' | 'move';
type Fields = PriceField | 'both';
const kinds: { kind: Kind; label: Parameters<Translate>[0] }[] = [
  { kind: 'percent', label: 'grid.bulk.percent' },
  { kind: 'amount', label: 'grid.bulk.amount' },
  { kind: 'set', label: 'grid.bulk.set' },
  { kind: 'put-on-sale', label: 'grid.bulk.putOnSale' },
  { kind: 'take-off-sale', label: 'grid.bulk.takeOffSale' },
  { kind: 'move', label: 'grid.bulk.move' },
];
const changesPrices = (kind: Kind) => kind === 'percent' || kind === 'amount' || kind === 'set';

/** Minor units of a signed amount such as -5.00; null for anything else. */
function signedAmount(text: string): number | null {
  const typed = text.trim();
  const minor = parseMajorUnits(typed.replace(/^[-+]/, ''));
  return minor === null ? null : typed.startsWith('-') ? -minor : minor;
}

type Form = { kind: Kind; currencies: Currency[]; fields: Fields; value: string; category: Category };

/** The action the form describes, or the string key of what is missing from it. */
function actionOf(form: Form): BulkAction | Parameters<Translate>[0] {
  if (form.kind === 'put-on-sale' || form.kind === 'take-off-sale')
    return { kind: 'on-sale', onSale: form.kind === 'put-on-sale' };
  if (form.kind === 'move') return { kind: 'move-category', category: form.category };
  if (!form.currencies.length) return 'grid.bulk.noCurrency';
  if (form.kind === 'set') {
    const field = form.fields === 'originalPrice' ? 'originalPrice' : 'unitPrice';
    const amount = form.value.trim() === '' && field === 'originalPrice' ? null : parseMajorUnits(form.value);
    if (amount === null && field === 'unitPrice') return 'grid.bulk.badAmount';
    return { kind: 'set-price', currencies: form.currencies, field, amount };
  }
  const fields: PriceField[] = form.fields === 'both' ? ['unitPrice', 'originalPrice'] : [form.fields];
  if (form.kind === 'percent') {
    if (!/^[-+]?\d{1,6}(\.\d{1,2})?$/.test(form.value.trim())) return 'grid.bulk.badPercent';
    return {
      kind: 'change-price',
      currencies: form.currencies,
      fields,
      by: 'percent',
      value: Number(form.value.trim()),
    };
  }
  const value = signedAmount(form.value);
  if (value === null) return 'grid.bulk.badAmount';
  return { kind: 'change-price', currencies: form.currencies, fields, by: 'amount', value };
}

type Props = {
  t: Translate;
  rows: GridRow[];
  selected: string[];
  /** The grid has unsaved edits: a bulk action would reload over them. */
  blocked: boolean;
  nameOf: (product: GridProduct, size?: GridSize) => string;
  onApplied: (changes: ChangeSet) => Promise<void>;
};

export default function PriceStockBulk({ t, rows, selected, blocked, nameOf, onApplied }: Props) {
  const [form, setForm] = useState<Form>({
    kind: 'percent',
    currencies: [],
    fields: 'both',
    value: '',
    category: 'lingerie',
  });
  const [preview, setPreview] = useState<{ action: BulkAction; skus: string[]; changes: ChangeSet['changes'] } | null>(
    null,
  );
  /** What keeps the action from a preview: a missing input, or the cells the server refused. */
  const [problem, setProblem] = useState<{ refusedCells: boolean; lines: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const selection = selected.join(' ');

  // A preview speaks of the sizes it was made for; another selection needs a new one.
  useEffect(() => setPreview(null), [selection]);

  const change = (next: Partial<Form>) => {
    setForm((current) => {
      const merged = { ...current, ...next };
      return merged.kind === 'set' && merged.fields === 'both' ? { ...merged, fields: 'unitPrice' } : merged;
    });
    setPreview(null);
    setProblem(null);
  };

  const send = async (action: BulkAction, skus: string[], previewOnly: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await adminCall<ChangeSet>('/catalogue/grid/bulk', { skus, action, preview: previewOnly });
      if (previewOnly) setPreview({ action, skus, changes: answer.changes });
      else {
        await onApplied(answer);
        setPreview(null);
      }
    } catch (caught) {
      const issues = caught instanceof AdminApiError ? (caught.data as { issues?: Issue[] } | null)?.issues : undefined;
      setPreview(null);
      setProblem(
        issues
          ? {
              refusedCells: true,
              lines: issues.map((issue) => `${cellLabel(t, rows, issue.path, nameOf)}: ${problemText(t, issue)}`),
            }
          : { refusedCells: false, lines: [(caught as Error).message] },
      );
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = actionOf(form);
    if (typeof action === 'string') return setProblem({ refusedCells: false, lines: [t(action)] });
    void send(action, selected, true);
  };

  const nameOfChange = (entry: ChangeSet['changes'][number]) => {
    const row = rows.find((candidate) =>
      entry.sku ? candidate.size.sku === entry.sku : candidate.product.slug === entry.slug,
    );
    if (!row) return entry.sku ?? entry.slug;
    return entry.sku ? nameOf(row.product, row.size) : nameOf(row.product);
  };
  const valueLabel =
    form.kind === 'percent'
      ? 'grid.bulk.percentValue'
      : form.kind === 'amount'
        ? 'grid.bulk.amountValue'
        : 'grid.bulk.setValue';

  return (
    <section aria-labelledby="grid-bulk-title" className="grid__bulk">
      <h2 id="grid-bulk-title">{t('grid.bulk.title')}</h2>
      <p aria-live="polite">
        {selected.length ? t('grid.bulk.selected', { count: selected.length }) : t('grid.bulk.none')}
      </p>
      {blocked && <p className="field-ok">{t('grid.unsaved')}</p>}
      <form className="catalogue__row" onSubmit={submit}>
        <label className="field">
          <span>{t('grid.bulk.action')}</span>
          <select value={form.kind} onChange={(event) => change({ kind: event.currentTarget.value as Kind })}>
            {kinds.map((entry) => (
              <option key={entry.kind} value={entry.kind}>
                {t(entry.label)}
              </option>
            ))}
          </select>
        </label>
        {changesPrices(form.kind) && (
          <>
            <fieldset className="grid__currencies">
              <legend>{t('grid.bulk.currencies')}</legend>
              {currencies.map((currency) => (
                <label key={currency} className="catalogue__check">
                  <input
                    type="checkbox"
                    checked={form.currencies.includes(currency)}
                    onChange={(event) =>
                      change({
                        currencies: event.currentTarget.checked
                          ? [...form.currencies, currency]
                          : form.currencies.filter((entry) => entry !== currency),
                      })
                    }
                  />
                  <span>{currency}</span>
                </label>
              ))}
            </fieldset>
            <label className="field">
              <span>{t('grid.bulk.fields')}</span>
              <select value={form.fields} onChange={(event) => change({ fields: event.currentTarget.value as Fields })}>
                <option value="unitPrice">{t('grid.bulk.fieldPrice')}</option>
                <option value="originalPrice">{t('grid.bulk.fieldOriginal')}</option>
                {form.kind !== 'set' && <option value="both">{t('grid.bulk.fieldBoth')}</option>}
              </select>
            </label>
            <label className="field">
              <span>{t(valueLabel)}</span>
              <input
                value={form.value}
                inputMode="decimal"
                onChange={(event) => change({ value: event.currentTarget.value })}
              />
            </label>
          </>
        )}
        {form.kind === 'move' && (
          <label className="field">
            <span>{t('grid.bulk.newCategory')}</span>
            <select
              value={form.category}
              onChange={(event) => change({ category: event.currentTarget.value as Category })}
            >
              <CategoryOptions t={t} />
            </select>
          </label>
        )}
        <button type="submit" className="button button--ghost" disabled={busy || blocked || !selected.length}>
          {t('grid.bulk.preview')}
        </button>
      </form>
      {problem && (
        <div role="alert">
          {problem.refusedCells && <p className="field-error">{t('grid.bulk.refused')}</p>}
          <ul className="field-error">
            {problem.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {preview && (
        <section aria-labelledby="grid-preview-title" className="grid__preview">
          <h3 id="grid-preview-title">{t('grid.bulk.previewTitle')}</h3>
          {preview.changes.length === 0 ? (
            <p>{t('grid.bulk.nothing')}</p>
          ) : (
            <table className="data-table backoffice__table">
              <thead>
                <tr>
                  <th scope="col">{t('grid.bulk.product')}</th>
                  <th scope="col">{t('grid.bulk.cell')}</th>
                  <th scope="col" className="numeric">
                    {t('grid.bulk.before')}
                  </th>
                  <th scope="col" className="numeric">
                    {t('grid.bulk.after')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((entry) => (
                  <tr key={entry.cell}>
                    <th scope="row">{nameOfChange(entry)}</th>
                    <td>{columnName(t, entry.field, entry.currency)}</td>
                    <td className="numeric">{changeValue(t, entry, entry.before)}</td>
                    <td className="numeric">{changeValue(t, entry, entry.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {preview.changes.length > 0 && !busy && (
            <ConfirmStep
              id="grid-confirm"
              question={t('grid.bulk.confirm', { count: preview.changes.length })}
              confirm={t('grid.bulk.apply', { count: preview.changes.length })}
              cancel={t('grid.bulk.cancel')}
              onConfirm={() => void send(preview.action, preview.skus, false)}
              onCancel={() => setPreview(null)}
            />
          )}
        </section>
      )}
    </section>
  );
}

/** The shop's categories as options, by their names in the grid's language. */
export function CategoryOptions({ t }: { t: Translate }) {
  return categories.map((category) => (
    <option key={category} value={category}>
      {t(`category.${category}`)}
    </option>
  ));
}
