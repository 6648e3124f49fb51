import { getCookie } from 'hono/cookie';
import { limitByAddress } from '@/features/auth/rate-limit';
import { CAPTCHA_COOKIE } from '@/features/captcha/captcha.routes';
import type { ShopDeps } from '@/server/deps';
import { createRouter, jsonRoute, ok } from '@/server/http/router';
import { verifyCodeBodySchema, verifyResultSchema } from './verify.schema';
import { verifyCode } from './verify.service';

const tag = 'Goods';

/** Mounted at /goods/antifake: open to visitors, behind a captcha and a per-address rate limit. */
export function verifyRoutes(deps: ShopDeps) {
  return createRouter().openapi(
    {
      ...jsonRoute({
        method: 'put',
        tag,
        path: '/verifyCode',
        summary:
          'Check an anti-counterfeit code (needs the captcha answer); answers the item and how often the code was checked',
        body: verifyCodeBodySchema,
        data: verifyResultSchema,
      }),
      middleware: limitByAddress(deps, 'verify'),
    },
    async (c) => {
      const body = c.req.valid('json');
      return ok(
        c,
        await verifyCode(deps, { ...body, captchaId: getCookie(c, CAPTCHA_COOKIE), language: c.get('language') }),
      );
    },
  );
}
