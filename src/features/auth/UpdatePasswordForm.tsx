import { useEffect, useState, type FormEvent } from 'react';
import { api, isSuccess } from '@/lib/api-client';
import * as ErrorCode from '@/lib/error-codes';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { isValidPassword, limits } from '@/lib/validation';
import { encodePassword } from './auth';

type State = { kind: 'loading' } | { kind: 'ready'; email: string } | { kind: 'expired' } | { kind: 'done' };

/** /updatePwd/{token}: the page the reset mail links to. */
export default function UpdatePasswordForm({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const token =
    typeof location === 'undefined' ? '' : decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');

  useEffect(() => {
    void api.post<{ email: string }>('login/getResetEmail', { token }, { quiet: true }).then((result) => {
      setState(isSuccess(result) ? { kind: 'ready', email: result.data.email } : { kind: 'expired' });
    });
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || !confirm) return setError(t('sign.pass_err'));
    if (!isValidPassword(password)) return setError(t('sign.pass_err2'));
    if (password !== confirm) return setError(t('updatePwd.mismatch'));
    const result = await api.post('login/updatePwd', { token, password: encodePassword(password) });
    if (isSuccess(result)) setState({ kind: 'done' });
    else if (result.code === ErrorCode.LinkExpired) setState({ kind: 'expired' });
    else setError(result.message);
  }

  if (state.kind === 'loading') return <p>{t('page.loading')}</p>;
  if (state.kind === 'expired')
    return (
      <p className="placeholder" role="alert">
        {t('updatePwd.expired')}
      </p>
    );
  if (state.kind === 'done') {
    return (
      <div className="placeholder" role="status">
        <p>{t('updatePwd.done')}</p>
        <a className="button" href="/sign">
          {t('sign.submit.sign')}
        </a>
      </div>
    );
  }
  return (
    <form className="sign-page" noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('updatePwd.for', { email: state.email })}</p>
      <div className="field">
        <label htmlFor="new-password">{t('updatePwd.newPassword')}</label>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          maxLength={limits.passwordMax}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="new-password-rule"
        />
        <p className="field-hint" id="new-password-rule">
          {t('sign.passwordRule')}
        </p>
      </div>
      <div className="field">
        <label htmlFor="confirm-password">{t('updatePwd.confirm')}</label>
        <input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          maxLength={limits.passwordMax}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--block">
        {t('updatePwd.submit')}
      </button>
    </form>
  );
}
