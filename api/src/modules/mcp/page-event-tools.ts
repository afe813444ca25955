import { actionSentence, ActionsInputSchema, ConsoleInputSchema, MCP_EVENTS_PER_PAGE, MCP_NETWORK_PER_PAGE, NetworkInputSchema, type WidgetEvent, type WidgetNetworkEvent } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { getSubmissionEvents } from '../widget/submission-context.ts';
import { cut, defineTool, jsonAnswer, paged, seconds } from './mcp-tool.ts';

/** Characters of a message, stack or body one list item carries; a single request (`index`) carries its bodies whole. */
const LIST_TEXT_MAX = 1000;

interface Indexed<E extends WidgetEvent = WidgetEvent> {
  index: number;
  event: E;
}

/**
 * The page's events of a recording with their index in the whole list (the index the summary's citations use), within
 * the time range asked. Link recordings have none: only the widget captures the page.
 */
async function pageEvents(ctx: AppContext, accountId: string, recordingId: string, range: { from_seconds?: number; to_seconds?: number }): Promise<Indexed[]> {
  const { events } = await getSubmissionEvents(ctx, accountId, recordingId);
  const from = range.from_seconds === undefined ? -Infinity : range.from_seconds * 1000;
  const to = range.to_seconds === undefined ? Infinity : range.to_seconds * 1000;
  return events.map((event, index) => ({ index, event })).filter(({ event }) => event.t >= from && event.t <= to);
}

const NONE_CAPTURED = 'Only recordings made through the widget on the customer’s page capture console, network, navigation and actions; a recording link captures none.';

export const consoleTool = defineTool({
  name: 'get_console_logs',
  title: "The page's console",
  description:
    "Console entries and uncaught errors of the customer's page during the recording, in time order, each with its index, its moment (`t_seconds` from the recording's start; negative: before it), level, message and stack. " +
    `Filters: \`levels\`, \`text\`, \`from_seconds\`/\`to_seconds\`. ${MCP_EVENTS_PER_PAGE.fallback} per page (up to ${MCP_EVENTS_PER_PAGE.max}); messages longer than ${LIST_TEXT_MAX} characters are cut with a note.`,
  input: ConsoleInputSchema,
  permission: 'recordings.read',
  async run(ctx, user, input) {
    const text = input.text?.toLowerCase();
    const entries = (await pageEvents(ctx, user.accountId, input.recording_id, input)).flatMap(({ index, event }) => {
      if (event.kind !== 'console' && event.kind !== 'error') return [];
      const level = event.kind === 'error' ? 'error' : event.level;
      const stack = event.kind === 'error' ? event.stack : undefined;
      if (input.levels && !input.levels.includes(level)) return [];
      if (text && !`${event.message}\n${stack ?? ''}`.toLowerCase().includes(text)) return [];
      const more = `narrow the search with \`text\` to see less around it`;
      return [{
        index,
        t_seconds: seconds(event.t),
        level,
        ...(event.kind === 'error' ? { uncaught: event.cause, source: event.source ?? null, line: event.line ?? null, column: event.column ?? null } : {}),
        message: cut(event.message, LIST_TEXT_MAX, more),
        ...(stack ? { stack: cut(stack, LIST_TEXT_MAX, more) } : {}),
      }];
    });
    return jsonAnswer({ ...paged(entries, input.page, input.per_page ?? MCP_EVENTS_PER_PAGE.fallback), ...(entries.length === 0 ? { note: NONE_CAPTURED } : {}) });
  },
});

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

function networkItem(index: number, event: WidgetNetworkEvent, bodies: 'none' | 'cut' | 'whole') {
  const how = `call get_network_requests with index=${index} and include_bodies=true for the whole capture (up to 10,000 characters)`;
  const text = (value: string | undefined) => (value === undefined ? null : bodies === 'whole' ? value : cut(value, LIST_TEXT_MAX, how));
  return {
    index,
    t_seconds: seconds(event.t),
    method: event.method,
    url: event.url,
    status: event.status,
    failed: event.status === 0 || event.status >= 400,
    duration_ms: event.duration_ms,
    ...(event.error ? { error: event.error } : {}),
    ...(bodies === 'none'
      ? {}
      : {
          request_headers: event.request_headers ?? null,
          response_headers: event.response_headers ?? null,
          request_body: text(event.request_body),
          response_body: text(event.response_body),
          bodies_note: 'Headers and bodies are only what the page allowed to be captured; credentials are redacted before they leave the page.',
        }),
  };
}

