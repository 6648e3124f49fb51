import { useState, type FormEvent, type ReactNode } from 'react';
import type { Language } from '@/lib/locale';
import { adminCall, AdminApiError } from '../admin-api';
import { ErrorText, LanguagePicker, useBackOfficeLanguage } from '../ui';
import type { OperatorRole } from './operators';
import { SecondFactorSignIn } from './BackOfficeSecondFactor';

/* Signing in to the back office, and setting a password from an invitation link. */

/** `secondFactorRequired`: in production the second factor is turned on before anything else. */
export type Me = {
  email: string;
  role: OperatorRole;
  secondFactor: boolean;
  secondFactorRequired: boolean;
  language: Language;
};

/** The signed-out pages: a title, the language picker (the choice this browser keeps until sign-in), the form. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { language, t, choose } = useBackOfficeLanguage();
  return (
    <main className="backoffice__narrow">
      <LanguagePicker
        label={t('admin.frame.language')}
        language={language}
        onChoose={choose}
        className="backoffice__language"
      />
      <h1>{title}</h1>
      {children}
    </main>
  );
}

export function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const { t } = useBackOfficeLanguage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The password was right and the operator's second factor asks for a code.
  const [codeFor, setCodeFor] = useState<{ email: string; password: string } | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = { email: String(form.get('email')), password: String(form.get('password')) };
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await adminCall<Me>('/auth/signIn', credentials));
    } catch (caught) {
      if (caught instanceof AdminApiError && caught.code === -241) setCodeFor(credentials);
      else setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (codeFor) return <SecondFactorSignIn {...codeFor} onSignedIn={onSignedIn} onCancel={() => setCodeFor(null)} />;
  return (
    <Frame title={t('admin.signIn.title')}>
      <form className="panel-form" onSubmit={submit}>
        <label className="field">
          <span>{t('admin.signIn.email')}</span>
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label className="field">
          <span>{t('admin.signIn.password')}</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <ErrorText error={error} />
        <button className="button" type="submit" disabled={busy}>
          {t('admin.signIn.submit')}
        </button>
      </form>
    </Frame>
  );
}

export function SetPassword({ token }: { token: string }) {
  const { t } = useBackOfficeLanguage();
  const [state, setState] = useState<'editing' | 'done'>('editing');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('password') !== form.get('repeat')) return setError(t('admin.setPassword.differ'));
    try {
      await adminCall('/auth/setPassword', { token, password: form.get('password') });
      setState('done');
    } catch (caught) {
      setError(
        caught instanceof AdminApiError && caught.code === -219
          ? t('admin.setPassword.expired')
          : (caught as Error).message,
      );
    }
  };
  if (state === 'done') {
    return (
      <Frame title={t('admin.setPassword.doneTitle')}>
        <p>
          {t('admin.setPassword.done')} <a href="/admin/">{t('admin.setPassword.signIn')}</a>
        </p>
      </Frame>
    );
  }
  return (
    <Frame title={t('admin.setPassword.title')}>
      <form className="panel-form" onSubmit={submit}>
        <label className="field">
          <span>{t('admin.setPassword.password')}</span>
          <input name="password" type="password" autoComplete="new-password" minLength={12} maxLength={200} required />
        </label>
        <label className="field">
          <span>{t('admin.setPassword.repeat')}</span>
          <input name="repeat" type="password" autoComplete="new-password" minLength={12} maxLength={200} required />
        </label>
        <ErrorText error={error} />
        <button className="button" type="submit">
          {t('admin.setPassword.submit')}
        </button>
      </form>
    </Frame>
  );
}
