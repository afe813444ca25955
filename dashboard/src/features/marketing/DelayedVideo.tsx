import { useEffect, useRef, useState } from 'react';
import styles from './marketing.module.css';

export interface DelayedVideoProps {
  /** File names under public/media/ without extension: `<name>.mp4`, `<name>.webm`, `<name>.jpg`. */
  name: string;
  label: string;
  /** Milliseconds after the window's load event before the video is fetched (spec §9: 100 hero, 1000/1500/2000 demos). */
  delayMs: number;
  width: number;
  height: number;
  className?: string;
}

export const mediaUrl = (file: string): string => `${import.meta.env.BASE_URL}media/${file}`;

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
export function DelayedVideo({ name, label, delayMs, width, height, className }: DelayedVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [load, setLoad] = useState(false);

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

  return (
    <video
      ref={ref}
      className={[styles.video, className].filter(Boolean).join(' ')}
      poster={mediaUrl(`${name}.jpg`)}
      width={width}
      height={height}
      muted
      loop
      playsInline
      preload="none"
      aria-label={label}
      data-loaded={load ? 'true' : 'false'}
    >
      {load && <source src={mediaUrl(`${name}.webm`)} type="video/webm" />}
      {load && <source src={mediaUrl(`${name}.mp4`)} type="video/mp4" />}
    </video>
  );
}
