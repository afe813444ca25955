import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactReceipt } from '@showback/contract';
import { api, ApiError } from '../../../app/api.ts';
import { useHydrated } from '../../../app/useHydrated.ts';
import { useTypedBeforeHydration } from '../../../app/useTypedBeforeHydration.ts';
import { t } from '../../../messages/t.ts';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { SelectField, TextField } from '../../../ui/TextField.tsx';
import styles from '../marketing.module.css';
import { validateContact, type ContactErrors, type ContactField } from './validateContact.ts';
import '../../../messages/en/marketing.ts';

const EMPTY: Record<ContactField, string> = { name: '', email: '', company: '', topic: '', message: '' };

export function ContactForm() {
  const [params] = useSearchParams();
  const preset = params.get('topic') ?? '';
  const [values, setValues] = useState({ ...EMPTY, topic: (CONTACT_TOPICS as readonly string[]).includes(preset) ? preset : '' });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<{ id: string; email: string }>();
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (typeof value === 'string' && name in EMPTY) setValues((v) => ({ ...v, [name]: value }));
  });
  // Until hydrated the button cannot send: the bare form would reload the page with the message in its address.
  const hydrated = useHydrated();

  const set = (field: ContactField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const { errors: found, body } = validateContact(values);
    setErrors(found);
    setFailure(undefined);
    if (!body) {
      const first = Object.keys(found)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await api.post<ContactReceipt>('contact', body);
      setReceipt({ id: result.id, email: body.email });
      setValues(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.hasFieldErrors) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])) as ContactErrors);
      } else if (error instanceof ApiError && error.code === 'RATE_LIMITED') setFailure(t('marketing.contact.rateLimited'));
      else setFailure(t('marketing.contact.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (receipt) {
    return (
      <div className={styles.card} role="status" data-testid="contact-sent">
        <h2>{t('marketing.contact.sentTitle')}</h2>
        <p>{t('marketing.contact.sentText', { id: receipt.id.slice(0, 8), email: receipt.email })}</p>
        <Button variant="secondary" onClick={() => setReceipt(undefined)}>{t('marketing.contact.sendAnother')}</Button>
      </div>
    );
  }

  return (
    <form ref={formRef} className={[styles.card, styles.contactForm].join(' ')} onSubmit={onSubmit} noValidate>
      {failure && <Banner tone="error">{failure}</Banner>}
      <TextField label={t('marketing.contact.name')} name="name" autoComplete="name" maxLength={CONTACT_LIMITS.name} value={values.name} onChange={set('name')} error={errors.name} required />
      <TextField label={t('marketing.contact.email')} name="email" type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} value={values.email} onChange={set('email')} error={errors.email} required />
      <TextField label={t('marketing.contact.company')} hint={t('marketing.contact.companyHint')} name="company" autoComplete="organization" maxLength={CONTACT_LIMITS.company} value={values.company} onChange={set('company')} error={errors.company} />
      <SelectField
        label={t('marketing.contact.topic')}
        name="topic"
        placeholder={t('marketing.contact.topicPlaceholder')}
        options={CONTACT_TOPICS.map((value) => ({ value, label: t(`marketing.contact.topics.${value}`) }))}
        value={values.topic}
        onChange={set('topic')}
        error={errors.topic}
        required
      />
      <div className={styles.field}>
        <label htmlFor="contact-message" className={styles.fieldLabel}>{t('marketing.contact.message')}</label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          className={styles.textarea}
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          onChange={set('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : 'contact-message-hint'}
          required
        />
        {errors.message ? (
          <p id="contact-message-error" className={styles.fieldError} role="alert">{errors.message}</p>
        ) : (
          <p id="contact-message-hint" className={styles.fieldHint}>{t('marketing.contact.messageHint')}</p>
        )}
      </div>
      <Button type="submit" busy={busy} disabled={!hydrated}>{busy ? t('marketing.contact.sending') : t('marketing.contact.send')}</Button>
    </form>
  );
}
