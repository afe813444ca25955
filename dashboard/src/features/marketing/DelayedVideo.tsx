import { useEffect, useRef, useState } from 'react';
import type { Poster } from '../../../scripts/posterPlugin.ts';
import styles from './marketing.module.css';

export interface DelayedVideoProps {
  /** The clip's URLs, `import webm from './media/<name>.webm?url'`: hashed names, so cached for good. */
  sources: { webm: string; mp4: string };
  /** The first frame, `import poster from './media/<name>.jpg?poster'` (AVIF, WebP and JPEG). */
  poster: Poster;
  /** The page's largest paint (the hero): fetched at once with high priority; others wait until near the screen. */
  priority?: boolean;
  label: string;
  /** Milliseconds after the window's load event before the video is fetched (spec §9: 100 hero, 1000/1500/2000 demos). */
  delayMs: number;
  width: number;
  height: number;
  className?: string;
}

function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    run();
    return () => {};
  }
  addEventListener('load', run, { once: true });
  return () => removeEventListener('load', run);
}

/**
 * The poster is part of the prerendered HTML; the video itself is fetched only after the page has loaded plus a
 * delay, so it never competes with the first paint, and plays (muted, looping) once it can.
 */
export function DelayedVideo({ sources, poster, priority = false, label, delayMs, width, height, className }: DelayedVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [load, setLoad] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = afterLoad(() => {
      timer = setTimeout(() => setLoad(true), delayMs);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [delayMs]);

  useEffect(() => {
    const video = ref.current;
    if (!load || !video) return;
    video.load();
    const play = (): void => {
      if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
      video.play().catch(() => {});
    };
    video.addEventListener('canplay', play, { once: true });
    return () => video.removeEventListener('canplay', play);
  }, [load]);

  // A video's poster attribute takes one URL in one format: the poster is a <picture> under the video instead, and
  // the video shows once it plays (never, with reduced motion: the picture stays).
  return (
    <div className={[styles.video, styles.poster, className].filter(Boolean).join(' ')}>
      <picture>
        {poster.avif && <source type="image/avif" srcSet={poster.avif} />}
        {poster.webp && <source type="image/webp" srcSet={poster.webp} />}
        <img src={poster.jpeg} alt="" width={width} height={height} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} />
      </picture>
      <video
        ref={ref}
        width={width}
        height={height}
        muted
        loop
        playsInline
        preload="none"
        aria-label={label}
        data-loaded={load ? 'true' : 'false'}
        data-playing={playing ? 'true' : 'false'}
        onPlaying={() => setPlaying(true)}
      >
        {load && <source src={sources.webm} type="video/webm" />}
        {load && <source src={sources.mp4} type="video/mp4" />}
      </video>
    </div>
  );
}
