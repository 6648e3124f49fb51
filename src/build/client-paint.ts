import type { ClientDirective } from 'astro';
import { AGE_CONFIRMED_EVENT } from '../features/site/age-gate';
import { onWake } from '../lib/wake';

/*
 * `client:paint`: an island's code is requested only once the page has painted its first frame
 * (`afterFirstPaint`), then hydrated at once (`client:paint`), when the browser is idle
 * (`client:paint="idle"`) or when the island comes into view (`client:paint="visible"`).
 * `client:paint="tap"` waits for a person: the page's first press, key, touch, focus or scroll, or the
 * page asking (src/lib/wake.ts, docs/decisions/098). (docs/decisions/070, 101)
 */
const paintDirective: ClientDirective = (load, options, el) => {
  const hydrate = async () => {
    // React's chunk (the renderer's) is evaluated in a task of its own, and the island's own code (with
    // the shop's shared chunks) in the next: one task each, not one long one that blocks a tap for
    // both (docs/decisions/078).
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
  if (options.value === 'tap') afterAgeConfirmed(() => onWake(() => void hydrate()));
  else afterFirstPaint(then);
};

export default paintDirective;

/**
 * Runs `then` at once, or on a first visit once the age confirmation (src/features/site/AgeGate.astro)
 * is answered: it is a modal dialog over an inert page, so nothing behind it can be used until then.
 */
function afterAgeConfirmed(then: () => void) {
  if (document.querySelector('dialog.age-gate')) document.addEventListener(AGE_CONFIRMED_EVENT, then, { once: true });
  else then();
}

/**
 * Runs `then` once the page's first frame is painted and on screen (after the age confirmation of a
 * first visit): the prebuilt HTML, its pictures and the first paint get the connection and the main
 * thread first. A page opened in a background tab paints nothing until shown, so there it runs at once.
 * (docs/decisions/070, 101)
 */
function afterFirstPaint(then: () => void) {
  // The callback of the next animation frame runs before that frame is painted; a task queued from it runs after.
  afterAgeConfirmed(() =>
    document.visibilityState === 'hidden'
      ? then()
      : requestAnimationFrame((frameStart) => setTimeout(() => afterShown(frameStart, then), 0)),
  );
}

/**
 * Runs `then` once the frame begun at `frameStart` is on screen: the main thread has painted it, but its
 * pictures are decoded and shown later, on other threads. A frame that shows a new largest element says
 * so (its `largest-contentful-paint` entry); one that shows none is taken as shown after `atMostMs`.
 * Code requested before the list's first cards were on screen counted in Lighthouse's largest paint.
 */
function afterShown(frameStart: number, then: () => void, atMostMs = 100) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return then();
  // Whichever comes first: a disconnected observer and a cleared timer call nothing after.
  const finish = () => {
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.startTime >= frameStart)) finish();
  });
  const timer = setTimeout(finish, atMostMs);
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}
