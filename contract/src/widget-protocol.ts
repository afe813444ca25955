// Plain constants of the widget, apart from widget.ts's schemas: the recorder's first load needs them, and importing
// them from a module that builds TypeBox schemas would bundle TypeBox with it (docs/recorder.md, issue #17).

export const WIDGET_PROTOCOL = 'showback-widget';
export const WIDGET_PROTOCOL_VERSION = 1;
/**
 * How long a widget session token works: long enough to record the longest allowed video and finish a slow upload;
 * a new open() mints a new one. A recording kept past it can no longer be sent with its session.
 */
export const WIDGET_SESSION_TTL_MS = 4 * 60 * 60 * 1000;
