import { translate, type MessageKey } from '@/lib/i18n';
import { languageTags, type Language } from '@/lib/locale';
import { escapeHtml } from '@/server/mail/layout';

/** What the confirm and unsubscribe links show: a question with one button, an outcome, or a dead link. */
export type NewsletterPage =
  | { kind: 'ask'; action: 'confirm' | 'unsubscribe'; email: string; token: string }
  | { kind: 'confirmed'; email: string }
  | { kind: 'unsubscribed' }
  | { kind: 'unknown' };

/**
 * The newsletter's own small pages, served by the API without scripts. Opening a link only asks; the
 * button posts, so a mail scanner that follows links neither confirms nor unsubscribes anyone.
 */
export function renderNewsletterPage(language: Language, page: NewsletterPage, shopUrl: string): string {
  const t = (key: MessageKey, params?: Record<string, string>) => escapeHtml(translate(language, key, params));
  const title = page.kind === 'ask' && page.action === 'unsubscribe' ? t('newsletter.page.unsubscribeTitle') : page.kind === 'unsubscribed' ? t('newsletter.page.unsubscribeTitle') : t('newsletter.page.confirmTitle');
  const back = `<p><a href="${escapeHtml(shopUrl)}">${t('newsletter.page.back')}</a></p>`;
  const body =
    page.kind === 'ask'
      ? `<p>${t(page.action === 'confirm' ? 'newsletter.page.confirmText' : 'newsletter.page.unsubscribeText', { email: page.email })}</p>
<form method="post" action="${page.action}?token=${encodeURIComponent(page.token)}"><button>${t(page.action === 'confirm' ? 'newsletter.page.confirmButton' : 'newsletter.page.unsubscribeButton')}</button></form>`
      : page.kind === 'confirmed'
        ? `<p role="status">${t('newsletter.page.confirmed', { email: page.email })}</p>${back}`
        : page.kind === 'unsubscribed'
          ? `<p role="status">${t('newsletter.page.unsubscribed')}</p>${back}`
          : `<p role="alert">${t('newsletter.page.unknownLink')}</p>${back}`;
  return `<!doctype html>
<html lang="${languageTags[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>
  body { margin: 0; font-family: Arial, Helvetica, sans-serif; color: #2b2b2b; background: #faf6f7; line-height: 1.5; }
  main { max-width: 420px; margin: 32px auto; padding: 24px; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 22px; margin: 0 0 8px; }
  button { border: 0; border-radius: 6px; padding: 12px 18px; font-size: 15px; cursor: pointer; background: #b0456e; color: #fff; }
  a { color: #b0456e; }
</style>
</head>
<body>
<main>
  <h1>${title}</h1>
  ${body}
</main>
</body>
</html>`;
}
