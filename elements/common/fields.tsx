import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useT } from './context.ts';

/**
 * Form fields shared by every window: a real <label>, the spec's field `name`, a required marker,
 * and an error message tied to the control (aria-invalid + aria-describedby). The message is no live
 * region: a refused submit shows every error at once, and the form moves focus to the first invalid
 * field, whose description (its error) is read with it — one announcement, not one alert per field.
 */
interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

function FieldFrame({ label, error, hint, required, children }: FieldFrameProps) {
  const t = useT();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`la-field cx-form-group${error ? ' la-field--invalid' : ''}`}>
      <label htmlFor={id} className="cx-control-label">
        {label}
        {required ? (
          <span className="la-field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
        {required ? <span className="la-visually-hidden"> ({t.t('common.required')})</span> : null}
      </label>
      {children({ id, describedBy })}
      {hint ? (
        <span id={`${id}-hint`} className="la-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="la-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; name: string; error?: string | undefined; hint?: ReactNode };

export function TextField({ label, error, hint, required, ...input }: InputProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="text"
          {...input}
          className={`cx-input cx-form-control${input.className ? ` ${input.className}` : ''}`}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string; name: string; error?: string | undefined; hint?: ReactNode };

export function TextArea({ label, error, hint, required, ...area }: AreaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          {...area}
          className={`cx-input cx-form-control${area.className ? ` ${area.className}` : ''}`}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
