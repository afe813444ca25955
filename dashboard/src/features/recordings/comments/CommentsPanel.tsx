import { useState, type FormEvent, type ReactNode } from 'react';
import { playerClock, type Comment, type CommentThread, type CreateComment, type UpdateComment } from '@showback/contract';
import type { ApiResource } from '../../../app/useApiResource.ts';
import { reviewErrorMessage } from '../../../app/reviewErrorMessage.ts';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { formatDateTime } from '../../../ui/formatters.ts';
import { LoadFailedBanner } from '../../../ui/LoadFailedBanner.tsx';
import { useConfirm } from '../../../ui/useConfirm.ts';
import { useToast } from '../../../ui/useToast.ts';
import { t } from '../../../messages/t.ts';
import { usePlayerClock } from '../usePlayerClock.ts';
import { MentionTextarea, mentionedIn, type Mentionable } from './MentionTextarea.tsx';
import { parseMoment } from './useCommentThread.ts';
import styles from './Comments.module.css';
import '../../../messages/en/comments.ts';

/**
 * Where the thread's changes go: a member's routes (features/recordings/comments/commentsApi.ts), or a share link's
 * for its verified guest, who adds and edits nothing else (no `edit`, no `remove`).
 */
export interface CommentWriter {
  add(body: CreateComment): Promise<Comment>;
  edit?: (commentId: string, body: UpdateComment) => Promise<Comment>;
  remove?: (commentId: string) => Promise<void>;
}

export interface CommentsPanelProps {
  writer: CommentWriter;
  /** Whether the viewer may write, and why not. */
  canComment: { allowed: boolean; reason: string };
  thread: Pick<ApiResource<CommentThread>, 'data' | 'error' | 'loading' | 'reload'>;
  members: Mentionable[];
  /** What the composer invites to write. */
  placeholder?: string;
  /** A line under the composer (a guest's: whom they comment as). */
  note?: string;
  /** The comment a marker under the video pointed at: shown highlighted. */
  focused: string | null;
}

/** The comment's text with its @mentions set off. */
function bodyWithMentions(comment: Comment): ReactNode[] {
  const names = comment.mentions.map((m) => `@${m.name}`).sort((a, b) => b.length - a.length);
  if (names.length === 0) return [comment.body];
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return comment.body.split(new RegExp(`(${escaped.join('|')})`, 'g')).map((part, i) => (names.includes(part) ? <mark key={i} className={styles.mention}>{part}</mark> : part));
}

