import type { Page } from 'playwright-core';

/**
 * A still page records to almost nothing (H.264 codes an unchanged frame in a few bytes: 60 s of the bare recorder
 * at 720p is ~2 MB), so a strip of scrolling text under the recorder's UI gives the bitrate of someone using a web
 * app. pointer-events: none keeps it out of the way of the clicks. It draws only on the recording step and goes away
 * after it, so it does not take CPU from processing.
 */
export async function addMotion(page: Page): Promise<void> {
  // Source text rather than a function: tsx would wrap the inner functions in a __name helper the page lacks.
  await page.evaluate(`(() => {
      const c = document.createElement('canvas');
      c.width = window.innerWidth;
      c.height = Math.round(window.innerHeight / 3);
      c.setAttribute('aria-hidden', 'true');
      Object.assign(c.style, { position: 'fixed', left: '0', bottom: '0', pointerEvents: 'none', zIndex: '1' });
      document.body.append(c);
      const g = c.getContext('2d');
      g.font = '15px sans-serif';
      let n = 0;
      let seen = false;
      const draw = () => {
        const recording = document.querySelector('section[data-step="recording"]') !== null;
        if (seen && !recording) return c.remove();
        seen = recording;
        requestAnimationFrame(draw);
        if (!recording) return;
        n++;
        g.fillStyle = 'hsl(' + (n % 360) + ' 50% 92%)';
        g.fillRect(0, 0, c.width, c.height);
        g.fillStyle = '#222';
        for (let i = 0; i < 14; i++) {
          const y = (((i * 22 - n * 2) % c.height) + c.height) % c.height;
          g.fillText('order #' + ((n + i) * 7919 % 100003) + ' · status ' + ['paid', 'open', 'failed'][(n + i) % 3] + ' · total ' + ((n * 13 + i * 17) % 997) + '.00 EUR', 8 + ((n * 3) % 120), y);
        }
      };
      draw();
    })()`);
}
