import { useState, type ChangeEvent, type FormEvent } from 'react';
import { categories, type Category } from '@/features/catalog/catalog';
import { currencies, languages, type Currency, type Language } from '@/lib/locale';
import { parseMajorUnits, toMajorUnits } from '@/lib/money';
import { adminCall, adminEnvelope, issuesOf } from '../admin-api';
import { CataloguePictures, fromPictureDrafts, toPictureDrafts, type PictureDraft, type PictureReference } from './CataloguePictures';
import { LanguageTexts, TextField } from '../catalogue-fields';
import { may, type OperatorRole } from '../operators/operators';
import type { Translate } from '@/lib/i18n/ui';
import { ErrorText, Pager, useAdminPage, useBackOfficeLanguage } from '../ui';
import './catalogue.css';

/*
 * The back office's catalogue section: find products, edit one (texts in every language side by
 * side, pictures, sizes with stock and prices per currency) or create one. The
 * server saves through the catalogue import and answers every invalid field by its path.
 */

type Texts = Record<Language, string>;
type Price = { unitPrice: number; originalPrice?: number };
type Size = { sku: string; name: Texts; stock: number; pointsPrice?: number; prices: Partial<Record<Currency, Price>> };
type Product = {
  slug: string;
  category: Category;
  onSale: boolean;
  arrivedDaysAgo?: number;
  soldCount?: number;
  name: Texts;
  summary: Texts;
  description: Texts;
  pictures: PictureReference[];
  specifications: Size[];
};
type Editable = { product: Product; pictureUrls: string[] };
type Row = { slug: string; name: string; category: Category; onSale: boolean; sizes: number; stock: number; missingLanguages: Language[] };
type Filters = { q: string; category: string; onSale: string };
/** Field path (as the server names it, e.g. `specifications.0.prices.USD.unitPrice`) → message. */
type Errors = Record<string, string>;

const emptyTexts = (): Texts => ({ EN: '', ZH: '', MS: '' });
/** A category as the storefront names it, in the operator's language. */
const categoryName = (category: Category, t: Translate) => t(`category.${category}`);

export default function BackOfficeCatalogue({ role }: { role: OperatorRole }) {
  const { t } = useBackOfficeLanguage();
  const [editing, setEditing] = useState<{ mode: 'create' | 'update'; editable: Editable } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const canWrite = may(role, 'catalogue.write');

  const open = async (slug: string) => {
    setNotice(null);
    setEditing({ mode: 'update', editable: await adminCall<Editable>(`/catalogue/product?slug=${encodeURIComponent(slug)}`) });
  };
  const create = () => {
    setNotice(null);
    const product: Product = { slug: '', category: 'lingerie', onSale: true, name: emptyTexts(), summary: emptyTexts(), description: emptyTexts(), pictures: [], specifications: [newSize()] };
    setEditing({ mode: 'create', editable: { product, pictureUrls: [] } });
  };

  if (editing) {
    return (
      <ProductEditor
        key={editing.editable.product.slug || 'new'}
        mode={editing.mode}
        initial={editing.editable}
        canWrite={canWrite}
        onClose={(saved) => {
          setEditing(null);
          if (saved) {
            setNotice(t('admin.catalogue.saved', { slug: saved }));
            setReload((count) => count + 1);
          }
        }}
      />
    );
  }
  return <ProductList onOpen={(slug) => void open(slug)} onCreate={canWrite ? create : undefined} notice={notice} reload={reload} />;
}

/* ── The list ──────────────────────────────────────────────────────────────────────────────── */

