import type { AnyMessageKey } from '@/lib/i18n/ui';
import { adminCall } from '../admin-api';
import { ErrorText, LanguagePicker, dateTime, useAdminData, useSectionLanguage, type SectionMessages } from '../ui';
import type { MailOutboxView, UnsentMail } from './mail.schema';

/* Mail not sent, under Customers: what still waits for the mail server and what was given up, with a way to send a failed one again. */

export default function MailOutbox({ messages, canRetry }: { messages: SectionMessages; canRetry: boolean }) {
  const { language, t, choose } = useSectionLanguage(messages);
  const { data: view, error, act } = useAdminData(() => adminCall<MailOutboxView>('/mail'));
  const retry = (mail: UnsentMail) => act(() => adminCall('/mail/retry', { id: mail.id }));
  const statusOf = (mail: UnsentMail) =>
    mail.status === 'failed'
      ? t('admin.mail.failed', { time: dateTime(mail.settledAt, t.languageTag) })
      : t('admin.mail.waiting', { time: dateTime(mail.nextAttemptAt ?? mail.createdAt, t.languageTag, 'medium') });

  return (
    <section aria-labelledby="mail-outbox-title" lang={language.toLowerCase()}>
      <h2 id="mail-outbox-title">{t('admin.mail.title')}</h2>
      <LanguagePicker label={t('admin.mail.language')} language={language} onChoose={choose} />
      <p>{t('admin.mail.intro')}</p>
      <ErrorText error={error} />
      {view && <p>{t('admin.mail.counts', view.counts)}</p>}
      {view && view.unsent.length === 0 && <p>{t('admin.mail.none')}</p>}
      {view && view.unsent.length > 0 && (
        <table className="data-table backoffice__table">
          <thead>
            <tr>
              <th scope="col">{t('admin.mail.kind')}</th>
              <th scope="col">{t('admin.mail.recipient')}</th>
              <th scope="col">{t('admin.mail.queued')}</th>
              <th scope="col">{t('admin.mail.status')}</th>
              <th scope="col" className="backoffice__amount">
                {t('admin.mail.attempts')}
              </th>
              <th scope="col">{t('admin.mail.lastError')}</th>
              {canRetry && <th scope="col">{t('admin.mail.retry')}</th>}
            </tr>
          </thead>
          <tbody>
            {view.unsent.map((mail) => (
              <tr key={mail.id}>
                <td>{t(`admin.mail.kind.${mail.kind}` as AnyMessageKey)}</td>
                <td>{mail.recipient}</td>
                <td>{dateTime(mail.createdAt, t.languageTag)}</td>
                <td>{statusOf(mail)}</td>
                <td className="backoffice__amount">{mail.attempts}</td>
                <td>{mail.lastError ?? '—'}</td>
                {canRetry && (
                  <td>
                    {mail.status === 'failed' && (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={t('admin.mail.retryNamed', { recipient: mail.recipient })}
                        onClick={() => void retry(mail)}
                      >
                        {t('admin.mail.retry')}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
