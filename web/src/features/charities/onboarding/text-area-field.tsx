import { useId } from 'react';

/** A multi-line field with the same label, hint and error as the design system's TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  value,
  maxLength,
  rows = 4,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  maxLength: number;
  rows?: number;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input text-area-field"
        rows={rows}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