function ProductList({ onOpen, onCreate, notice, reload }: { onOpen: (slug: string) => void; onCreate?: (() => void) | undefined; notice: string | null; reload: number }) {
  const { t } = useBackOfficeLanguage();
  const [filters, setFilters] = useState<Filters>({ q: '', category: '', onSale: '' });
  const { page, setPageNum, error, load } = useAdminPage<Row>('/catalogue/products', filters, reload);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({ q: String(form.get('q')).trim(), category: String(form.get('category')), onSale: String(form.get('onSale')) });
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
      {onCreate && <ImportExport onImported={() => void load()} />}
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
                  <td>{row.missingLanguages.length ? <span className="tag">{t('admin.catalogue.missingIn', { languages: row.missingLanguages.join(', ') })}</span> : t('admin.catalogue.complete')}</td>
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

/* ── Import and export ───────────────────────────────────────────────────────────────────────── */

type ImportPlan = { created: string[]; changed: { slug: string; fields: string[] }[]; takenDown: string[]; unchanged: number };

function ImportExport({ onImported }: { onImported: () => void }) {
  const { t } = useBackOfficeLanguage();
  const [file, setFile] = useState<{ name: string; format: 'json' | 'csv'; content: string } | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (chosen: NonNullable<typeof file>, apply: boolean) => {
    setBusy(true);
    setProblems([]);
    setDone(null);
    try {
      const answer = await postCatalogue('/import', { format: chosen.format, content: chosen.content, apply });
      if (answer.code !== 1) {
        setPlan(null);
        setProblems(issuesOf(answer)?.map((issue) => `${issue.path}: ${issue.message}`) ?? [answer.message]);
        return;
      }
      const result = answer.data as { plan: ImportPlan; applied: boolean };
      if (result.applied) {
        setPlan(null);
        setFile(null);
        setDone(t('admin.catalogue.imported', { file: chosen.name, created: result.plan.created.length, changed: result.plan.changed.length, takenDown: result.plan.takenDown.length }));
        onImported();
      } else {
        setPlan(result.plan);
      }
    } finally {
      setBusy(false);
    }
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.currentTarget.files?.[0];
    if (!picked) return;
    const chosen = { name: picked.name, format: picked.name.toLowerCase().endsWith('.csv') ? ('csv' as const) : ('json' as const), content: await picked.text() };
    setFile(chosen);
    await run(chosen, false);
  };
  const exportCatalogue = async () => {
    const data = await adminCall<unknown>('/catalogue/export');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    link.download = 'catalogue.json';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <details className="catalogue__transfer">
      <summary>{t('admin.catalogue.transfer')}</summary>
      <div className="catalogue__row">
        <label className="field">
          <span>{t('admin.catalogue.file')}</span>
          <input type="file" accept=".json,.csv,application/json,text/csv" disabled={busy} onChange={(event) => void choose(event)} />
        </label>
        <button type="button" className="button button--ghost" onClick={() => void exportCatalogue()}>
          {t('admin.catalogue.export')}
        </button>
      </div>
      {problems.length > 0 && (
        <div role="alert">
          <p className="field-error">{t('admin.catalogue.cannotImport')}</p>
          <ul className="field-error">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {done && (
        <p className="field-ok" role="status">
          {done}
        </p>
      )}
      {plan && file && (
        <section aria-labelledby="import-plan-title" className="catalogue__plan">
          <h2 id="import-plan-title">{t('admin.catalogue.plan', { file: file.name })}</h2>
          <PlanList title={t('admin.catalogue.created')} items={plan.created} />
          <PlanList title={t('admin.catalogue.changed')} items={plan.changed.map((entry) => `${entry.slug} (${entry.fields.join(', ')})`)} />
          <PlanList title={t('admin.catalogue.takenDownList')} items={plan.takenDown} />
          <p>{t('admin.catalogue.unchanged', { count: plan.unchanged })}</p>
          <button type="button" className="button" disabled={busy || (!plan.created.length && !plan.changed.length)} onClick={() => void run(file, true)}>
            {t('admin.catalogue.apply')}
          </button>
        </section>
      )}
    </details>
  );
}

function PlanList({ title, items }: { title: string; items: string[] }) {
  return (
    <>
      <h3>
        {title}: {items.length}
      </h3>
      {items.length > 0 && (
        <ul aria-label={title}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/* ── The editor ────────────────────────────────────────────────────────────────────────────── */

type SizeDraft = { sku: string; name: Texts; stock: string; pointsPrice: string; prices: Record<Currency, { unit: string; original: string }> };
type Draft = Omit<Product, 'specifications' | 'pictures'> & { specifications: SizeDraft[]; pictures: PictureDraft[] };

function newSize(): Size {
  return { sku: '', name: emptyTexts(), stock: 0, prices: {} };
}

const toDraft = (product: Product, pictureUrls: string[] = []): Draft => ({
  ...product,
  pictures: toPictureDrafts(product.pictures, pictureUrls),
  specifications: product.specifications.map((size) => ({
    sku: size.sku,
    name: { ...size.name },
    stock: String(size.stock),
    pointsPrice: size.pointsPrice === undefined ? '' : String(size.pointsPrice),
    prices: Object.fromEntries(
      currencies.map((currency) => {
        const price = size.prices[currency];
        return [currency, { unit: price ? toMajorUnits(price.unitPrice) : '', original: price?.originalPrice ? toMajorUnits(price.originalPrice) : '' }];
      }),
    ) as SizeDraft['prices'],
  })),
});

/** The draft in the import format, or the fields that are not numbers at all. */
function fromDraft(draft: Draft, t: Translate): { product: Product; errors: Errors } {
  const errors: Errors = {};
  const whole = (text: string, path: string) => {
    if (!/^\d{1,9}$/.test(text.trim())) {
      errors[path] = t('admin.catalogue.wholeNumber');
      return 0;
    }
    return Number(text.trim());
  };
  const amount = (text: string, path: string) => {
    const minor = parseMajorUnits(text);
    if (minor === null) errors[path] = t('admin.catalogue.amount');
    return minor ?? 0;
  };
  const specifications = draft.specifications.map((size, index): Size => {
    const prices: Size['prices'] = {};
    for (const currency of currencies) {
      const { unit, original } = size.prices[currency];
      const path = `specifications.${index}.prices.${currency}`;
      if (!unit.trim()) {
        if (original.trim()) errors[`${path}.unitPrice`] = t('admin.catalogue.priceToo');
        continue;
      }
      const unitPrice = amount(unit, `${path}.unitPrice`);
      prices[currency] = original.trim() ? { unitPrice, originalPrice: amount(original, `${path}.originalPrice`) } : { unitPrice };
    }
    return {
      sku: size.sku.trim(),
      name: size.name,
      stock: whole(size.stock, `specifications.${index}.stock`),
      ...(size.pointsPrice.trim() ? { pointsPrice: whole(size.pointsPrice, `specifications.${index}.pointsPrice`) } : {}),
      prices,
    };
  });
  return { product: { ...draft, slug: draft.slug.trim(), pictures: fromPictureDrafts(draft.pictures), specifications }, errors };
}

/** Posts to the catalogue API; answers the envelope, whose refusal names each invalid field in `data.issues`. */
const postCatalogue = (path: string, body: unknown) => adminEnvelope(`/catalogue${path}`, body);
const saveProduct = (mode: 'create' | 'update', product: Product) => postCatalogue(`/product/${mode}`, { product });

function ProductEditor({ mode, initial, canWrite, onClose }: { mode: 'create' | 'update'; initial: Editable; canWrite: boolean; onClose: (saved?: string) => void }) {
  const { t } = useBackOfficeLanguage();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial.product, initial.pictureUrls));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = mode === 'create' ? t('admin.catalogue.newProduct') : t('admin.catalogue.edit', { name: initial.product.name.EN || initial.product.slug });

  const update = (change: (draft: Draft) => void) =>
    setDraft((current) => {
      const next = structuredClone(current);
      change(next);
      return next;
    });


  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const { product, errors: local } = fromDraft(draft, t);
    if (Object.keys(local).length) {
      setErrors(local);
      setFailure(t('admin.catalogue.fieldsNeedChange'));
      return;
    }
    setBusy(true);
    try {
      const answer = await saveProduct(mode, product);
      if (answer.code === 1) return onClose(product.slug);
      const issues = issuesOf(answer);
      setErrors(issues ? Object.fromEntries(issues.map((issue) => [issue.path || 'product', issue.message])) : {});
      setFailure(issues ? t('admin.catalogue.fieldsNeedChange') : answer.message);
    } catch (caught) {
      setFailure((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="product-title">
      <div className="catalogue__head">
        <h1 id="product-title">{title}</h1>
        <button type="button" className="button button--ghost" onClick={() => onClose()}>
          {t('admin.catalogue.back')}
        </button>
      </div>
      <form className="catalogue__editor" onSubmit={save} noValidate>
        <div className="catalogue__row">
          <TextField
            label={t('admin.catalogue.slug')}
            value={draft.slug}
            error={errors.slug}
            readOnly={mode === 'update' || !canWrite}
            hint={t('admin.catalogue.slugHint')}
            onChange={(value) =>
              update((next) => {
                next.slug = value;
              })
            }
          />
          <label className="field">
            <span>{t('admin.catalogue.category')}</span>
            <select
              value={draft.category}
              disabled={!canWrite}
              onChange={(event) => {
                const category = event.currentTarget.value as Category;
                update((next) => {
                  next.category = category;
                });
              }}
            >
              {categories.map((category) => (
                <option key={category} value={category}>
                  {categoryName(category, t)}
                </option>
              ))}
            </select>
          </label>
          <label className="catalogue__check">
            <input
              type="checkbox"
              checked={draft.onSale}
              disabled={!canWrite}
              onChange={(event) => {
                const onSale = event.currentTarget.checked;
                update((next) => {
                  next.onSale = onSale;
                });
              }}
            />
            <span>{t('admin.catalogue.onSale')}</span>
          </label>
        </div>

        <LanguageTexts
          caption={t('admin.catalogue.texts')}
          rows={[
            { field: 'name', label: t('admin.catalogue.name') },
            { field: 'summary', label: t('admin.catalogue.summary') },
            { field: 'description', label: t('admin.catalogue.description'), multiline: true },
          ]}
          missingLabel={t('admin.catalogue.missing')}
          values={draft}
          errors={errors}
          readOnly={!canWrite}
          onChange={(field, language, value) =>
            update((next) => {
              next[field][language] = value;
            })
          }
        />

        <CataloguePictures
          pictures={draft.pictures}
          errors={errors}
          readOnly={!canWrite}
          busy={busy}
          onBusy={setBusy}
          onChange={(change) => update((next) => change(next.pictures))}
          onUploadError={(message) => setErrors(({ pictures: _dropped, ...rest }) => (message ? { ...rest, pictures: message } : rest))}
        />

        {draft.specifications.map((size, index) => (
          <SizeEditor
            key={index}
            index={index}
            size={size}
            errors={errors}
            readOnly={!canWrite}
            removable={draft.specifications.length > 1 && canWrite}
            onChange={(change) => update((next) => change(next.specifications[index]!))}
            onRemove={() =>
              update((next) => {
                next.specifications.splice(index, 1);
              })
            }
          />
        ))}
        {canWrite && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() =>
              update((next) => {
                next.specifications.push(toDraft({ ...initial.product, specifications: [newSize()] }).specifications[0]!);
              })
            }
          >
            {t('admin.catalogue.addSize')}
          </button>
        )}

        <ErrorText error={failure} />
        {canWrite && (
          <div className="catalogue__save">
            <button className="button" type="submit" disabled={busy}>
              {t(mode === 'create' ? 'admin.catalogue.create' : 'admin.catalogue.save')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

function SizeEditor({
  index,
  size,
  errors,
  readOnly,
  removable,
  onChange,
  onRemove,
}: {
  index: number;
  size: SizeDraft;
  errors: Errors;
  readOnly: boolean;
  removable: boolean;
  onChange: (change: (size: SizeDraft) => void) => void;
  onRemove: () => void;
}) {
  const { t } = useBackOfficeLanguage();
  const path = `specifications.${index}`;
  const label = t('admin.catalogue.size', { number: index + 1 });
  return (
    <fieldset className="catalogue__size">
      <legend>{label}</legend>
      <div className="catalogue__row">
        <TextField label={t('admin.catalogue.sizeSku', { label })} value={size.sku} error={errors[`${path}.sku`]} readOnly={readOnly} onChange={(value) => onChange((next) => void (next.sku = value))} />
        {languages.map((language) => (
          <TextField
            key={language}
            label={t('admin.catalogue.sizeName', { label, language })}
            missingLabel={t('admin.catalogue.missing')}
            value={size.name[language]}
            missing={!size.name[language].trim()}
            error={errors[`${path}.name.${language}`]}
            readOnly={readOnly}
            onChange={(value) => onChange((next) => void (next.name[language] = value))}
          />
        ))}
      </div>
      <div className="catalogue__row">
        <TextField label={t('admin.catalogue.sizeStock', { label })} inputMode="numeric" value={size.stock} error={errors[`${path}.stock`]} readOnly={readOnly} onChange={(value) => onChange((next) => void (next.stock = value))} />
        <TextField
          label={t('admin.catalogue.sizePoints', { label })}
          inputMode="numeric"
          value={size.pointsPrice}
          hint={t('admin.catalogue.pointsHint')}
          error={errors[`${path}.pointsPrice`]}
          readOnly={readOnly}
          onChange={(value) => onChange((next) => void (next.pointsPrice = value))}
        />
      </div>
      <div className="catalogue__row">
        {currencies.map((currency) => (
          <div key={currency} className="catalogue__price">
            <TextField
              label={t('admin.catalogue.sizePrice', { label, currency })}
              inputMode="decimal"
              value={size.prices[currency].unit}
              hint={t('admin.catalogue.priceHint')}
              error={errors[`${path}.prices.${currency}.unitPrice`] ?? errors[`${path}.prices.${currency}`]}
              readOnly={readOnly}
              onChange={(value) => onChange((next) => void (next.prices[currency].unit = value))}
            />
            <TextField
              label={t('admin.catalogue.sizeOriginal', { label, currency })}
              inputMode="decimal"
              value={size.prices[currency].original}
              error={errors[`${path}.prices.${currency}.originalPrice`]}
              readOnly={readOnly}
              onChange={(value) => onChange((next) => void (next.prices[currency].original = value))}
            />
          </div>
        ))}
      </div>
      {removable && (
        <button type="button" className="button button--ghost button--small" onClick={onRemove}>
          {t('admin.catalogue.removeSize', { number: index + 1 })}
        </button>
      )}
    </fieldset>
  );
}
