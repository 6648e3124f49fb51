import { translate, type MessageKey } from '@/lib/i18n';
import type { Language } from '@/lib/locale';
import { renderSmallPage } from '@/server/http/small-page';
import { escapeHtml } from '@/server/mail/layout';

/** What the confirm and unsubscribe links show (a question with one button, an outcome, or a dead link), and the footer form's answer without scripts. */
export type NewsletterPage =
  | { kind: 'ask'; action: 'confirm' | 'unsubscribe'; email: string; name: string; token: string }
  | { kind: 'confirmed'; email: string }
  | { kind: 'unsubscribed' }
  | { kind: 'unknown' }
  /** The footer's form posted without the page's script: the confirmation mail is sent, or why not. */
  | { kind: 'subscribing'; outcome: 'sent' | 'refused'; message: string; back: string };

/**
 * The newsletter's own small pages, served by the API without scripts. Opening a link only asks; the
 * button posts, so a mail scanner that follows links neither confirms nor unsubscribes anyone.
 */
export function renderNewsletterPage(language: Language, page: NewsletterPage, shopUrl: string): string {
  const t = (key: MessageKey, params?: Record<string, string>) => escapeHtml(translate(language, key, params));
  const title =
    page.kind === 'subscribing'
      ? t('newsletter.page.subscribeTitle')
      : (page.kind === 'ask' && page.action === 'unsubscribe') || page.kind === 'unsubscribed'
        ? t('newsletter.page.unsubscribeTitle')
        : t('newsletter.page.confirmTitle');
  const back = `<p><a href="${escapeHtml(page.kind === 'subscribing' ? page.back : shopUrl)}">${t('newsletter.page.back')}</a></p>`;
  const body =
    page.kind === 'subscribing'
      ? `<p role="${page.outcome === 'sent' ? 'status' : 'alert'}">${escapeHtml(page.message)}</p>${back}`
      : page.kind === 'ask'
        ? `<p>${t(page.action === 'confirm' ? 'newsletter.page.confirmText' : 'newsletter.page.unsubscribeText', { email: page.email, name: page.name })}</p>
<form method="post" action="${page.action}?token=${encodeURIComponent(page.token)}"><button>${t(page.action === 'confirm' ? 'newsletter.page.confirmButton' : 'newsletter.page.unsubscribeButton')}</button></form>`
        : page.kind === 'confirmed'
          ? `<p role="status">${t('newsletter.page.confirmed', { email: page.email })}</p>${back}`
          : page.kind === 'unsubscribed'
            ? `<p role="status">${t('newsletter.page.unsubscribed')}</p>${back}`
            : `<p role="alert">${t('newsletter.page.unknownLink')}</p>${back}`;
  return renderSmallPage({
    language,
    title,
    body,
    referrer: false,
    style: `
  button { border: 0; border-radius: 6px; padding: 12px 18px; font-size: 15px; cursor: pointer; background: #b0456e; color: #fff; }
  a { color: #b0456e; }`,
  });
}
