/*
 * The home banners as a carousel (WAI-ARIA APG): a rotation control first, previous/next and one
 * button per banner; rotation stops while the pointer or focus is inside, while the tab is hidden,
 * and does not start at all when the visitor asks for reduced motion. The first banner is the
 * prebuilt LCP picture; the others load only once the page has loaded.
 */

const INTERVAL_MS = 6000;

export function startCarousel(root: HTMLElement) {
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const controls = root.querySelector<HTMLElement>('[data-controls]');
  const rotation = root.querySelector<HTMLButtonElement>('[data-rotation]');
  const picks = [...root.querySelectorAll<HTMLButtonElement>('[data-show]')];
  const live = root.querySelector<HTMLElement>('[data-slides]');
  if (slides.length < 2 || !controls || !rotation || !live) return;

  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  let current = 0;
  /** The visitor's choice (the rotation control); off from the start under reduced motion. */
  let playing = !reducedMotion.matches;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, at) => slide.classList.toggle('is-current', at === current));
    picks.forEach((pick, at) =>
      at === current ? pick.setAttribute('aria-current', 'true') : pick.removeAttribute('aria-current'),
    );
  };
  const schedule = () => {
    clearInterval(timer);
    const rotating = playing && !hovered && !focused && document.visibilityState === 'visible';
    // Announcing every automatic change would talk over the page; manual changes are announced.
    live.setAttribute('aria-live', rotating ? 'off' : 'polite');
    if (rotating) timer = setInterval(() => show(current + 1), INTERVAL_MS);
  };
  const showRotation = () => {
    rotation.setAttribute('aria-label', (playing ? rotation.dataset.pauseLabel : rotation.dataset.playLabel) ?? '');
    rotation.dataset.playing = String(playing);
  };

  rotation.addEventListener('click', () => {
    playing = !playing;
    showRotation();
    schedule();
  });
  root.querySelector('[data-previous]')?.addEventListener('click', () => show(current - 1));
  root.querySelector('[data-next]')?.addEventListener('click', () => show(current + 1));
  picks.forEach((pick, at) => pick.addEventListener('click', () => show(at)));
  controls.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    show(current + (event.key === 'ArrowRight' ? 1 : -1));
  });
  root.addEventListener('pointerenter', () => {
    hovered = true;
    schedule();
  });
  root.addEventListener('pointerleave', () => {
    hovered = false;
    schedule();
  });
  root.addEventListener('focusin', () => {
    focused = true;
    schedule();
  });
  root.addEventListener('focusout', (event) => {
    focused = root.contains(event.relatedTarget as Node | null);
    schedule();
  });
  document.addEventListener('visibilitychange', schedule);
  reducedMotion.addEventListener('change', () => {
    if (reducedMotion.matches) playing = false;
    showRotation();
    schedule();
  });

  const loadOtherPictures = () => root.classList.add('is-ready');
  if (document.readyState === 'complete') loadOtherPictures();
  else addEventListener('load', loadOtherPictures, { once: true });
  controls.hidden = false;
  showRotation();
  schedule();
}
