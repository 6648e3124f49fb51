import { useId, type ReactNode } from 'react';

/* The catalogue editor's labelled fields: each with its hint, "missing translation" tag and error. */

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p className="field-error" id={id}>
      {error ?? ''}
    </p>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  missing,
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
  multiline?: boolean;
  readOnly?: boolean;
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
            missing translation
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
