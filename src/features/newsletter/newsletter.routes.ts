import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { translate } from '@/lib/i18n';
import { defaultLanguage, parseLanguage, type Language } from '@/lib/locale';
import { messageFor, ShopError } from '@/server/http/errors';
import { newsletterPageCsp } from '@/lib/security-headers';
import type { ShopDeps } from '@/server/deps';
import type { AppEnv } from '@/server/http/context';
import { createRouter, jsonRoute, ok } from '@/server/http/router';
import { clientAddress, countAttempt } from '@/features/auth/rate-limit';
import { renderNewsletterPage, type NewsletterPage } from './newsletter-page';
import { subscribeBodySchema, type SubscribeBody } from './newsletter.schema';
import { addSubscriber, confirmSubscriber, subscriberByToken, unsubscribe } from './newsletter.service';

/** The paths the confirm and unsubscribe forms post to, from anywhere (a mail program posts the one-click unsubscribe, RFC 8058); their links carry their own token. */
export const NEWSLETTER_ANY_ORIGIN_FORM_PATHS = ['/mail/subscribers/confirm', '/mail/subscribers/unsubscribe'];
/**
 * Every path that takes a form body: those, and where the footer's form posts before the page's
 * script has woken (from the shop's own pages only).
 */
export const NEWSLETTER_FORM_BODY_PATHS = [...NEWSLETTER_ANY_ORIGIN_FORM_PATHS, '/mail/subscribers/subscribe'];

export function newsletterRoutes(deps: ShopDeps) {
  const page = (
    c: Context<AppEnv>,
    language: Language,
    content: NewsletterPage,
    status: 200 | 400 | 404 | 429 = content.kind === 'unknown' ? 404 : 200,
  ) => {
    c.header('Content-Security-Policy', newsletterPageCsp);
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(renderNewsletterPage(language, content, `${deps.config.publicOrigin}/`), status);
  };
  const tokenOf = (c: Context<AppEnv>) => c.req.query('token') ?? '';
  /** The page the footer's form was on, to go back to; the shop's home for anything else. */
  const backTo = (c: Context<AppEnv>) => {
    const referer = c.req.header('Referer') ?? '';
    return referer.startsWith(`${deps.config.publicOrigin}/`) && !referer.includes('/api/')
      ? referer
      : `${deps.config.publicOrigin}/`;
  };
  const subscribe = async (c: Context<AppEnv>, body: SubscribeBody, language: Language) => {
    // Before -224 can answer: whether an address subscribes cannot be tested at scale, nor a mailbox flooded.
    await countAttempt(deps.db, deps.config.limits, {
      action: 'newsletter',
      address: clientAddress(c, deps.config),
      account: body.email,
      perAccount: deps.config.privacy.newsletterSignUpsPerEmail,
    });
    await addSubscriber(deps, body, language);
  };

  return createRouter()
    .openapi(
      jsonRoute({
        method: 'post',
        tag: 'Newsletter',
        path: '/addSubscribers',
        summary: 'Subscribe to the newsletter (a confirmation mail is sent first)',
        body: subscribeBodySchema,
        data: z.null(),
      }),
      async (c) => {
        await subscribe(c, c.req.valid('json'), c.get('language'));
        return ok(c, null);
      },
    )
    .post('/subscribe', async (c) => {
      // The same subscription from the footer's form sent as HTML sends it, answered with a page.
      const form = await c.req.parseBody();
      const language = parseLanguage(typeof form.language === 'string' ? form.language : undefined);
      const answer = (outcome: 'sent' | 'refused', message: string, status: 200 | 400 | 429 = 200) =>
        page(c, language, { kind: 'subscribing', outcome, message, back: backTo(c) }, status);
      const body = subscribeBodySchema.safeParse({ subscribeName: form.subscribeName, email: form.email });
      if (!body.success) return answer('refused', translate(language, 'newsletter.page.subscribeMissing'), 400);
      try {
        await subscribe(c, body.data, language);
      } catch (error) {
        if (!(error instanceof ShopError)) throw error;
        for (const [name, value] of Object.entries(error.detail?.headers ?? {})) c.header(name, value);
        return answer(
          'refused',
          messageFor(error.code, language, error.detail?.field, error.detail?.message),
          error.detail?.status === 429 ? 429 : 400,
        );
      }
      return answer('sent', translate(language, 'newsletter.page.subscribeSent'));
    })
    .get('/confirm', async (c) => {
      const subscriber = await subscriberByToken(deps.db, 'confirm', tokenOf(c));
      if (!subscriber || subscriber.confirmedAt)
        return page(c, c.get('language') ?? defaultLanguage, { kind: 'unknown' });
      return page(c, subscriber.language, {
        kind: 'ask',
        action: 'confirm',
        email: subscriber.email,
        name: subscriber.name,
        token: tokenOf(c),
      });
    })
    .post('/confirm', async (c) => {
      const confirmed = await confirmSubscriber(deps.db, tokenOf(c));
      if (!confirmed) return page(c, c.get('language'), { kind: 'unknown' });
      return page(c, confirmed.language, { kind: 'confirmed', email: confirmed.email });
    })
    .get('/unsubscribe', async (c) => {
      const subscriber = await subscriberByToken(deps.db, 'unsubscribe', tokenOf(c));
      if (!subscriber) return page(c, c.get('language'), { kind: 'unknown' });
      return page(c, subscriber.language, {
        kind: 'ask',
        action: 'unsubscribe',
        email: subscriber.email,
        name: subscriber.name,
        token: tokenOf(c),
      });
    })
    .post('/unsubscribe', async (c) => {
      // The button on the page, or a mail program's one-click POST (`List-Unsubscribe=One-Click`).
      const subscriber = await subscriberByToken(deps.db, 'unsubscribe', tokenOf(c));
      if (!subscriber || !(await unsubscribe(deps.db, tokenOf(c))))
        return page(c, c.get('language'), { kind: 'unknown' });
      return page(c, subscriber.language, { kind: 'unsubscribed' });
    });
}
