/**
 * Resolves in a later task of the page's main thread, so that what follows does not lengthen the task
 * running now: `scheduler.yield()` where the browser has it (the work keeps its place ahead of other
 * tasks), a zero timeout elsewhere. A phone's main thread is several times slower than a desktop's: a
 * page's start-up done as one task holds up a first tap for all of it (docs/decisions/099).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
