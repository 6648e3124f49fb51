import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Collects this thread's garbage at once and gives the memory it held back to the system. The shop
 * calls it after a publish's snapshot is written (its objects and text, garbage by then, kept the shop
 * some 200 MB above its live data while the render workers started beside it) and after a publish's
 * tidying (the next publish started from the memory the last one had grown to); a render worker kept
 * between publishes, after each (its heap held one publish's pages while the next one's grew beside
 * them). V8's "last resort" collection also releases the heap's emptied pages, which a plain one keeps
 * for later (docs/decisions/094). Node exposes no call for it without `--expose-gc`; Jest's
 * `--logHeapUsage` takes it the same way.
 */
export function collectGarbage() {
  gc ??= exposedGc();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let gc: Gc | undefined;

function exposedGc(): Gc {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Gc;
}
