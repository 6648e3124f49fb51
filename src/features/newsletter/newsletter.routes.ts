import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { defaultLanguage, type Language } from '@/lib/locale';
import { newsletterPageCsp } from '@/lib/security-headers';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { createRouter, jsonRoute, ok } from '@/server/http/router';
import { clientAddress, countAttempt } from '@/features/auth/rate-limit';
import { renderNewsletterPage, type NewsletterPage } from './newsletter-page';
import { subscribeBodySchema } from './newsletter.schema';
import { addSubscriber, confirmSubscriber, subscriberByToken, unsubscribe } from './newsletter.service';

/** The paths the confirm and unsubscribe forms post to; app.ts lets form bodies through to them (RFC 8058 posts one). */
export const NEWSLETTER_FORM_PATHS = ['/mail/subscribers/confirm', '/mail/subscribers/unsubscribe'];

export function newsletterRoutes(deps: ShopDeps) {
  const page = (c: Context<AppEnv>, language: Language, content: NewsletterPage) => {
    c.header('Content-Security-Policy', newsletterPageCsp);
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(renderNewsletterPage(language, content, `${deps.config.publicOrigin}/`), content.kind === 'unknown' ? 404 : 200);
  };
  const tokenOf = (c: Context<AppEnv>) => c.req.query('token') ?? '';

  return createRouter()
    .openapi(
      jsonRoute({ method: 'post', tag: 'Newsletter', path: '/addSubscribers', summary: 'Subscribe to the newsletter (a confirmation mail is sent first)', body: subscribeBodySchema, data: z.null() }),
      async (c) => {
        const body = c.req.valid('json');
        // Before -224 can answer: whether an address subscribes cannot be tested at scale, nor a mailbox flooded.
        await countAttempt(deps.db, deps.config.limits, { action: 'newsletter', address: clientAddress(c, deps.config), account: body.email, perAccount: deps.config.privacy.newsletterSignUpsPerEmail });
        await addSubscriber(deps, body, c.get('language'));
        return ok(c, null);
      },
    )
    .get('/confirm', async (c) => {
      const subscriber = await subscriberByToken(deps.db, 'confirm', tokenOf(c));
      if (!subscriber || subscriber.confirmedAt) return page(c, c.get('language') ?? defaultLanguage, { kind: 'unknown' });
      return page(c, subscriber.language, { kind: 'ask', action: 'confirm', email: subscriber.email, name: subscriber.name, token: tokenOf(c) });
    })
    .post('/confirm', async (c) => {
      const confirmed = await confirmSubscriber(deps.db, tokenOf(c));
      if (!confirmed) return page(c, c.get('language'), { kind: 'unknown' });
      return page(c, confirmed.language, { kind: 'confirmed', email: confirmed.email });
    })
    .get('/unsubscribe', async (c) => {
      const subscriber = await subscriberByToken(deps.db, 'unsubscribe', tokenOf(c));
      if (!subscriber) return page(c, c.get('language'), { kind: 'unknown' });
      return page(c, subscriber.language, { kind: 'ask', action: 'unsubscribe', email: subscriber.email, name: subscriber.name, token: tokenOf(c) });
    })
    .post('/unsubscribe', async (c) => {
      // The button on the page, or a mail program's one-click POST (`List-Unsubscribe=One-Click`).
      const subscriber = await subscriberByToken(deps.db, 'unsubscribe', tokenOf(c));
      if (!subscriber || !(await unsubscribe(deps.db, tokenOf(c)))) return page(c, c.get('language'), { kind: 'unknown' });
      return page(c, subscriber.language, { kind: 'unsubscribed' });
    });
}