export const networkTool = defineTool({
  name: 'get_network_requests',
  title: "The page's network requests",
  description:
    "fetch and XHR requests of the customer's page during the recording, in time order: index, moment (`t_seconds`), method, URL, status (0: no answer), duration. " +
    'Filters: `status`, `method`, `host`, `failed_only`, `from_seconds`/`to_seconds`. `include_bodies` adds captured headers and bodies, cut in lists; `index` answers one request with its bodies whole. ' +
    `${MCP_NETWORK_PER_PAGE.fallback} per page (up to ${MCP_NETWORK_PER_PAGE.max}).`,
  input: NetworkInputSchema,
  permission: 'recordings.read',
  async run(ctx, user, input) {
    const all = (await pageEvents(ctx, user.accountId, input.recording_id, input)).filter((item): item is Indexed<WidgetNetworkEvent> => item.event.kind === 'network');
    if (input.index !== undefined) {
      const one = all.find((item) => item.index === input.index);
      return jsonAnswer(one ? networkItem(one.index, one.event, input.include_bodies ? 'whole' : 'none') : { note: `No network request has index ${input.index} in this recording.` });
    }
    const method = input.method?.toUpperCase();
    const host = input.host?.toLowerCase();
    const requests = all
      .filter(({ event }) => input.status === undefined || event.status === input.status)
      .filter(({ event }) => !method || event.method.toUpperCase() === method)
      .filter(({ event }) => !host || hostOf(event.url)?.toLowerCase() === host)
      .filter(({ event }) => !input.failed_only || event.status === 0 || event.status >= 400)
      .map(({ index, event }) => networkItem(index, event, input.include_bodies ? 'cut' : 'none'));
    return jsonAnswer({ ...paged(requests, input.page, input.per_page ?? MCP_NETWORK_PER_PAGE.fallback), ...(all.length === 0 ? { note: NONE_CAPTURED } : {}) });
  },
});

export const actionsTool = defineTool({
  name: 'get_user_actions',
  title: "The customer's actions",
  description:
    "What the customer did on the page, in time order, each with its index and moment (`t_seconds`): clicks and taps (the target's role, its accessible name or visible text and a short CSS selector), " +
    'changes to form fields (which field, never what was typed; a checkbox or select state only for fields that are not sensitive), Enter/Escape/Tab on fields, form submits, the tab hidden or shown, the window left or back, scrolling, ' +
    'and navigations (a link, the back button, a route change of a single-page app) with their URL. `text` says it in words ("Clicked \'Pay now\'"). Look at a moment with get_screen_at. ' +
    `${MCP_EVENTS_PER_PAGE.fallback} per page (up to ${MCP_EVENTS_PER_PAGE.max}).`,
  input: ActionsInputSchema,
  permission: 'recordings.read',
  async run(ctx, user, input) {
    const actions = (await pageEvents(ctx, user.accountId, input.recording_id, input)).flatMap(({ index, event }): Record<string, unknown>[] => {
      if (event.kind === 'navigation') return [{ index, t_seconds: seconds(event.t), action: 'navigation', trigger: event.trigger, url: event.url }];
      if (event.kind !== 'action') return [];
      const { kind: _kind, t: _t, action, ...target } = event;
      return [{ index, t_seconds: seconds(event.t), action, text: actionSentence(event), ...target }];
    });
    return jsonAnswer({ ...paged(actions, input.page, input.per_page ?? MCP_EVENTS_PER_PAGE.fallback), ...(actions.length === 0 ? { note: NONE_CAPTURED } : {}) });
  },
});
