import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import * as ErrorCode from '@/lib/error-codes';
import type { AppEnv } from './context';
import { ShopError, handleError, invalidInput } from './errors';

function appThrowing(error: unknown) {
  const lines: string[] = [];
  const logger = pino(new Writable({ write: (chunk, _encoding, done) => (lines.push(chunk.toString()), done()) }));
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(async (c, next) => {
    c.set('language', 'ZH');
    c.set('logger', logger);
    await next();
  });
  app.get('/', () => {
    throw error;
  });
  app.onError(handleError);
  return { app, lines };
}

describe('one error path', () => {
  it('turns a catalogue error into its code and the message in the request language', async () => {
    const { app } = appThrowing(new ShopError(ErrorCode.AccountExists));
    const response = await app.request('/');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ code: -202, data: null, message: '该账号已存在' });
  });

  it('names the offending field for malformed input', async () => {
    const { app } = appThrowing(invalidInput('email'));
    const response = await app.request('/');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: -218, message: 'email 的值无效' });
  });

  it('hides an unexpected fault behind -9999 and logs it with the request id, never a stack to the client', async () => {
    const { app, lines } = appThrowing(new Error('connection reset by peer at db.ts:42'));
    const response = await app.request('/');
    const body = (await response.json()) as { code: number; data: { requestId: string }; message: string };
    expect(response.status).toBe(500);
    expect(body.code).toBe(-9999);
    expect(JSON.stringify(body)).not.toContain('db.ts');
    expect(body.data.requestId).toBe(response.headers.get('X-Request-Id'));
    expect(lines.join('')).toContain(body.data.requestId);
    expect(lines.join('')).toContain('connection reset by peer');
  });
});
