import type { TicketRequest, TicketRequestState } from '@showback/contract';

/**
 * The inbox app's screens as Canvas Kit components (developers.intercom.com/docs/references/canvas-kit): Intercom
 * draws them in the conversation details panel. The official client no longer carries Canvas Kit types (v7), so the
 * few components used are typed here.
 */
type Component =
  | { type: 'text'; text: string; style?: 'header' | 'paragraph' | 'muted' | 'error' }
  | { type: 'button'; id: string; label: string; style?: 'primary' | 'secondary'; action: { type: 'submit' } }
  | { type: 'input'; id: string; label: string; value: string }
  | { type: 'list'; items: { type: 'item'; id: string; title: string; subtitle: string; action: { type: 'url'; url: string } }[] }
  | { type: 'divider' };

export interface Canvas {
  canvas: { content: { components: Component[] } };
}

export const CREATE_BUTTON = 'create_recording_link';
export const REFRESH_BUTTON = 'refresh';

const STATE: Record<TicketRequestState, string> = { sent: 'Sent', opened: 'Opened', recording: 'Recording', uploaded: 'Uploaded', ready: 'Ready', failed: 'Failed' };

const canvas = (components: Component[]): Canvas => ({ canvas: { content: { components } } });

/** The conversation's requests, newest first, each with its state; a click opens the newest recording, else the link. */
function requestList(requests: TicketRequest[]): Component[] {
  if (requests.length === 0) return [{ type: 'text', text: 'No recording asked for in this conversation yet.', style: 'muted' }];
  const items = requests.slice(0, 10).map((r) => {
    const recordings = r.recordings.length;
    return {
      type: 'item' as const,
      id: r.request.id,
      title: r.request.title,
      subtitle: `${STATE[r.state]}${recordings ? ` · ${recordings} recording${recordings > 1 ? 's' : ''}` : ''}`,
      action: { type: 'url' as const, url: r.recordings[0]?.recording_url ?? r.request.link_url },
    };
  });
  return [{ type: 'list', items }];
}

const buttons: Component[] = [
  { type: 'button', id: CREATE_BUTTON, label: 'Create recording link', style: 'primary', action: { type: 'submit' } },
  { type: 'button', id: REFRESH_BUTTON, label: 'Refresh', style: 'secondary', action: { type: 'submit' } },
];

/** The panel: the conversation's requests and the button that makes a new one. */
export const panelCanvas = (requests: TicketRequest[]): Canvas => canvas([{ type: 'text', text: 'Showback recordings', style: 'header' }, ...requestList(requests), { type: 'divider' }, ...buttons]);

/**
 * After "Create recording link": the link to put in the reply (Inbox apps cannot write into the composer, so it is a
 * field to copy from), then the panel.
 */
export const createdCanvas = (made: TicketRequest, requests: TicketRequest[]): Canvas =>
  canvas([
    { type: 'text', text: 'Showback recordings', style: 'header' },
    { type: 'text', text: `Link ready for ${made.requester_name ?? made.requester_email ?? 'the customer'}: copy it into your reply. Its recording comes back here and as a note.` },
    { type: 'input', id: 'recording_link', label: 'Recording link', value: made.request.link_url },
    ...requestList(requests),
    { type: 'divider' },
    ...buttons,
  ]);

/** Why the app cannot work for this workspace, in the panel (Intercom shows no error body from an app). */
export const noticeCanvas = (text: string): Canvas => canvas([{ type: 'text', text: 'Showback', style: 'header' }, { type: 'text', text, style: 'error' }]);
