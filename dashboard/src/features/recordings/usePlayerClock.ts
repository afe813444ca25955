import { createContext, useCallback, useContext, useMemo, useRef, useState, type RefObject, type SyntheticEvent } from 'react';

/**
 * The recording page's player, as panels beside it see it (the console/network timeline in ./timeline/).
 * Times are seconds from the start of the recording, the same zero the recorder's event offsets use.
 */
export interface PlayerClock {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Updated on every `timeupdate` (about 4 times a second while playing) and at once after a seek. */
  currentTime: number;
  /** NaN until the video's metadata has loaded. */
  duration: number;
  playing: boolean;
  /** Moves playback to `seconds` (clamped to the video); remembered and applied once the video can seek. */
  seek: (seconds: number) => void;
}

export const PlayerClockContext = createContext<PlayerClock | null>(null);

/** The player of the recording page this component is rendered in. */
export function usePlayerClock(): PlayerClock {
  const clock = useContext(PlayerClockContext);
  if (!clock) throw new Error('usePlayerClock() must be used inside the recording page (PlayerClockContext)');
  return clock;
}

export type VideoClockHandlers = Pick<
  React.VideoHTMLAttributes<HTMLVideoElement>,
  'onTimeUpdate' | 'onSeeked' | 'onDurationChange' | 'onLoadedMetadata' | 'onPlay' | 'onPause' | 'onEnded'
>;

/** Owns the clock state; the page provides the clock and spreads `handlers` on its <video>. */
export function usePlayerClockState(): { clock: PlayerClock; handlers: VideoClockHandlers } {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const pendingSeek = useRef<number | null>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [playing, setPlaying] = useState(false);

  const seek = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video || video.readyState < HTMLMediaElement.HAVE_METADATA) {
      pendingSeek.current = seconds;
      return;
    }
    const end = Number.isFinite(video.duration) ? video.duration : seconds;
    const target = Math.min(Math.max(0, seconds), end);
    video.currentTime = target;
    setCurrentTime(target);
  }, []);

  const handlers = useMemo<VideoClockHandlers>(() => {
    const sync = (event: SyntheticEvent<HTMLVideoElement>) => setCurrentTime(event.currentTarget.currentTime);
    return {
      onTimeUpdate: sync,
      onSeeked: sync,
      onDurationChange: (event) => setDuration(event.currentTarget.duration),
      onLoadedMetadata: (event) => {
        setDuration(event.currentTarget.duration);
        const pending = pendingSeek.current;
        pendingSeek.current = null;
        if (pending !== null) seek(pending);
      },
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onEnded: () => setPlaying(false),
    };
  }, [seek]);

  const clock = useMemo<PlayerClock>(() => ({ videoRef, currentTime, duration, playing, seek }), [currentTime, duration, playing, seek]);
  return { clock, handlers };
}
