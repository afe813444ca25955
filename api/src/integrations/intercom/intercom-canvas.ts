import { playerClock, type TicketReply, type TicketRequest, type TicketRequestState, type TrackerId } from '@showback/contract';
import type { CustomerTexts } from '../../customer-language/customer-language.ts';

/**
 * The inbox app's screens as Canvas Kit components (developers.intercom.com/docs/references/canvas-kit): Intercom
 * draws them in the conversation details panel. The official client no longer carries Canvas Kit types (v7), so the
 * few components used are typed here.
 */
type Component =
  | { type: 'text'; text: string; style?: 'header' | 'paragraph' | 'muted' | 'error' }
  | { type: 'button'; id: string; label: string; style?: 'primary' | 'secondary'; action: { type: 'submit' } | { type: 'url'; url: string } }
  | { type: 'input'; id: string; label: string; value: string }
  | { type: 'textarea'; id: string; label: string; value: string }
  | { type: 'list'; items: { type: 'item'; id: string; title: string; subtitle: string; action: { type: 'url'; url: string } }[] }
  | { type: 'divider' };

export interface Canvas {
  canvas: { content: { components: Component[] } };
}

export const CREATE_BUTTON = 'create_recording_link';
export const REFRESH_BUTTON = 'refresh';
/** "Create issue" buttons carry the tracker and the recording: `create_issue:<tracker>:<submission id>`. */
const CREATE_ISSUE = 'create_issue';
export const createIssueButton = (tracker: TrackerId, submissionId: string): string => `${CREATE_ISSUE}:${tracker}:${submissionId}`;
export function parseCreateIssue(componentId: string | undefined): { tracker: string; submissionId: string } | undefined {
  const [kind, tracker, submissionId] = (componentId ?? '').split(':');
  return kind === CREATE_ISSUE && tracker && submissionId ? { tracker, submissionId } : undefined;
}

/** The trackers the agent may escalate to now, as the helpdesk apps get them. */
export type Trackers = { id: TrackerId; label: string }[];

/** How many of the conversation's newest settled recordings offer "Create issue" (the panel stays short). */
const ESCALATABLE = 3;

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

/**
 * The newest settled recordings with the issues they were escalated to (a click opens the issue) and a "Create issue
 * in …" button for each tracker they have none in.
 */
function escalation(requests: TicketRequest[], trackers: Trackers): Component[] {
  const settled = requests.flatMap((r) => r.recordings.filter((rec) => rec.status === 'ready' || rec.status === 'failed')).slice(0, ESCALATABLE);
  return settled.flatMap((rec): Component[] => {
    const issues = rec.issues.map((i) => ({ type: 'item' as const, id: `issue-${i.tracker}-${rec.id}`, title: i.key, subtitle: `${i.state} · ${i.title}`, action: { type: 'url' as const, url: i.url } }));
    const missing = trackers.filter((t) => !rec.issues.some((i) => i.tracker === t.id));
    if (issues.length === 0 && missing.length === 0) return [];
    const length = rec.duration_ms === null ? '' : ` ${playerClock(rec.duration_ms, 'round')}`;
    return [
      { type: 'text', text: `Recording${length} · ${STATE[rec.status as 'ready' | 'failed']}`, style: 'muted' },
      ...(issues.length ? [{ type: 'list' as const, items: issues }] : []),
      ...missing.map((t): Component => ({ type: 'button', id: createIssueButton(t.id, rec.id), label: `Create issue in ${t.label}`, style: 'secondary', action: { type: 'submit' } })),
    ];
  });
}

const buttons: Component[] = [
  { type: 'button', id: CREATE_BUTTON, label: 'Create recording link', style: 'primary', action: { type: 'submit' } },
  { type: 'button', id: REFRESH_BUTTON, label: 'Refresh', style: 'secondary', action: { type: 'submit' } },
];

/** What the last click did, above the panel. */
export type Outcome = { text: string; style: 'paragraph' | 'error' };

/** The panel: what the last click did, the conversation's requests, their recordings' issues, and the buttons. */
export const panelCanvas = (requests: TicketRequest[], trackers: Trackers, outcome?: Outcome): Canvas => {
  const escalate = escalation(requests, trackers);
  return canvas([
    { type: 'text', text: 'Showback recordings', style: 'header' },
    ...(outcome ? [{ type: 'text' as const, ...outcome }] : []),
    ...requestList(requests),
    ...(escalate.length ? [{ type: 'divider' as const }, ...escalate] : []),
    { type: 'divider' },
    ...buttons,
  ]);
};

const languageName = new Intl.DisplayNames(['en'], { type: 'language' });

/**
 * After "Create recording link": the text and the link to put in the reply, in the customer's language (Inbox apps
 * cannot write into the composer, so they are fields to copy from), then the panel.
 */
export const createdCanvas = (made: TicketRequest, reply: TicketReply, requests: TicketRequest[], trackers: Trackers): Canvas =>
  canvas([
    { type: 'text', text: 'Showback recordings', style: 'header' },
    { type: 'text', text: `Link ready for ${made.requester_name ?? made.requester_email ?? 'the customer'}: copy it into your reply. Its recording comes back here and as a note.` },
    { type: 'textarea', id: 'reply_text', label: `Text for your reply (${languageName.of(reply.language)})`, value: reply.text },
    { type: 'input', id: 'recording_link', label: 'Recording link', value: reply.link_url },
    ...panelCanvas(requests, trackers).canvas.content.components.slice(1),
  ]);

/** Why the app cannot work for this workspace, in the panel (Intercom shows no error body from an app). */
export const noticeCanvas = (text: string): Canvas => canvas([{ type: 'text', text: 'Showback', style: 'header' }, { type: 'text', text, style: 'error' }]);

/**
 * The card the customer sees in the conversation when the teammate inserted the app from the composer, in their
 * language: one button that opens the recorder (a new tab; nothing to install), or why the link is gone.
 */
export function messengerCardCanvas(texts: CustomerTexts['messengerCard'], link: string | undefined): Canvas {
  if (!link) return canvas([{ type: 'text', text: texts.gone, style: 'muted' }]);
  return canvas([
    { type: 'text', text: texts.title, style: 'header' },
    { type: 'text', text: texts.body, style: 'paragraph' },
    { type: 'button', id: 'record', label: texts.button, style: 'primary', action: { type: 'url', url: link } },
  ]);
}
