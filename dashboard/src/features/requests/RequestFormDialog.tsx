import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FIELD_MODES, LOCALE_CODES, LOCALE_NAMES, type FieldMode, type Locale, type RecordingRequest } from '@showback/contract';
import { ApiError } from '../../app/api.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { t } from '../../messages/t.ts';
import { reviewErrorMessage } from '../../app/reviewErrorMessage.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import { createRequest, updateRequest } from './requestsApi.ts';
import { SERVER_FIELDS, initialValues, toBody, today, validate, type RequestFormErrors, type RequestFormValues } from './requestForm.ts';
import { sanitizeInstructions } from './sanitizeInstructions.ts';
import styles from './RequestFormDialog.module.css';
import '../../messages/en/requests.ts';
import '../../messages/en/common.ts';

export interface RequestFormDialogProps {
  /** The request to edit; undefined to create one. */
  request?: RecordingRequest;
  onClose: () => void;
  onSaved: (request: RecordingRequest, created: boolean) => void;
}

function serverFieldErrors(error: ApiError): RequestFormErrors {
  const errors: RequestFormErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const key = SERVER_FIELDS[field.replace(/^\//, '').split(/[./]/)[0] ?? ''];
    if (key && messages[0]) errors[key] = messages[0];
  }
  return errors;
}

/** Create or edit a recording request in a modal dialog (rendered only while open). */
export function RequestFormDialog({ request, onClose, onSaved }: RequestFormDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const uid = useId();
  const [values, setValues] = useState<RequestFormValues>(() => initialValues(request));
  const [errors, setErrors] = useState<RequestFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => sanitizeInstructions(values.instructions), [values.instructions]);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const body = toBody(values);
      const saved = request ? await updateRequest(request.id, body) : await createRequest(body);
      onSaved(saved, !request);
    } catch (error) {
      if (error instanceof ApiError && error.hasFieldErrors) setErrors(serverFieldErrors(error));
      setFormError(reviewErrorMessage(error, t('requests.form.failed')));
    } finally {
      setBusy(false);
    }
  };

  const modeOptions = (labels: 'mode' | 'modeAsk') => FIELD_MODES.map((m) => ({ value: m, label: t(`requests.form.${labels}.${m}`) }));
  const titleId = `${uid}-title`;

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose} onCancel={(e) => busy && e.preventDefault()}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={titleId} className={styles.heading}>
          {request ? t('requests.form.editTitle') : t('requests.form.createTitle')}
        </h2>
        {formError && <Banner tone="error">{formError}</Banner>}

        <TextField
          label={t('requests.form.titleLabel')}
          hint={t('requests.form.titleHint')}
          value={values.title}
          maxLength={200}
          required
          autoFocus
          error={errors.title}
          onChange={(e) => set('title', e.target.value)}
        />

        <div className={styles.field}>
          <span id={`${uid}-instructions`} className={styles.label}>
            {t('requests.form.instructions')}
          </span>
          <p id={`${uid}-instructions-hint`} className={styles.hint}>
            {t('requests.form.instructionsHint')}
          </p>
          <RichTextEditor
            id={`${uid}-editor`}
            initialHtml={values.instructions}
            onChange={(html) => set('instructions', html)}
            labelledBy={`${uid}-instructions`}
            describedBy={`${uid}-instructions-hint`}
          />
          {errors.instructions && (
            <p className={styles.error} role="alert">
              {errors.instructions}
            </p>
          )}
          <section className={styles.preview} aria-labelledby={`${uid}-preview`}>
            <h3 id={`${uid}-preview`} className={styles.previewTitle}>
              {t('requests.form.preview')}
            </h3>
            {preview.replace(/<[^>]*>/g, '').trim() ? (
              <div className={styles.previewBody} data-testid="instructions-preview" dangerouslySetInnerHTML={{ __html: preview }} />
            ) : (
              <p className={styles.hint}>{t('requests.form.previewEmpty')}</p>
            )}
          </section>
        </div>

        <div className={styles.row}>
          <SelectField
            label={t('requests.form.microphone')}
            value={values.microphone}
            options={modeOptions('mode')}
            onChange={(e) => set('microphone', e.target.value as FieldMode)}
          />
          <TextField
            label={t('requests.form.maxLength')}
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
            value={values.maxMinutes}
            error={errors.maxMinutes}
            hint={t('requests.form.maxLengthHint')}
            onChange={(e) => set('maxMinutes', e.target.value)}
          />
        </div>

        <TextField
          label={t('requests.form.expiry')}
          type="date"
          min={today()}
          value={values.expiryDate}
          hint={t('requests.form.expiryHint')}
          error={errors.expiryDate}
          onChange={(e) => set('expiryDate', e.target.value)}
        />

        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>{t('requests.form.askRecipient')}</legend>
          <div className={styles.row3}>
            {(['name', 'email', 'note'] as const).map((field) => (
              <SelectField
                key={field}
                label={t(`requests.form.ask${field === 'name' ? 'Name' : field === 'email' ? 'Email' : 'Note'}`)}
                value={values[field]}
                options={modeOptions('modeAsk')}
                onChange={(e) => set(field, e.target.value as FieldMode)}
              />
            ))}
          </div>
        </fieldset>

        <SelectField
          label={t('requests.form.language')}
          value={values.language}
          placeholder={t('requests.form.languageBrowser')}
          options={LOCALE_CODES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
          onChange={(e) => set('language', e.target.value as Locale | '')}
        />

        <TextField
          label={t('requests.form.redirect')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.redirectUrl}
          hint={t('requests.form.redirectHint')}
          error={errors.redirectUrl}
          maxLength={2000}
          onChange={(e) => set('redirectUrl', e.target.value)}
        />

        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => ref.current?.close()} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {request ? t('requests.form.save') : t('requests.form.create')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
