import { useState, type FormEvent } from 'react';
import { categories, type Category } from '@/lib/categories';
import { issuesOf } from '../admin-api';
import { LanguageTexts, TextField } from '../catalogue-fields';
import { ErrorText, useBackOfficeLanguage } from '../ui';
import {
  categoryName,
  fromDraft,
  newSize,
  saveProduct,
  toDraft,
  type Draft,
  type Editable,
  type Errors,
} from './catalogue-draft';
import { CataloguePictures } from './CataloguePictures';
import { SizeEditor } from './SizeEditor';

/** One product's editor: texts in every language side by side, pictures, sizes; the server answers every invalid field by its path. */
export function ProductEditor({
  mode,
  initial,
  canWrite,
  onClose,
}: {
  mode: 'create' | 'update';
  initial: Editable;
  canWrite: boolean;
  onClose: (saved?: string) => void;
}) {
  const { t } = useBackOfficeLanguage();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial.product, initial.pictureUrls));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title =
    mode === 'create'
      ? t('admin.catalogue.newProduct')
      : t('admin.catalogue.edit', { name: initial.product.name.EN || initial.product.slug });

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
          onUploadError={(message) =>
            setErrors(({ pictures: _dropped, ...rest }) => (message ? { ...rest, pictures: message } : rest))
          }
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
                next.specifications.push(
                  toDraft({ ...initial.product, specifications: [newSize()] }).specifications[0]!,
                );
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
