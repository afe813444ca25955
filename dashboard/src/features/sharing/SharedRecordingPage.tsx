import { useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { PublicBranding, SharedLinkInfo, Submission } from '@showback/contract';
import { ApiError } from '../../app/api.ts';
import { useAction } from '../../app/useAction.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { LoadFailedBanner } from '../../ui/LoadFailedBanner.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { formatDateTime } from '../../ui/formatters.ts';
import { RecordingHeading, RecordingReview } from '../recordings/RecordingReview.tsx';
import { useDiscussion } from '../recordings/comments/useDiscussion.tsx';
import { RecordingSourceContext } from '../recordings/recordingSource.ts';
import { getSharedComments, getSharedLink, getSharedRecording, guestCommentWriter, requestShareCode, sharedSource, verifyShareCode } from './sharingApi.ts';
import styles from './SharedRecordingPage.module.css';
import '../../messages/en/sharing.ts';
import '../../messages/en/common.ts';
import '../../messages/en/comments.ts';

/**
 * `/s/<token>`: a recording someone shared, for a viewer without an account. The account's branding on top; a
 * domain or named-people link first asks for the viewer's email and the code sent to it. Then the same review the
 * owner has, read-only, every panel reading through the link's own routes. No link leads into the dashboard.
 */
export function SharedRecordingPage() {
  const { token = '' } = useParams();
  const link = useApiResource((signal) => getSharedLink(token, signal), [token]);

  if (link.error !== undefined && !link.loading) return <Unavailable error={link.error} onRetry={link.reload} />;
  if (!link.data) return <PageSpinner label={t('common.loading')} />;
  const info = link.data;
  return (
    <Branded branding={info.branding}>
      {info.verified ? <SharedReview token={token} info={info} /> : <Verify token={token} info={info} onVerified={link.setData} />}
    </Branded>
  );
}

/** The account's name, logo and colour around the page; "Shared with Showback" unless the plan hides it. */
function Branded({ branding, children }: { branding: PublicBranding; children: ReactNode }) {
  const colours = branding.palette ? ({ '--accent': branding.palette.color, '--accent-hover': branding.palette.accent, '--on-accent': branding.palette.on_color, '--link': branding.palette.accent } as CSSProperties) : undefined;
  return (
    <div className={styles.page} style={colours}>
      <header className={styles.brand}>
        {branding.logo && <img className={styles.logo} src={branding.logo.url} width={branding.logo.width} height={branding.logo.height} alt="" />}
        <span className={styles.brandName}>{t('sharing.sharedBy', { name: branding.name })}</span>
      </header>
      <main className={styles.main}>{children}</main>
      {branding.powered_by && <footer className={styles.footer}>{t('sharing.poweredBy')}</footer>}
    </div>
  );
}

function Unavailable({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const gone = error instanceof ApiError && (error.status === 404 || error.status === 410);
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        {gone ? <EmptyState title={t('sharing.unavailable')}>{error.message}</EmptyState> : <LoadFailedBanner error={error} whatFailed={t('sharing.loadRecordingFailed')} onRetry={onRetry} />}
      </main>
    </div>
  );
}

/** The email, then the code sent to it; a right code answers the link as the now verified viewer sees it. */
function Verify({ token, info, onVerified }: { token: string; info: SharedLinkInfo; onVerified(info: SharedLinkInfo): void }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState('');
  const action = useAction<'send' | 'verify'>();

  const send = (event: FormEvent) => {
    event.preventDefault();
    void action.run('send', async () => {
      await requestShareCode(token, email.trim());
      setSentTo(email.trim());
    }, t('sharing.sendFailed'));
  };
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void action.run('verify', async () => onVerified(await verifyShareCode(token, sentTo!, code.trim())), t('sharing.verifyFailed'));
  };

  return (
    <section className={styles.verify} aria-labelledby="verify-title">
      <h1 id="verify-title" className={styles.verifyTitle}>{t('sharing.verifyTitle')}</h1>
      <p className={styles.muted}>{info.audience === 'domain' ? t('sharing.verifyDomain', { name: info.branding.name }) : t('sharing.verifyPeople')}</p>
      {action.error && <Banner tone="error">{action.error}</Banner>}
      {sentTo === undefined ? (
        <form className={styles.form} onSubmit={send} noValidate>
          <TextField label={t('sharing.email')} name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" busy={action.busy === 'send'} disabled={!email.trim()}>{t('sharing.sendCode')}</Button>
        </form>
      ) : (
        <form className={styles.form} onSubmit={verify} noValidate>
          <p role="status">{t('sharing.codeSent', { email: sentTo })}</p>
          <TextField label={t('sharing.code')} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required value={code} onChange={(e) => setCode(e.target.value)} />
          <div className={styles.actions}>
            <Button type="submit" busy={action.busy === 'verify'} disabled={code.trim().length !== 6}>{t('sharing.watch')}</Button>
            <Button variant="ghost" onClick={() => setSentTo(undefined)}>{t('sharing.otherEmail')}</Button>
          </div>
        </form>
      )}
    </section>
  );
}

function SharedReview({ token, info }: { token: string; info: SharedLinkInfo }) {
  const recording = useApiResource((signal) => getSharedRecording(token, signal), [token]);
  const [source] = useState(() => sharedSource(token));
  if (recording.error !== undefined && !recording.loading) return <Unavailable error={recording.error} onRetry={recording.reload} />;
  if (!recording.data) return <PageSpinner label={t('common.loading')} />;
  const header = <SharedHeader submission={recording.data} info={info} />;
  return (
    <RecordingSourceContext.Provider value={source}>
      {info.allow_comments && info.email ? <GuestReview token={token} email={info.email} submission={recording.data} header={header} /> : <RecordingReview submission={recording.data} header={header} shared />}
    </RecordingSourceContext.Provider>
  );
}

/**
 * A verified guest of a link that allows comments: the thread and its markers as on the owner's page, writing as the
 * guest (no editing, no moderation), @mentioning the recording's participants by name.
 */
function GuestReview({ token, email, submission, header }: { token: string; email: string; submission: Submission; header: ReactNode }) {
  const thread = useApiResource((signal) => getSharedComments(token, signal), [token]);
  const [writer] = useState(() => guestCommentWriter(token));
  const { playerMarks, discussion } = useDiscussion({
    writer,
    canComment: { allowed: true, reason: '' },
    thread,
    members: thread.data?.mentionable ?? [],
    placeholder: t('comments.guestPlaceholder'),
    note: t('comments.guestCanComment', { email }),
  });
  return <RecordingReview submission={submission} header={header} playerMarks={playerMarks} discussion={discussion} shared />;
}

function SharedHeader({ submission, info }: { submission: Submission; info: SharedLinkInfo }) {
  return (
    <RecordingHeading
      title={submission.request_title}
      subtitle={
        <>
          <time dateTime={submission.created_at}>{formatDateTime(submission.created_at)}</time>
          {info.email && <> · {t('sharing.viewingAs', { email: info.email })}</>}
        </>
      }
    />
  );
}
