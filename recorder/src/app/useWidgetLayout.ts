import { useEffect, useRef, useState } from 'react';
import type { HostBridge } from './hostBridge.ts';

/**
 * In the widget's frame, from the countdown to Stop, the frame becomes a small control on the host page so the
 * customer can show the problem there (issue #24); after Stop the full modal comes back for review and send. Also
 * small while the recorder works in a tab of its own (`inOtherTab`), so the page stays usable.
 */
export function useWidgetLayout(bridge: HostBridge, live: boolean, inOtherTab: boolean) {
  // The customer opened the full recorder during a recording (from the floating control).
  const [expanded, setExpanded] = useState(false);
  const compact = Boolean(bridge.layout) && (live || inOtherTab) && !expanded;
  const shown = useRef(false);
  useEffect(() => {
    if (compact === shown.current) return;
    shown.current = compact;
    bridge.layout?.(compact ? 'compact' : 'full');
  }, [compact, bridge]);
  useEffect(() => {
    if (!live) setExpanded(false);
  }, [live]);
  return { compact, expand: () => setExpanded(true), minimize: () => setExpanded(false) };
}
