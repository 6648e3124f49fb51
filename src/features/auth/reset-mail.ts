import { translate } from '@/lib/i18n';
import type { Language } from '@/lib/locale';
import { composeMail } from '@/server/mail/layout';
import type { Mail } from '@/server/mail/mailer';

/** The password-reset mail, in the customer's language. */
export function passwordResetMail(
  to: { email: string; firstName: string; language: Language },
  link: string,
  minutes: number,
): Mail {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(to.language, key, params);
  return {
    to: to.email,
    subject: t('mail.resetPassword.subject'),
    ...composeMail({
      greeting: t('mail.greeting', { name: to.firstName }),
      intro: [t('mail.resetPassword.intro', { email: to.email })],
      action: { label: t('mail.resetPassword.action'), url: link },
      outro: [t('mail.resetPassword.expiry', { minutes }), t('mail.resetPassword.ignore')],
      signature: t('mail.signature'),
    }),
  };
}
