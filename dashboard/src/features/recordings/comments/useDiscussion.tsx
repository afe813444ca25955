import { useState, type ReactNode } from 'react';
import { CommentMarkers } from './CommentMarkers.tsx';
import { CommentsPanel, type CommentsPanelProps } from './CommentsPanel.tsx';

/**
 * The comments in RecordingReview's slots, for the owner's page and a guest's shared page alike: the markers under
 * the player (`playerMarks`) and the thread (`discussion`); a marker plays from its moment and points at its comment.
 */
export function useDiscussion(panel: Omit<CommentsPanelProps, 'focused'>): { playerMarks: ReactNode; discussion: ReactNode } {
  const [focused, setFocused] = useState<string | null>(null);
  return {
    playerMarks: (
      <CommentMarkers
        comments={panel.thread.data?.items ?? []}
        onOpen={(comment) => {
          setFocused(comment.id);
          document.getElementById(`comment-${comment.id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        }}
      />
    ),
    discussion: <CommentsPanel {...panel} focused={focused} />,
  };
}
