import type { WidgetContext } from '@showback/contract';
import type { WidgetHost } from '../core/widget-host.ts';
import type { Metadata } from '../types.ts';
import { cut } from '../capture/serialize.ts';
import { createRedactor } from './redact.ts';
import { withHeaders } from './pick-headers.ts';
import { environment } from './environment.ts';
import { cleanIdentity, collectMetadata } from './collect-metadata.ts';
import { describeActions } from './describe-action.ts';
import { describeError } from './describe-error.ts';
import { sensitiveNames } from './sensitive.ts';

/**
 * The context the recorder attaches to the submission: the buffer redacted, with times moved onto the recording's
 * clock (its start is zero; events from before it are negative).
 */
export async function buildContext(h: WidgetHost, startedAt: number, extra: Metadata | undefined): Promise<WidgetContext> {
  const r = createRedactor(h.opts.capture?.redact || {});
  const headers = (h.opts.capture?.network || {}).headers || [];
  const { events, dropped } = h.buffer.snapshot();
  const isSensitiveName = sensitiveNames(h.opts.capture?.redact?.fields);
  // The latest actions of a busy page, as many as a submission keeps (WIDGET_LIMITS.maxActions).
  const actions = describeActions(events.filter((e) => e.kind === 'action').slice(-500), isSensitiveName);
  const out = events
    .flatMap((e) => {
      const wire = e.kind === 'action' ? actions.get(e) : e.kind === 'error' ? describeError(e) : withHeaders(e, headers);
      if (!wire) return [];
      const x = r.event({ ...wire, t: Math.round(e.t - startedAt) });
      const o = x as unknown as Record<string, unknown>;
      if (typeof o.error === 'string') o.error = cut(o.error, 1000);
      for (const k of ['url', 'source']) if (typeof o[k] === 'string') o[k] = cut(o[k] as string, 4000);
      for (const k of ['message', 'stack', 'request_body', 'response_body']) if (typeof o[k] === 'string') o[k] = cut(o[k] as string, 10_000);
      for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
      return [x];
    })
    .sort((a, b) => a.t - b.t);
  const context: WidgetContext = { events: out, dropped_events: dropped, environment: environment(r.url), metadata: await collectMetadata(h, extra) };
  const identity = cleanIdentity(h.identity);
  if (identity) context.identity = identity;
  return context;
}
