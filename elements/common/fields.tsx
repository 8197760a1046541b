import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
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

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  options: readonly { text: string; value: string; disabled?: boolean | undefined }[];
};

export function SelectField({ label, error, hint, required, options, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy }) => (
        <select
          id={id}
          {...select}
          className={`cx-input cx-form-control${select.className ? ` ${select.className}` : ''}`}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.text}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

type CheckProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { label: string; name: string; error?: string | undefined };

/** A checkbox after its label's text, in one row that is one touch target; the error below, tied to the box. */
export function CheckboxField({ label, error, required, ...input }: CheckProps) {
  const t = useT();
  const id = useId();
  return (
    <div className={`la-field la-field--check cx-form-group${error ? ' la-field--invalid' : ''}`}>
      <label htmlFor={id} className="la-field__choice cx-control-label">
        <input
          id={id}
          type="checkbox"
          {...input}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>
          {label}
          {required ? (
            <span className="la-field__required" aria-hidden="true">
              {' *'}
            </span>
          ) : null}
          {required ? <span className="la-visually-hidden"> ({t.t('common.required')})</span> : null}
        </span>
      </label>
      {error ? (
        <span id={`${id}-error`} className="la-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

type RadioProps = {
  label: string;
  name: string;
  value: string;
  options: readonly { text: string; value: string; disabled?: boolean | undefined }[];
  error?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  onChange(value: string): void;
};

/** Radios in a group named by its legend; the group carries the error (aria-describedby) and the marking. */
export function RadioGroup({ label, name, value, options, error, required, disabled, onChange }: RadioProps) {
  const t = useT();
  const id = useId();
  return (
    <fieldset
      className={`la-field la-field--group cx-form-group${error ? ' la-field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="cx-control-label">
        {label}
        {required ? (
          <span className="la-field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
        {required ? <span className="la-visually-hidden"> ({t.t('common.required')})</span> : null}
      </legend>
      {options.map((option, index) => (
        <label key={option.value} className="la-field__choice" htmlFor={`${id}-${index}`}>
          <input
            id={`${id}-${index}`}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={option.disabled}
            required={required}
            onChange={() => onChange(option.value)}
          />
          <span>{option.text}</span>
        </label>
      ))}
      {error ? (
        <span id={`${id}-error`} className="la-field__error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
