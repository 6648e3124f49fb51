import type { ClientDirective } from 'astro';
import { AGE_CONFIRMED_EVENT } from '../features/site/age-gate';

/*
 * `client:paint`: an island's code is requested only once the page has painted its first frame, then
 * hydrated at once (`client:paint`), when the browser is idle (`client:paint="idle"`) or when the island
 * comes into view (`client:paint="visible"`). The prebuilt HTML, its pictures and the first paint get
 * the connection and the main thread first; the island follows a frame later. A page opened in a
 * background tab paints nothing until shown, so there it starts at once. Behind the age confirmation of
 * a first visit, the islands wait for its answer. (docs/decisions/070)
 */
const paintDirective: ClientDirective = (load, options, el) => {
  const hydrate = async () => {
    // React's chunk (the renderer's) is evaluated in a task of its own, and the island's own code (the
    // shop's shared chunk, the header and start-up) in the next: one task each, not one long one
    // that blocks a tap for all of them (docs/decisions/078).
    const renderer = el.getAttribute('renderer-url');
    if (renderer) {
      await import(/* @vite-ignore */ renderer);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const run = await load();
    await run();
  };
  const then = () => {
    if (options.value === 'idle') {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate());
      else setTimeout(() => void hydrate(), 200);
    } else if (options.value === 'visible') {
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void hydrate();
      });
      for (const child of el.children) observer.observe(child);
    } else void hydrate();
  };
  // The callback of the next animation frame runs before that frame is painted; a task queued from it runs after.
  const afterPaint = () =>
    document.visibilityState === 'hidden' ? then() : requestAnimationFrame(() => setTimeout(then, 0));
  // On a first visit the age confirmation (src/features/site/AgeGate.astro) is a modal dialog over an
  // inert page: nothing behind it can be used until it is answered, so the islands load after the answer.
  if (document.querySelector('dialog.age-gate'))
    document.addEventListener(AGE_CONFIRMED_EVENT, afterPaint, { once: true });
  else afterPaint();
};

export default paintDirective;
