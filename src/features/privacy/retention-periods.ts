import { CAPTCHA_LIFETIME_SECONDS } from '@/features/captcha/captcha.lifetime';
import type { Translate, UiMessageKey } from '@/lib/i18n/ui';
import type { Config } from '@/server/config';

/**
 * How long each kind of data is kept, from the same settings the code runs on: the privacy page
 * renders this table when the pages are built, and the README's Privacy section lists the same rows.
 */
export type RetentionPeriod = { data: UiMessageKey; kept: string; setting: string | null };

export function retentionPeriods(
  config: Pick<Config, 'privacy' | 'sessions' | 'passwords' | 'limits'>,
  t: Translate,
): RetentionPeriod[] {
  const { privacy } = config;
  return [
    { data: 'privacy.period.account', kept: t('privacy.untilDeleted'), setting: null },
    { data: 'privacy.period.orders', kept: t('privacy.forAccounts'), setting: null },
    {
      data: 'privacy.period.unpaidOrders',
      kept: t('privacy.daysAfterClosing', { days: privacy.unpaidOrderRetentionDays }),
      setting: 'UNPAID_ORDER_RETENTION_DAYS',
    },
    { data: 'privacy.period.newsletter', kept: t('privacy.untilUnsubscribed'), setting: null },
    {
      data: 'privacy.period.newsletterUnconfirmed',
      kept: t('privacy.days', { days: privacy.newsletterConfirmDays }),
      setting: 'NEWSLETTER_CONFIRM_DAYS',
    },
    {
      data: 'privacy.period.sessions',
      kept: t('privacy.daysAfterLastUse', { days: config.sessions.days }),
      setting: 'SESSION_DAYS',
    },
    {
      data: 'privacy.period.resets',
      kept: t('privacy.minutes', { minutes: config.passwords.resetMinutes }),
      setting: 'PASSWORD_RESET_MINUTES',
    },
    {
      data: 'privacy.period.captchas',
      kept: t('privacy.minutes', { minutes: CAPTCHA_LIFETIME_SECONDS / 60 }),
      setting: null,
    },
    {
      data: 'privacy.period.rateLimits',
      kept: t('privacy.seconds', { seconds: config.limits.rateLimitWindowSeconds }),
      setting: 'RATE_LIMIT_WINDOW_SECONDS',
    },
    {
      data: 'privacy.period.mailFiles',
      kept: t('privacy.days', { days: privacy.mailRetentionDays }),
      setting: 'MAIL_RETENTION_DAYS',
    },
  ];
}
