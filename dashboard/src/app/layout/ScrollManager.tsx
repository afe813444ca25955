import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Spec §2: each navigation scrolls to the top, or smoothly to the element named by the hash. Keyed on the
 * navigation itself, so following the same anchor again scrolls there again.
 */
export function ScrollManager() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    let tries = 0;
    // The target may live in a lazily loaded screen: keep looking for a short while after the route renders.
    const seek = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      else if (tries++ < 120) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
  return null;
}
