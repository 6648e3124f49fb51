import { createRoute } from '@hono/zod-openapi';
import { setCookie } from 'hono/cookie';
import type { ShopDeps } from '@/server/deps';
import { createRouter } from '@/server/http/router';
import { CAPTCHA_LIFETIME_SECONDS, createCaptcha } from './captcha.service';

/** The browser holds only the captcha's id, in this HttpOnly cookie; calls that check a captcha read it. */
export const CAPTCHA_COOKIE = 'captcha';

export function captchaRoutes(deps: ShopDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/mathGenerator',
      tags: ['Captcha'],
      summary: 'A new math captcha as a PNG; replaces the previous one',
      responses: { 200: { description: 'PNG image of a small sum', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } },
    }),
    async (c) => {
      const captcha = await createCaptcha(deps.db);
      setCookie(c, CAPTCHA_COOKIE, captcha.id, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: deps.config.publicOrigin.startsWith('https:'),
        path: '/api/v1',
        maxAge: CAPTCHA_LIFETIME_SECONDS,
      });
      return c.body(new Uint8Array(captcha.png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' });
    },
  );
}
