import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import * as ErrorCode from './error-codes';
import { $toasts } from './toast.store';

/** A server of the test's own: `answer` decides, per request, to answer, drop the connection or hang. */
async function aServer(answer: (request: IncomingMessage, response: ServerResponse, count: number) => void) {
  const requests: { method: string; url: string; language: string | undefined; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        language: request.headers.language as string | undefined,
        body,
      });
      answer(request, response, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { requests, prefix: `http://127.0.0.1:${port}/api/v1` };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  $toasts.set([]);
});

const envelope = (data: unknown) => JSON.stringify({ code: ErrorCode.Success, data, message: 'success' });
const dropConnection = (request: IncomingMessage) => void request.socket.destroy();

describe('the storefront API client', () => {
  it('asks again when a read loses its connection once, and gets the answer', async () => {
    const shop = await aServer((request, response, count) => {
      if (count === 1) {
        dropConnection(request);
        return;
      }
      response.setHeader('Content-Type', 'application/json');
      response.end(envelope({ list: ['a'] }));
    });
    const result = await createApiClient({ prefix: shop.prefix }).get<{ list: string[] }>('goods/list', {
      searchParams: { page: 2 },
    });

    expect(result).toEqual({ code: ErrorCode.Success, data: { list: ['a'] }, message: 'success' });
    expect(shop.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/v1/goods/list?page=2',
      'GET /api/v1/goods/list?page=2',
    ]);
    expect(shop.requests[0]?.language).toBe('EN');
    expect($toasts.get()).toEqual([]);
  });

  it('asks a read again after a gateway 503, but not after the API refuses it', async () => {
    const shop = await aServer((request, response, count) => {
      response.setHeader('Content-Type', 'application/json');
      if (request.url?.includes('busy') && count === 1) {
        response.statusCode = 503;
        response.end('Service Unavailable');
        return;
      }
      response.statusCode = request.url?.includes('refused') ? 401 : 200;
      response.end(
        request.url?.includes('refused')
          ? JSON.stringify({ code: ErrorCode.LoginRequired, data: null, message: 'Please sign in' })
          : envelope(1),
      );
    });
    const client = createApiClient({ prefix: shop.prefix });

    await expect(client.get('busy')).resolves.toMatchObject({ code: ErrorCode.Success, data: 1 });
    await expect(client.get('refused', { quiet: true })).resolves.toEqual({
      code: ErrorCode.LoginRequired,
      data: null,
      message: 'Please sign in',
    });
    expect(shop.requests.map((request) => request.url)).toEqual(['/api/v1/busy', '/api/v1/busy', '/api/v1/refused']);
  });

  it('sends an order exactly once when the connection drops, and says the request failed', async () => {
    const shop = await aServer((request) => dropConnection(request));
    // ky asks again before it answers, so once the answer is here every request it made has arrived.
    const result = await createApiClient({ prefix: shop.prefix }).post('order/createOrder', { goods: [{ id: 7 }] });

    expect(result.code).toBe(ErrorCode.RequestFailed);
    expect(shop.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/v1/order/createOrder',
        body: JSON.stringify({ goods: [{ id: 7 }] }),
      }),
    ]);
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Request failed, please try again later']);
  });

  it('gives up on a request past its timeout and shows the request-failed message', async () => {
    const shop = await aServer(() => {
      // Never answers.
    });
    const started = Date.now();
    const result = await createApiClient({ prefix: shop.prefix, timeout: 300 }).get('goods/list');

    expect(result).toEqual({
      code: ErrorCode.RequestFailed,
      data: null,
      message: 'Request failed, please try again later',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(shop.requests).toHaveLength(1);
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Request failed, please try again later']);
  });
});
