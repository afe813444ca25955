import { useRef, useState, type FormEvent } from 'react';
import type { Recipient, RequestFields } from '@showback/contract';
import { validateDetails, type DetailsErrors } from '../app/details.ts';
import { m } from '../messages/index.ts';
import { StepHeading } from '../ui/StepHeading.tsx';

interface Props {
  fields: RequestFields;
  initial: Recipient;
  onSubmit(recipient: Recipient): void;
  onBack(): void;
}

export function DetailsStep({ fields, initial, onSubmit, onBack }: Props) {
  const [values, setValues] = useState<Recipient>(initial);
  const [errors, setErrors] = useState<DetailsErrors>({});
  const form = useRef<HTMLFormElement>(null);

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const result = validateDetails(fields, values);
    setErrors(result.errors);
    const firstBad = (['name', 'email', 'note'] as const).find((k) => result.errors[k]);
    if (firstBad) form.current?.querySelector<HTMLElement>(`[name="${firstBad}"]`)?.focus();
    else onSubmit(result.recipient);
  };

  const input = (key: keyof Recipient, label: string, type: 'text' | 'email' | 'textarea', autoComplete?: string) => {
    const mode = fields[key];
    if (mode === 'off') return null;
    const id = `details-${key}`;
    const error = errors[key];
    const common = {
      id,
      name: key,
      value: values[key] ?? '',
      required: mode === 'required',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    };
    return (
      <div className="field">
        <label htmlFor={id}>
          {label} {mode === 'optional' && <span className="muted">{m.details.optional}</span>}
        </label>
        {type === 'textarea' ? <textarea rows={4} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
        {error && (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="step" data-step="details">
      <StepHeading>{m.details.title}</StepHeading>
      <p>{m.details.body}</p>
      <form ref={form} onSubmit={submit} noValidate>
        {input('name', m.details.name, 'text', 'name')}
        {input('email', m.details.email, 'email', 'email')}
        {input('note', m.details.note, 'textarea')}
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {m.details.continue}
          </button>
          <button type="button" className="btn btn-secondary btn-back" onClick={onBack}>
            {m.back}
          </button>
        </div>
      </form>
    </section>
  );
}
