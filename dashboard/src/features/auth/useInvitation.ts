import type { InvitationPreview } from '@showback/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { lookupInvitation } from '../team/teamApi.ts';
import '../../messages/en/auth.ts';

/** Codes after which an invitation link cannot be used, whatever the form holds: the page says why instead. */
const UNUSABLE = new Set(['VALIDATION_FAILED', 'NOT_FOUND', 'LINK_EXPIRED', 'LINK_REVOKED', 'INVITATION_USED', 'SEAT_LIMIT_REACHED']);

export interface InvitationState {
  preview: InvitationPreview | undefined;
  /** Why the link cannot be used; undefined while loading or when it can. */
  problem: string | undefined;
  /** For a failed sign-up: true when the failure means the link itself is no longer usable. */
  takeFailure(error: unknown): boolean;
}

const problemOf = (error: unknown): string => (error instanceof ApiError && UNUSABLE.has(error.code) ? error.message : t('auth.invitation.loadFailed'));

/** The invitation of a /sign-up?invitation_token=… link: what it joins, or why it cannot be used. */
export function useInvitation(token: string | null): InvitationState {
  const [preview, setPreview] = useState<InvitationPreview>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (!token) return;
    lookupInvitation(token).then(
      (found) => (found.email_has_account ? setProblem(t('auth.invitation.hasAccount', { email: found.email })) : setPreview(found)),
      (error: unknown) => setProblem(problemOf(error)),
    );
  }, [token]);
  const takeFailure = (error: unknown): boolean => {
    // A field error (name, password) is the form's to show; a link that stopped working is the page's.
    if (!(error instanceof ApiError) || !UNUSABLE.has(error.code) || (error.code === 'VALIDATION_FAILED' && !error.fieldError('invitation_token'))) return false;
    setProblem(error.message);
    return true;
  };
  return { preview, problem, takeFailure };
}
