import { Suspense, lazy, type ComponentType } from 'react';
import type { Submission } from '@showback/contract';

/** What the console/network timeline panel receives; it reads and moves the player through usePlayerClock(). */
export interface TimelinePanelProps {
  submission: Submission;
}

// The panel is its own feature (./timeline/TimelinePanel.tsx, exporting `TimelinePanel`). The glob finds it when
// the file exists and is empty otherwise, so the page builds with or without it and loads it as a separate chunk.
const modules = import.meta.glob<{ TimelinePanel: ComponentType<TimelinePanelProps> }>('./timeline/TimelinePanel.tsx');
const load = modules['./timeline/TimelinePanel.tsx'];
const TimelinePanel = load ? lazy(() => load().then((module) => ({ default: module.TimelinePanel }))) : null;

export const hasTimelinePanel = TimelinePanel !== null;

/** The place beside the player where the recording's console and network events show. */
export function TimelineSlot({ submission }: TimelinePanelProps) {
  if (!TimelinePanel) return null;
  return (
    <Suspense fallback={null}>
      <TimelinePanel submission={submission} />
    </Suspense>
  );
}
