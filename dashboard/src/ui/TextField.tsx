import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** Shown under the field in red and announced; marks the input invalid. */
  error?: string;
  /** Rendered inside the field on the right (a show-password toggle, a copy button). */
  end?: ReactNode;
}

export function TextField({ label, hint, error, end, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={[styles.field, end ? styles.withEnd : '', className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          {...input}
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        />
        {end && <div className={styles.end}>{end}</div>}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert" style={{ margin: 0 }}>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className={styles.hint} style={{ margin: 0 }}>
          {hint}
        </p>
      )}
    </div>
  );
}

export interface SelectFieldProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string;
  options: { value: string; label: string }[];
  placeholder?: string;
}

export function SelectField({ label, error, options, placeholder, className, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select {...select} id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={errorId}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={styles.error} role="alert" style={{ margin: 0 }}>
          {error}
        </p>
      )}
    </div>
  );
}
