import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styles from './marketing.module.css';

/** Spec §9: a section fades in at 10 % visibility with a 100 px bottom margin, over 1000 ms. */
export const REVEAL = { threshold: 0.1, rootMargin: '0px 0px -100px 0px', durationMs: 1000 } as const;

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect;

/**
 * Content is visible in the prerendered HTML (and without JavaScript); after hydration, sections still below the
 * fold are hidden and fade in when scrolled to. Reduced-motion users get no animation at all.
 */
export function Reveal({ children, className, id, labelledBy }: { children: ReactNode; className?: string; id?: string; labelledBy?: string }) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<'static' | 'hidden' | 'shown'>('static');

  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (el.getBoundingClientRect().top < innerHeight) return;
    setState('hidden');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState('shown');
          observer.disconnect();
        }
      },
      { threshold: REVEAL.threshold, rootMargin: REVEAL.rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const stateClass = state === 'hidden' ? styles.revealHidden : state === 'shown' ? styles.revealShown : '';
  return (
    <section ref={ref} id={id} aria-labelledby={labelledBy} className={[styles.section, stateClass, className].filter(Boolean).join(' ')}>
      {children}
    </section>
  );
}
