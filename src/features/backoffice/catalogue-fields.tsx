import { useId, type ReactNode } from 'react';
import { languages, type Language } from '@/lib/locale';

/* The back office's labelled fields (products, adverts): each with its hint, "missing translation" tag and error. */

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p className="field-error" id={id}>
      {error ?? ''}
    </p>
  );
}

/** A labelled text input (or text area) with its hint, error and, for a text of one language, a missing-translation marker. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  missing,
  missingLabel = 'missing translation',
  multiline,
  readOnly,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  missing?: boolean;
  missingLabel?: string | undefined;
  multiline?: boolean | undefined;
  readOnly?: boolean | undefined;
  inputMode?: 'numeric' | 'decimal';
}) {
  const id = useId();
  const described = [missing ? `${id}-missing` : '', hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  const control: ReactNode = multiline ? (
    <textarea
      id={id}
      rows={4}
      value={value}
      readOnly={readOnly}
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  ) : (
    <input
      id={id}
      value={value}
      readOnly={readOnly}
      inputMode={inputMode}
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
  return (
    <div className="field">
      <div className="catalogue__label">
        <label htmlFor={id}>{label}</label>
        {missing && (
          <span id={`${id}-missing`} className="tag catalogue__missing">
            {missingLabel}
          </span>
        )}
      </div>
      {control}
      {hint && (
        <small id={`${id}-hint`} className="catalogue__hint">
          {hint}
        </small>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

type LanguageTextsProps<Field extends string> = {
  caption: string;
  rows: { field: Field; label: string; multiline?: boolean }[];
  values: Record<Field, Record<Language, string>>;
  /** By path, as the server names them (`title.ZH`). */
  errors: Record<string, string>;
  missingLabel?: string;
  readOnly?: boolean;
  onChange: (field: Field, language: Language, value: string) => void;
};

/** Texts in every language side by side: a row per field, a column per language, each empty one marked as a missing translation. */
export function LanguageTexts<Field extends string>({
  caption,
  rows,
  values,
  errors,
  missingLabel,
  readOnly,
  onChange,
}: LanguageTextsProps<Field>) {
  return (
    <table className="data-table catalogue__texts">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <td />
          {languages.map((language) => (
            <th key={language} scope="col">
              {language}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ field, label, multiline }) => (
          <tr key={field}>
            <th scope="row">{label}</th>
            {languages.map((language) => (
              <td key={language}>
                <TextField
                  label={`${label} (${language})`}
                  value={values[field][language]}
                  error={errors[`${field}.${language}`]}
                  missing={!values[field][language].trim()}
                  missingLabel={missingLabel}
                  multiline={multiline}
                  readOnly={readOnly}
                  onChange={(value) => onChange(field, language, value)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
