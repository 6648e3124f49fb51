import { translate, type MessageKey } from '@/lib/i18n';
import type { Language } from '@/lib/locale';
import { composeMail } from '@/server/mail/layout';
import type { Mail } from '@/server/mail/mailer';

/** One newsletter, written by the operator in every language. */
export type NewsletterIssue = { subject: Record<Language, string>; text: Record<Language, string> };

type Recipient = { email: string; name: string; language: Language };

const translator = (language: Language) => (key: MessageKey, params?: Record<string, string | number>) =>
  translate(language, key, params);

/**
 * The double opt-in mail: nothing else goes to the address until its link is opened. It greets nobody
 * by name: whoever typed the address typed the name too, and its owner has not seen it yet (the
 * confirmation page shows it).
 */
export function newsletterConfirmationMail(to: Omit<Recipient, 'name'>, link: string, days: number): Mail {
  const t = translator(to.language);
  return {
    to: to.email,
    subject: t('newsletter.confirm.subject'),
    ...composeMail({
      greeting: t('mail.greetingNoName'),
      intro: [t('newsletter.confirm.intro', { email: to.email })],
      action: { label: t('newsletter.confirm.action'), url: link },
      outro: [t('newsletter.confirm.outro', { days })],
      signature: t('mail.signature'),
    }),
  };
}

/**
 * A newsletter mail: the issue in the subscriber's language, the unsubscribe link under it, and
 * RFC 8058's headers, so a mail program offers "Unsubscribe" and unsubscribes with one POST.
 */
export function newsletterIssueMail(to: Recipient, issue: NewsletterIssue, unsubscribeLink: string): Mail {
  const t = translator(to.language);
  return {
    to: to.email,
    subject: issue.subject[to.language],
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    ...composeMail({
      greeting: t('mail.greeting', { name: to.name }),
      intro: issue.text[to.language].split(/\n{2,}/),
      outro: [t('newsletter.unsubscribeLine', { email: to.email }), unsubscribeLink],
      signature: t('mail.signature'),
    }),
  };
}
