import { useState } from 'react';
import { REVIEW_STATES, type Review, type ReviewState, type TeamMember, type UpdateReview } from '@showback/contract';
import { reviewErrorMessage } from '../../../app/reviewErrorMessage.ts';
import { useToast } from '../../../ui/useToast.ts';
import { t } from '../../../messages/t.ts';
import { usePermission } from '../../auth/usePermission.ts';
import { updateReview } from './commentsApi.ts';
import styles from './Comments.module.css';
import '../../../messages/en/comments.ts';
import '../../../messages/en/recordings.ts';

/** An <option> per review state, named as everywhere. */
export function ReviewStateOptions() {
  return REVIEW_STATES.map((state) => (
    <option key={state} value={state}>
      {t(`comments.states.${state}`)}
    </option>
  ));
}

/**
 * The recording's state (open, in progress, resolved; reopen by choosing another) and its assignee from the team.
 * Until the review has loaded (`review` undefined) the controls hold their place, disabled (the state blank, the
 * assignee's list as wide as it will be): appearing later, they moved the header's buttons from under the pointer.
 */
export function ReviewControls({ submissionId, review, members, onChanged }: { submissionId: string; review: Review | undefined; members: TeamMember[]; onChanged: () => void }) {
  const allowed = usePermission('recordings.review');
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const change = async (body: UpdateReview) => {
    setBusy(true);
    try {
      await updateReview(submissionId, body);
      onChanged();
    } catch (reason) {
      toast.show({ tone: 'error', message: reviewErrorMessage(reason, t('comments.review.failed')) });
    } finally {
      setBusy(false);
    }
  };

  const disabled = busy || !allowed.allowed || !review;
  const title = allowed.allowed ? undefined : allowed.reason;
  return (
    <div className={styles.review} data-testid="review-controls">
      <label className={styles.reviewField}>
        <span>{t('comments.review.state')}</span>
        <select className={[styles.select, review ? styles[`state_${review.state}`] : ''].join(' ')} value={review?.state ?? ''} disabled={disabled} title={title} onChange={(e) => void change({ state: e.target.value as ReviewState })}>
          {!review && <option value="" />}
          <ReviewStateOptions />
        </select>
      </label>
      <label className={styles.reviewField}>
        <span>{t('comments.review.assignee')}</span>
        <select className={styles.select} value={review?.assignee?.id ?? ''} disabled={disabled} title={title} onChange={(e) => void change({ assignee_user_id: e.target.value || null })}>
          <option value="">{t('comments.review.nobody')}</option>
          {review?.assignee && !members.some((m) => m.id === review.assignee!.id) && <option value={review.assignee.id}>{review.assignee.name}</option>}
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
