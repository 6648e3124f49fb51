import { z } from '@hono/zod-openapi';
import { setCookie } from 'hono/cookie';
import type { ShopDeps } from '@/server/deps';
import { createRouter, getRoute, ok } from '@/server/http/router';
import { CAPTCHA_LIFETIME_SECONDS } from './captcha.lifetime';
import { createCaptcha } from './captcha.service';

/** The browser holds only the captcha's id, in this HttpOnly cookie; calls that check a captcha read it. */
export const CAPTCHA_COOKIE = 'captcha';

/** ALTCHA's challenge: the number whose SHA-256 after `salt` is `challenge`, no greater than `maxnumber`, is the captcha's answer. */
export const captchaChallengeSchema = z
  .object({
    algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
    challenge: z.string(),
    salt: z.string(),
    maxnumber: z.number().int(),
  })
  .openapi('CaptchaChallenge');
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export function captchaRoutes(deps: ShopDeps) {
  return createRouter().openapi(
    getRoute({
      tag: 'Captcha',
      path: '/mathGenerator',
      summary: 'A new captcha, a proof of work the browser solves (ALTCHA); replaces the previous one',
      query: z.object({}),
      data: captchaChallengeSchema,
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
      return ok(c, captcha.challenge);
    },
  );
}
