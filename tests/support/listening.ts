import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export type Reply = { status: number; headers: http.IncomingHttpHeaders; text: string; socket: number };

/**
 * An app on a real listening socket, called through one keep-alive connection: what a browser or a
 * proxy in front of the shop does, and what `app.request` cannot show (a dropped connection).
 */
export async function listen(app: Hono) {
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new WeakMap<object, number>();
  let opened = 0;

  /** One request; `body` as bytes on the wire. Rejects when the connection drops without an answer. */
  function request(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean } = {},
  ) {
    return new Promise<Reply>((resolve, reject) => {
      const headers: Record<string, string | number> = { ...init.headers };
      if (init.body !== undefined && !init.chunked) headers['Content-Length'] = Buffer.byteLength(init.body);
      const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const socket = req.socket ? (sockets.get(req.socket) ?? (sockets.set(req.socket, ++opened), opened)) : 0;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            socket,
          });
        });
      });
      req.on('error', reject);
      req.end(init.body);
    });
  }

  return {
    port,
    request,
    /** How many connections the agent has opened so far. */
    connections: () => opened,
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
