import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as ErrorCode from '@/lib/error-codes';
import { ShopError } from './errors';

/*
 * Request bodies and keep-alive connections. A body the shop answers before reading (too large, the
 * wrong type, no session) is still on the wire: the connection can only carry the next request once
 * those bytes are read. Left unread, @hono/node-server gives the leftover body 500 ms after the reply
 * and then destroys the socket, so the client's next request on that connection gets no answer at all.
 * So every body is read to its end (at most DISCARD_BYTES more than the shop keeps), and a body that
 * is still longer than that gets `Connection: close` on its reply: the client then knows to open a
 * new connection instead of finding a dead one.
 */

/** How much of a refused body the shop reads and throws away to keep the connection. */
export const DISCARD_BYTES = 1024 * 1024;
/** How long it waits for those bytes: a client that trickles them loses its connection instead. */
const DISCARD_MS = 2000;

const tooLarge = (field = 'body') => new ShopError(ErrorCode.IllegalRequest, { field, status: 413 });

/** Whether the request carries a body (in-process requests may have one without a Content-Length). */
const hasBody = (request: Request) => request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;

/** Reads what is left of a stream, up to `budget` bytes and DISCARD_MS; true when it reached the end. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<boolean> {
  const deadline = Date.now() + DISCARD_MS;
  let read = 0;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const chunk = await Promise.race([
      reader.read(),
      new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), left);
      }),
    ]).finally(() => clearTimeout(timer));
    if (chunk === 'late') return false;
    if (chunk.done) return true;
    read += chunk.value.byteLength;
    if (read > budget) return false;
  }
}

/**
 * Reads a body of at most `maxBytes` into memory. Longer: the rest is discarded as far as the
 * connection needs it, and the answer is 413.
 */
async function readLimited(
  request: Request,
  maxBytes: number,
  field: string,
  markClose: () => void,
): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  const reader = request.body!.getReader();
  const refuse = async () => {
    if (!(await discardRest(reader, DISCARD_BYTES))) markClose();
    await reader.cancel().catch(() => {});
    return tooLarge(field);
  };
  if (!request.headers.has('Transfer-Encoding') && declared > maxBytes) throw await refuse();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) throw await refuse();
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The body limit: the whole body is read (and checked) before any handler runs, so that no route,
 * however it fails, leaves body bytes on the connection. `skip` names routes that set their own limit.
 */
export function limitBody(
  maxBytes: number,
  options: { skip?: (path: string) => boolean; text?: boolean; field?: string } = {},
): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    if (!hasBody(c.req.raw) || options.skip?.(c.req.path)) return next();
    const body = await readLimited(c.req.raw, maxBytes, options.field ?? 'body', () => c.header('Connection', 'close'));
    if (options.text && containsNul(body.toString('latin1'))) throw nulRefused('body');
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  });
}

/**
 * U+0000 in any input: PostgreSQL's text cannot hold it (the query fails), and no name, code or
 * address has one. Refused here, once, for the URL and for JSON bodies (raw or as the `\u0000` escape).
 */
const nulInJson = /\0|\\u0000/i;
const nulInUrl = /\0|%00/;
export const containsNul = (json: string) => nulInJson.test(json);
const nulRefused = (field: string) => new ShopError(ErrorCode.IllegalRequest, { field });

/** Refuses a URL with a NUL character in its path or query. */
export const rejectNulInUrl = createMiddleware(async (c, next) => {
  const url = c.req.url;
  const query = url.indexOf('?');
  if (nulInUrl.test(query === -1 ? url : url.slice(0, query))) throw nulRefused('path');
  if (query !== -1 && nulInUrl.test(url.slice(query))) throw nulRefused('query');
  return next();
});

/**
 * Around everything the server answers: a body nobody read (a page path, a refused upload) is read
 * and dropped before the reply leaves, so the connection stays usable for the next request.
 */
export const discardUnreadBody = createMiddleware(async (c, next) => {
  const request = c.req.raw;
  await next();
  if (!hasBody(request) || request.bodyUsed || request.body!.locked) return;
  const reader = request.body!.getReader();
  const ended = await discardRest(reader, DISCARD_BYTES).catch(() => false);
  if (!ended) c.res.headers.set('Connection', 'close');
});
