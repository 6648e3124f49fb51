import { useId, type ReactNode } from 'react';

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
    <textarea id={id} rows={4} value={value} readOnly={readOnly} aria-invalid={error ? true : undefined} aria-describedby={described} onChange={(event) => onChange(event.currentTarget.value)} />
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
