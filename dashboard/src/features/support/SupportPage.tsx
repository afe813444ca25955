import type { SubmissionSummary, SupportRequest } from '@showback/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/useToast.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { listSubmissions } from '../recordings/submissionsApi.ts';
import { displayStatus, followUpRequest, listMySupportRequests, openSupportRequest } from './supportApi.ts';
import styles from './Helpdesk.module.css';
import { formatDate, formatDateTime } from '../../ui/formatters.ts';
import '../../messages/en/helpdesk.ts';
import '../../messages/en/titles.ts';

const PER_PAGE = 20;

/** /support: open a request to the Showback team and follow the ones already open, with the team's replies. */
export function SupportPage() {
  const toast = useToast();
  const [requests, setRequests] = useState<SupportRequest[] | undefined>(undefined);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [recordings, setRecordings] = useState<SubmissionSummary[]>([]);
  const [loadFailed, setLoadFailed] = useState(false);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [submissionId, setSubmissionId] = useState('');
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const load = async (onPage: number) => {
    try {
      const list = await listMySupportRequests(onPage);
      setRequests(list.items);
      setTotal(list.total);
    } catch {
      setLoadFailed(true);
    }
  };
  useEffect(() => {
    void load(page);
  }, [page]);
  useEffect(() => {
    // The latest recordings are the ones people ask about; the picker stays optional.
    listSubmissions({ page: 1, per_page: 50 }).then((list) => setRecordings(list.items), () => setRecordings([]));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await openSupportRequest({ subject, message, submission_id: submissionId || null });
      setSubject('');
      setMessage('');
      setSubmissionId('');
      toast.show({ tone: 'success', message: t('helpdesk.support.sent') });
      setPage(1);
      await load(1);
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'NETWORK_ERROR', t('helpdesk.support.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('titles.support')} subtitle={t('helpdesk.support.intro')} />
      <Card>
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <h2 className={styles.heading}>{t('helpdesk.support.newTitle')}</h2>
          {error && !error.hasFieldErrors && <Banner tone="error">{error.message}</Banner>}
          <TextField label={t('helpdesk.support.subject')} value={subject} maxLength={160} required onChange={(e) => setSubject(e.target.value)} error={error?.fieldError('subject')} />
          <TextAreaField label={t('helpdesk.support.message')} value={message} maxLength={5000} required onChange={(e) => setMessage(e.target.value)} error={error?.fieldError('message')} />
          <SelectField
            label={t('helpdesk.support.recording')}
            value={submissionId}
            onChange={(e) => setSubmissionId(e.target.value)}
            options={[{ value: '', label: t('helpdesk.support.noRecording') }, ...recordings.map((r) => ({ value: r.id, label: `${r.request_title} · ${r.recipient_name ?? r.recipient_email ?? '—'} · ${formatDate(r.created_at)}` }))]}
            error={error?.fieldError('submission_id')}
          />
          <div className={styles.row}>
            <Button type="submit" busy={busy}>{t('helpdesk.support.send')}</Button>
          </div>
        </form>
      </Card>
      <section className={styles.stack} aria-labelledby="support-yours">
        <h2 id="support-yours" className={styles.heading}>{t('helpdesk.support.yours')}</h2>
        {loadFailed && <Banner tone="error">{t('helpdesk.support.loadFailed')}</Banner>}
        {requests?.length === 0 && <EmptyState title={t('helpdesk.support.none')} />}
        {requests?.map((request) => <SupportRequestCard key={request.id} request={request} onChanged={(updated) => setRequests((list) => list?.map((r) => (r.id === updated.id ? updated : r)))} />)}
        <Pagination page={page} perPage={PER_PAGE} total={total} onPage={setPage} />
      </section>
    </div>
  );
}

function SupportRequestCard({ request, onChanged }: { request: SupportRequest; onChanged: (request: SupportRequest) => void }) {
  const status = displayStatus(request);
  return (
    <Card className={styles.stack}>
      <div className={styles.spread}>
        <div>
          <h3 className={styles.heading}>{request.subject}</h3>
          <p className={styles.muted}>{t('helpdesk.support.openedAt', { date: formatDateTime(request.created_at) })}</p>
        </div>
        <span className={styles.badge} data-status={status}>{t(`helpdesk.status.${status}`)}</span>
      </div>
      <p className={styles.text}>{request.message}</p>
      {request.submission_id && <Link to={`/my/recordings/${request.submission_id}`}>{t('helpdesk.support.viewRecording')}</Link>}
      {request.replies.length === 0 ? (
        <p className={styles.muted}>{t('helpdesk.support.noReplies')}</p>
      ) : (
        request.replies.map((reply) => (
          <div key={reply.id} className={styles.reply} data-author={reply.author}>
            <p className={styles.meta}>{reply.author === 'customer' ? t('helpdesk.support.you') : reply.author_name} · {formatDateTime(reply.created_at)}</p>
            <p className={styles.text}>{reply.body}</p>
          </div>
        ))
      )}
      <FollowUpForm request={request} onChanged={onChanged} />
    </Card>
  );
}

/** The customer's reply on their own request: it joins the thread and reopens a closed request. */
function FollowUpForm({ request, onChanged }: { request: SupportRequest; onChanged: (request: SupportRequest) => void }) {
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await followUpRequest(request.id, text));
      setText('');
      toast.show({ tone: 'success', message: t('helpdesk.support.followUpSent') });
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'NETWORK_ERROR', t('helpdesk.support.followUpFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {error && !error.hasFieldErrors && <Banner tone="error">{error.message}</Banner>}
      <TextAreaField label={t('helpdesk.support.followUp')} rows={3} value={text} maxLength={5000} onChange={(e) => setText(e.target.value)} error={error?.fieldError('body')} />
      <div className={styles.row}>
        <Button type="submit" variant="secondary" busy={busy} disabled={text.trim() === ''}>{t('helpdesk.support.followUpSend')}</Button>
      </div>
    </form>
  );
}
