import type {
  AdminAlertDeliveriesQuery,
  AdminAlertDeliveryList,
  AdminInvitationList,
  AdminInvitationQuery,
  AdminRecordingRequestList,
  AdminRecordingRequestQuery,
  AdminSubmissionDetail,
  AdminSubmissionList,
  AdminSubmissionQuery,
  AdminZapierQuery,
  AdminZapierSubscriptionList,
} from '@showback/contract';
import { api } from '../../app/api.ts';

const id = (value: string) => encodeURIComponent(value);

export const listRecordingRequests = (query: AdminRecordingRequestQuery) => api.get<AdminRecordingRequestList>('admin/recording-requests', { query: { ...query } });
export const revokeRequestLink = (requestId: string) => api.post<null>(`admin/recording-requests/${id(requestId)}/revoke-link`);
export const listSubmissions = (query: AdminSubmissionQuery) => api.get<AdminSubmissionList>('admin/submissions', { query: { ...query } });
export const getSubmission = (submissionId: string) => api.get<AdminSubmissionDetail>(`admin/submissions/${id(submissionId)}`);
export const reprocessSubmission = (submissionId: string) => api.post<null>(`admin/submissions/${id(submissionId)}/reprocess`);
export const listInvitations = (query: AdminInvitationQuery) => api.get<AdminInvitationList>('admin/invitations', { query: { ...query } });
export const revokeInvitation = (invitationId: string) => api.post<null>(`admin/invitations/${id(invitationId)}/revoke`);
export const listDeliveries = (query: AdminAlertDeliveriesQuery) => api.get<AdminAlertDeliveryList>('admin/alert-deliveries', { query: { ...query } });
export const replayDelivery = (deliveryId: string) => api.post<null>(`admin/alert-deliveries/${id(deliveryId)}/replay`);
export const listZapierSubscriptions = (query: AdminZapierQuery) => api.get<AdminZapierSubscriptionList>('admin/zapier-subscriptions', { query: { ...query } });
export const deleteZapierSubscription = (subscriptionId: string) => api.delete<null>(`admin/zapier-subscriptions/${id(subscriptionId)}`);