/** Writing a comment or a reply: the text, and for a new thread the moment it is pinned to (the player's, editable). */
function Composer({ writer, members, placeholder, parentId, onDone, onCancel }: { writer: CommentWriter; members: Mentionable[]; placeholder?: string; parentId?: string; onDone: () => void; onCancel?: () => void }) {
  const clock = usePlayerClock();
  const [text, setText] = useState('');
  const [pinned, setPinned] = useState(!parentId);
  const [moment, setMoment] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const shownMoment = moment ?? playerClock(clock.currentTime * 1000);
  const atMs = pinned ? parseMoment(shownMoment) : undefined;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || (pinned && atMs === undefined)) return;
    setBusy(true);
    setError(undefined);
    try {
      await writer.add({ body: text.trim(), ...(atMs !== undefined ? { at_ms: atMs } : {}), ...(parentId ? { parent_id: parentId } : {}), mentions: mentionedIn(text, members) });
      setText('');
      setMoment(null);
      onDone();
    } catch (reason) {
      setError(reviewErrorMessage(reason, t('comments.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.composer} onSubmit={send}>
      <MentionTextarea
        value={text}
        onChange={setText}
        members={members}
        label={parentId ? t('comments.replyPlaceholder') : t('comments.write')}
        placeholder={parentId ? t('comments.replyPlaceholder') : (placeholder ?? t('comments.placeholder'))}
        onSubmit={() => void send()}
        autoFocus={Boolean(parentId)}
      />
      {error && <Banner tone="error">{error}</Banner>}
      <div className={styles.composerBar}>
        {!parentId && (
          <label className={styles.pin}>
            <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} />
            {t('comments.pin')}
            <input
              className={styles.momentInput}
              aria-label={t('comments.pinTime')}
              value={shownMoment}
              disabled={!pinned}
              aria-invalid={pinned && atMs === undefined}
              onChange={(e) => setMoment(e.target.value)}
              inputMode="numeric"
              size={6}
            />
          </label>
        )}
        <span className={styles.spacer} />
        {onCancel && (
          <Button variant="ghost" size="small" onClick={onCancel}>
            {t('comments.cancel')}
          </Button>
        )}
        <Button type="submit" size="small" busy={busy} disabled={!text.trim() || (pinned && atMs === undefined)}>
          {parentId ? t('comments.sendReply') : t('comments.send')}
        </Button>
      </div>
      {pinned && atMs === undefined && <p className={styles.hint}>{t('comments.pinInvalid')}</p>}
    </form>
  );
}

function CommentItem({ comment, writer, members, focused, onChanged, children }: { comment: Comment; writer: CommentWriter; members: Mentionable[]; focused: boolean; onChanged: () => void; children?: ReactNode }) {
  const clock = usePlayerClock();
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canEdit = comment.can_edit && writer.edit !== undefined;
  const canDelete = comment.can_delete && writer.remove !== undefined;

  const save = async () => {
    if (editing === null || !editing.trim() || !writer.edit) return;
    setBusy(true);
    try {
      await writer.edit(comment.id, { body: editing.trim(), mentions: mentionedIn(editing, members) });
      setEditing(null);
      onChanged();
    } catch (reason) {
      toast.show({ tone: 'error', message: reviewErrorMessage(reason, t('comments.failed')) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!writer.remove || !(await confirm({ title: t('comments.deleteTitle'), text: t('comments.deleteText'), confirmLabel: t('comments.delete') }))) return;
    try {
      await writer.remove(comment.id);
      toast.show({ tone: 'success', message: t('comments.deleted') });
      onChanged();
    } catch (reason) {
      toast.show({ tone: 'error', message: reviewErrorMessage(reason, t('comments.failed')) });
    }
  };

  return (
    <li className={[styles.comment, focused ? styles.focused : ''].join(' ')} id={`comment-${comment.id}`} data-testid="comment">
      <div className={styles.commentHead}>
        <strong>{comment.author.name}</strong>
        {comment.author.kind === 'guest' && <span className={styles.guest}>{t('comments.guest')}</span>}
        {comment.at_ms !== null && (
          <button type="button" className={styles.moment} onClick={() => clock.seek(comment.at_ms! / 1000)} aria-label={t('comments.seekTo', { time: playerClock(comment.at_ms!) })}>
            {playerClock(comment.at_ms!)}
          </button>
        )}
        <time className={styles.muted} dateTime={comment.created_at}>
          {formatDateTime(comment.created_at)}
        </time>
        {comment.edited_at && <span className={styles.muted}>· {t('comments.edited')}</span>}
      </div>
      {editing === null ? (
        <p className={styles.body}>{bodyWithMentions(comment)}</p>
      ) : (
        <div className={styles.composer}>
          <MentionTextarea value={editing} onChange={setEditing} members={members} label={t('comments.edit')} placeholder="" onSubmit={() => void save()} autoFocus />
          <div className={styles.composerBar}>
            <span className={styles.spacer} />
            <Button variant="ghost" size="small" onClick={() => setEditing(null)}>
              {t('comments.cancel')}
            </Button>
            <Button size="small" busy={busy} onClick={() => void save()}>
              {t('comments.save')}
            </Button>
          </div>
        </div>
      )}
      {editing === null && (canEdit || canDelete) && (
        <div className={styles.commentActions}>
          {canEdit && (
            <button type="button" className={styles.linkButton} onClick={() => setEditing(comment.body)}>
              {t('comments.edit')}
            </button>
          )}
          {canDelete && (
            <button type="button" className={styles.linkButton} onClick={() => void remove()}>
              {t('comments.delete')}
            </button>
          )}
        </div>
      )}
      {children}
    </li>
  );
}

/** The thread beside the video: comments oldest first, their replies under them, a composer, the review's history. */
export function CommentsPanel({ writer, canComment, thread, members, placeholder, note, focused }: CommentsPanelProps) {
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const { data, error, loading, reload } = thread;
  const items = data?.items ?? [];
  const roots = items.filter((c) => c.parent_id === null);
  const stateName = (state: string | null) => (state === 'open' || state === 'in_progress' || state === 'resolved' ? t(`comments.states.${state}`) : '—');

  return (
    <section className={styles.panel} aria-labelledby="comments-title">
      <h2 id="comments-title" className={styles.panelTitle}>
        {t('comments.title')}
        {items.length > 0 && <span className={styles.count}>{items.length}</span>}
      </h2>
      {error !== undefined && !loading && <LoadFailedBanner error={error} whatFailed={t('comments.loadFailed')} onRetry={reload} />}
      {data && roots.length === 0 && <p className={styles.muted}>{t('comments.empty')}</p>}
      <ul className={styles.thread}>
        {roots.map((root) => (
          <CommentItem key={root.id} comment={root} writer={writer} members={members} focused={focused === root.id} onChanged={reload}>
            {items.some((c) => c.parent_id === root.id) && (
              <ul className={styles.replies}>
                {items
                  .filter((c) => c.parent_id === root.id)
                  .map((reply) => (
                    <CommentItem key={reply.id} comment={reply} writer={writer} members={members} focused={focused === reply.id} onChanged={reload} />
                  ))}
              </ul>
            )}
            {canComment.allowed &&
              (replyingTo === root.id ? (
                <Composer
                  writer={writer}
                  members={members}
                  parentId={root.id}
                  onDone={() => {
                    setReplyingTo(null);
                    reload();
                  }}
                  onCancel={() => setReplyingTo(null)}
                />
              ) : (
                <button type="button" className={styles.linkButton} onClick={() => setReplyingTo(root.id)}>
                  {t('comments.reply')}
                </button>
              ))}
          </CommentItem>
        ))}
      </ul>
      {canComment.allowed ? <Composer writer={writer} members={members} placeholder={placeholder} onDone={reload} /> : <p className={styles.muted}>{canComment.reason}</p>}
      {note && <p className={styles.muted}>{note}</p>}
      {data && data.history.length > 0 && (
        <details className={styles.history}>
          <summary>{t('comments.history', { count: data.history.length })}</summary>
          <ul>
            {data.history.map((h) => (
              <li key={h.id}>
                {h.change === 'state'
                  ? t('comments.historyState', { by: h.by, state: stateName(h.after) })
                  : h.after
                    ? t('comments.historyAssigned', { by: h.by, name: h.after })
                    : t('comments.historyUnassigned', { by: h.by })}{' '}
                <time className={styles.muted} dateTime={h.at}>
                  · {formatDateTime(h.at)}
                </time>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
