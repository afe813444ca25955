import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec §2: each navigation scrolls to the top, or smoothly to the element named by the hash. */
export function ScrollManager() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    let tries = 0;
    // The target may live in a lazily loaded screen: keep looking for a short while after the route renders.
    const seek = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else if (tries++ < 120) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [pathname, search, hash]);
  return null;
}
