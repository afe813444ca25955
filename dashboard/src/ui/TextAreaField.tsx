import { useId, type TextareaHTMLAttributes } from 'react';
import styles from './TextField.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Shown under the field and announced with it (a list of addresses or domains, one per line). */
  hint?: string;
  /** Shown under the field in red and announced; marks the text area invalid. */
  error?: string;
}

/** A labelled multi-line text field, styled like TextField. */
export function TextAreaField({ label, hint, error, className, rows = 5, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea {...textarea} id={id} rows={rows} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined} />
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
