import { CreateRecordingRequestSchema } from '@showback/contract';
import { createRequest } from '../requests/requests.service.ts';
import { defineTool, jsonAnswer } from './mcp-tool.ts';

export const createRequestTool = defineTool({
  name: 'create_recording_request',
  title: 'Ask a customer for a recording',
  description:
    'Creates a recording request and answers its link (`link_url`): send the link to a customer, who opens it, records their screen (and voice) and submits, and the recording appears in list_recordings. ' +
    '`title` says what to show; optional: `instructions` (HTML), `microphone` (off, optional, required), `max_duration_seconds`, `expires_at`. Needs a token with the write scope.',
  input: CreateRecordingRequestSchema,
  permission: 'requests.write',
  async run(ctx, user, input) {
    const request = await createRequest(ctx, user, input);
    return jsonAnswer({ id: request.id, title: request.title, link_url: request.link_url, expires_at: request.expires_at, microphone: request.microphone, max_duration_seconds: request.max_duration_seconds, dashboard_url: `${ctx.config.publicUrl}/my/requests/${request.id}/recordings` });
  },
});
