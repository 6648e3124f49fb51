import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { encodePassword, signedOutUserInfo } from '@/features/auth/auth';
import { $signedIn, setUser } from '@/features/auth/user.store';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, type AnyMessageKey, type Messages } from '@/lib/i18n/ui';
import { limits } from '@/lib/validation';
import type { MailPreference } from './privacy.schema';

/**
 * The account page's privacy part: item names in mails (off by default), "Download my data" (a JSON
 * file the browser saves) and "Delete my account" with what is deleted and what is kept, said before.
 */
export default function PrivacySettings({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const signedIn = useStore($signedIn);
  const [preference, setPreference] = useState<MailPreference | null>(null);
  const [saved, setSaved] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    void api.get<MailPreference>('privacy/getMailPreference').then((result) => {
      if (isSuccess(result)) setPreference(result.data);
    });
  }, [signedIn]);

  if (deleted) {
    return (
      <section className="privacy-settings" aria-labelledby="privacy-deleted">
        <p className="notice notice--ok" role="status" id="privacy-deleted">
          {t('account.privacy.deleted')}
        </p>
        <a className="button" href="/">
          {t('account.privacy.home')}
        </a>
      </section>
    );
  }
  if (!signedIn) return null;

  // The box follows the click at once; a failed save puts it back (the toast says why).
  async function changePreference(change: Partial<MailPreference>) {
    if (!preference) return;
    const before = preference;
    setSaved(false);
    setPreference({ ...before, ...change });
    const result = await api.put<MailPreference>('privacy/updateMailPreference', { ...before, ...change });
    setPreference(isSuccess(result) ? result.data : before);
    setSaved(isSuccess(result));
  }

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    if (password === '') {
      setError(t('account.privacy.password_err'));
      return;
    }
    setBusy(true);
    const result = await api.post('privacy/deleteAccount', { password: encodePassword(password) });
    setBusy(false);
    if (isSuccess(result)) {
      setUser(signedOutUserInfo);
      setDeleted(true);
      return;
    }
    const key = `code.${result.code}` as AnyMessageKey;
    setError(t(key) === key ? result.message : t(key));
  }

  return (
    <div className="privacy-settings">
      <section aria-labelledby="privacy-title">
        <h2 id="privacy-title">{t('account.privacy.title')}</h2>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={preference?.showItemNamesInMail ?? false}
            disabled={preference === null}
            aria-describedby="privacy-item-names-hint"
            onChange={(event) => void changePreference({ showItemNamesInMail: event.target.checked })}
          />
          {t('account.privacy.itemNames')}
        </label>
        <p className="field-hint" id="privacy-item-names-hint">
          {t('account.privacy.itemNamesHint')}
        </p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={preference?.reviewRequestMail ?? false}
            disabled={preference === null}
            aria-describedby="privacy-review-requests-hint"
            onChange={(event) => void changePreference({ reviewRequestMail: event.target.checked })}
          />
          {t('account.privacy.reviewRequests')}
        </label>
        <p className="field-hint" id="privacy-review-requests-hint">
          {t('account.privacy.reviewRequestsHint')}
        </p>
        {saved && (
          <p className="notice notice--ok" role="status">
            {t('account.privacy.saved')}
          </p>
        )}
      </section>

      <section aria-labelledby="privacy-data-title">
        <h2 id="privacy-data-title">{t('account.privacy.dataTitle')}</h2>
        <p>{t('account.privacy.dataHint')}</p>
        <a className="button button--ghost" href="/api/v1/privacy/exportMyData" download>
          {t('account.privacy.download')}
        </a>
      </section>

      <section aria-labelledby="privacy-delete-title">
        <h2 id="privacy-delete-title">{t('account.privacy.deleteTitle')}</h2>
        <ul className="privacy-settings__facts">
          <li>{t('account.privacy.deleteDeleted')}</li>
          <li>{t('account.privacy.deleteKept')}</li>
          <li>{t('account.privacy.deleteReviews')}</li>
          <li>{t('account.privacy.deleteOpen')}</li>
        </ul>
        <form className="panel-form" noValidate onSubmit={(event) => void deleteAccount(event)}>
          <div className="field">
            <label htmlFor="privacy-password">{t('account.privacy.password')}</label>
            <input
              id="privacy-password"
              type="password"
              autoComplete="current-password"
              maxLength={limits.passwordMax}
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'privacy-password-error' : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setError('');
              }}
            />
            {error && (
              <p className="field-error" id="privacy-password-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button button--danger" disabled={busy}>
            {t('account.privacy.delete')}
          </button>
        </form>
      </section>
    </div>
  );
}
