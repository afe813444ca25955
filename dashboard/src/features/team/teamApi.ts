import type { AssignableRole, CreateInvitationBody, Invitation, InvitationPreview, Team, TeamMember } from '@showback/contract';
import { api } from '../../app/api.ts';

export const getTeam = () => api.get<Team>('team');
export const inviteMember = (body: CreateInvitationBody) => api.post<Invitation>('team/invitations', body);
export const resendInvitation = (id: string) => api.post<Invitation>(`team/invitations/${id}/resend`);
export const revokeInvitation = (id: string) => api.delete<void>(`team/invitations/${id}`);
export const changeRole = (id: string, role: AssignableRole) => api.patch<TeamMember>(`team/members/${id}`, { role });
export const removeMember = (id: string) => api.delete<void>(`team/members/${id}`);
export const transferOwnership = (id: string) => api.post<Team>(`team/members/${id}/transfer_ownership`);
export const lookupInvitation = (token: string) => api.get<InvitationPreview>('invitations/lookup', { query: { invitation_token: token } });
