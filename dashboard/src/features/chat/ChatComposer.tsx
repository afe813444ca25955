import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import styles from '../support/Helpdesk.module.css';
import '../../messages/en/helpdesk.ts';

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({ onSend }: { onSend: (body: string) => Promise<void> }) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (body.trim() === '' || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await onSend(body);
      setBody('');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) void send(event);
  };
  return (
    <form className={styles.form} onSubmit={(e) => void send(e)}>
      <TextAreaField label={t('helpdesk.chat.message')} rows={3} maxLength={4000} value={body} onChange={(e) => setBody(e.target.value)} onKeyDown={onKeyDown} error={failed ? t('helpdesk.chat.sendFailed') : undefined} />
      <div className={styles.row}>
        <Button type="submit" busy={busy} disabled={body.trim() === ''}>{t('helpdesk.chat.send')}</Button>
      </div>
    </form>
  );
}
