import pg from 'pg';
import { afterAll, afterEach } from 'vitest';

/*
 * One query at a time on one PostgreSQL connection. node-postgres queues a query sent while its
 * connection is still busy and runs it after the first, so code that looks concurrent (a Promise.all
 * inside a transaction, two callers sharing one client) is silently serialised; the driver warns
 * ("Calling client.query() when the client is already executing a query is deprecated") from the
 * third such query on and its next major version refuses them. Both fail the test that caused them:
 * any query sent to a client with a query still running, and the driver's warning itself.
 */

const original = Symbol.for('shop.tests.pgQuery');
const warningListener = Symbol.for('shop.tests.pgWarningListener');
const CONCURRENT_QUERY_WARNING = 'when the client is already executing a query';

const found: string[] = [];
const running = new WeakMap<object, number>();

type Query = (this: object, ...args: unknown[]) => unknown;
const prototype = pg.Client.prototype as unknown as { query: Query; [original]?: Query };
// The driver's own query, kept once: a worker that runs several test files loads this file again.
const query = (prototype[original] ??= prototype.query);

prototype.query = function oneAtATime(this: object, ...args: unknown[]) {
  const busy = running.get(this) ?? 0;
  if (busy > 0) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40; // deep enough to reach the shop's code below Drizzle's frames
    found.push(new Error(`a query was sent while ${busy} other(s) ran on the same connection`).stack ?? '');
    Error.stackTraceLimit = limit;
  }
  running.set(this, busy + 1);
  const done = () => running.set(this, (running.get(this) ?? 1) - 1);
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...results: unknown[]) => {
      done();
      return (callback as (...results: unknown[]) => unknown)(...results);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result instanceof Promise) result.then(done, done);
  else done(); // a submittable reports through its own events; not used by the shop
  return result;
};

const onWarning = (warning: Error) => {
  if (warning.message.includes(CONCURRENT_QUERY_WARNING)) found.push(warning.stack ?? warning.message);
};
// One listener per worker: replace the one an earlier test file of this worker added.
const worker = globalThis as { [warningListener]?: (warning: Error) => void };
if (worker[warningListener]) process.off('warning', worker[warningListener]);
process.on('warning', (worker[warningListener] = onWarning));

/** Throws, naming where, if a query was sent to a busy connection since the last check (and forgets them). */
export function checkOneQueryAtATime() {
  if (found.length === 0) return;
  const stacks = found.splice(0);
  throw new Error(`two queries at once on one database connection:\n${stacks.join('\n\n')}`);
}

afterEach(checkOneQueryAtATime);
afterAll(checkOneQueryAtATime);
