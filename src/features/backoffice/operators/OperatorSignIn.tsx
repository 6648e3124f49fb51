import { useState, type FormEvent, type ReactNode } from 'react';
import type { Language } from '@/lib/locale';
import { adminCall, AdminApiError } from '../admin-api';
import { ErrorText } from '../ui';
import type { OperatorRole } from './operators';
import { SecondFactorSignIn } from './BackOfficeSecondFactor';

/* Signing in to the back office, and setting a password from an invitation link. */

/** `secondFactorRequired`: in production the second factor is turned on before anything else. */
export type Me = { email: string; role: OperatorRole; secondFactor: boolean; secondFactorRequired: boolean; language: Language };

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="backoffice__narrow">
      <h1>{title}</h1>
      {children}
    </main>
  );
}

export function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
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
    <Frame title="Back office sign-in">
      <form className="panel-form" onSubmit={submit}>
        <label className="field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label className="field">
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <ErrorText error={error} />
        <button className="button" type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </Frame>
  );
}

export function SetPassword({ token }: { token: string }) {
  const [state, setState] = useState<'editing' | 'done'>('editing');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('password') !== form.get('repeat')) return setError('The two passwords differ.');
    try {
      await adminCall('/auth/setPassword', { token, password: form.get('password') });
      setState('done');
    } catch (caught) {
      setError(caught instanceof AdminApiError && caught.code === -219 ? 'This link has expired or was used already. Ask an admin for a new one.' : (caught as Error).message);
    }
  };
  if (state === 'done') {
    return (
      <Frame title="Password set">
        <p>
          Your password is set. <a href="/admin/">Sign in</a>.
        </p>
      </Frame>
    );
  }
  return (
    <Frame title="Set your back-office password">
      <form className="panel-form" onSubmit={submit}>
        <label className="field">
          <span>New password (at least 12 characters)</span>
          <input name="password" type="password" autoComplete="new-password" minLength={12} maxLength={200} required />
        </label>
        <label className="field">
          <span>Repeat it</span>
          <input name="repeat" type="password" autoComplete="new-password" minLength={12} maxLength={200} required />
        </label>
        <ErrorText error={error} />
        <button className="button" type="submit">
          Set password
        </button>
      </form>
    </Frame>
  );
}
