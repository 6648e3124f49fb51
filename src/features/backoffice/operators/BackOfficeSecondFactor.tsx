import { useEffect, useState, type FormEvent } from 'react';
import type { Language } from '@/lib/locale';
import { adminCall } from '../admin-api';
import { may, type OperatorRole } from './operators';
import { ConfirmStep, ErrorText, useBackOfficeLanguage } from '../ui';

/*
 * Two-step sign-in: an operator turns on a TOTP second factor by scanning a QR code (or typing the key)
 * into an authenticator app and confirming with a code; sign-in then asks for the app's code after the
 * password. Admins reset it for an operator who lost their phone. See docs/decisions/044-operator-second-factor.md.
 */

type Me = {
  email: string;
  role: OperatorRole;
  secondFactor: boolean;
  secondFactorRequired: boolean;
  language: Language;
};
type Setup = { secret: string; uri: string };

/** Codes may be typed with a space in the middle, as many apps show them. */
const typedCode = (form: FormData) => String(form.get('code') ?? '').replace(/\s/g, '');
/** The key in groups of four, easier to copy by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function CodeField({ label }: { label?: string }) {
  const { t } = useBackOfficeLanguage();
  return (
    <label className="field">
      <span>{label ?? t('admin.secondFactor.code')}</span>
      <input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\s*(\d\s*){6}"
        maxLength={7}
        required
      />
    </label>
  );
}

/** The second step of signing in, for an operator with the second factor on. */
export function SecondFactorSignIn({
  email,
  password,
  onSignedIn,
  onCancel,
}: {
  email: string;
  password: string;
  onSignedIn: (me: Me) => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const { t } = useBackOfficeLanguage();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typedCode(new FormData(event.currentTarget));
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await adminCall<Me>('/auth/signIn', { email, password, code }));
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="backoffice__narrow">
      <h1>{t('admin.frame.section.secondFactor')}</h1>
      <p>{t('admin.secondFactor.signInIntro')}</p>
      <form className="panel-form" onSubmit={submit}>
        <CodeField />
        <ErrorText error={error} />
        <div className="form-actions">
          <button className="button" type="submit" disabled={busy}>
            {t('admin.secondFactor.verify')}
          </button>
          <button className="button button--ghost" type="button" onClick={onCancel}>
            {t('admin.secondFactor.back')}
          </button>
        </div>
      </form>
    </main>
  );
}

/**
 * The "Two-step sign-in" section: the operator's own second factor, and an admin's reset of another's.
 * `onChange` hears the operator as turning it on or off left them.
 */
export default function BackOfficeSecondFactor({
  role,
  onChange,
}: {
  role: OperatorRole;
  onChange?: (me: Me) => void;
}) {
  const { t } = useBackOfficeLanguage();
  const [me, setMe] = useState<Me | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    adminCall<Me>('/auth/me').then(setMe, (caught: Error) => setError(caught.message));
  }, []);

  useEffect(() => {
    if (!setup) {
      setQr(null);
      return;
    }
    let current = true;
    // Drawn in the browser by the same library as the share codes: the secret goes to no other service.
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(setup.uri, { width: 220, margin: 2, errorCorrectionLevel: 'M' }))
      .then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, [setup]);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const begin = () => run(async () => setSetup(await adminCall<Setup>('/auth/secondFactor/setup', {})));
  const turnOn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typedCode(new FormData(event.currentTarget));
    void run(async () => {
      const enabled = await adminCall<Me>('/auth/secondFactor/enable', { secret: setup!.secret, code });
      setMe(enabled);
      setSetup(null);
      onChange?.(enabled);
      setNotice(t('admin.secondFactor.turnedOn'));
    });
  };
  const turnOff = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typedCode(new FormData(event.currentTarget));
    void run(async () => {
      const disabled = await adminCall<Me>('/auth/secondFactor/disable', { code });
      setMe(disabled);
      onChange?.(disabled);
      setNotice(t('admin.secondFactor.turnedOff'));
    });
  };

  return (
    <section aria-labelledby="second-factor-title" className="backoffice__second-factor">
      <h1 id="second-factor-title">{t('admin.frame.section.secondFactor')}</h1>
      {me && !me.secondFactor && !setup && (
        <>
          <p>
            {t('admin.secondFactor.isOffBefore')}
            <strong>{t('admin.secondFactor.off')}</strong>
            {t('admin.secondFactor.isOffAfter')}
          </p>
          <button className="button" type="button" onClick={() => void begin()}>
            {t('admin.secondFactor.setUp')}
          </button>
        </>
      )}
      {me && !me.secondFactor && setup && (
        <form className="panel-form" onSubmit={turnOn} aria-label={t('admin.secondFactor.turnOnForm')}>
          <ol className="backoffice__steps">
            <li>
              <p>{t('admin.secondFactor.scan')}</p>
              <div className="backoffice__qr">
                {qr && <img src={qr} width={220} height={220} alt={t('admin.secondFactor.qrAlt')} />}
              </div>
            </li>
            <li>
              <p>
                {t('admin.secondFactor.typeKey')}{' '}
                <code className="mono" data-testid="second-factor-key">
                  {grouped(setup.secret)}
                </code>
              </p>
            </li>
            <li>
              <p>{t('admin.secondFactor.confirmCode')}</p>
              <CodeField />
            </li>
          </ol>
          <div className="form-actions">
            <button className="button" type="submit">
              {t('admin.secondFactor.turnOn')}
            </button>
            <button className="button button--ghost" type="button" onClick={() => setSetup(null)}>
              {t('admin.secondFactor.cancel')}
            </button>
          </div>
        </form>
      )}
      {me?.secondFactor && (
        <>
          <p>
            {t('admin.secondFactor.isOnBefore')}
            <strong>{t('admin.secondFactor.on')}</strong>
            {t('admin.secondFactor.isOnAfter')}
          </p>
          <form className="panel-form" onSubmit={turnOff} aria-label={t('admin.secondFactor.turnOffForm')}>
            <CodeField label={t('admin.secondFactor.currentCode')} />
            <button className="button button--ghost" type="submit">
              {t('admin.secondFactor.turnOff')}
            </button>
          </form>
        </>
      )}
      <p role="status">{notice}</p>
      <ErrorText error={error} />
      {may(role, 'operators.manage') && <ResetForOperator />}
    </section>
  );
}

function ResetForOperator() {
  const { t } = useBackOfficeLanguage();
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setEmail(String(new FormData(event.currentTarget).get('email')).trim());
  };
  const reset = async () => {
    try {
      const operator = await adminCall<Me>('/operators/resetSecondFactor', { email });
      setNotice(t('admin.secondFactor.resetDone', { email: operator.email }));
    } catch (caught) {
      setError((caught as Error).message);
    }
    setEmail(null);
  };
  return (
    <section aria-labelledby="second-factor-reset-title">
      <h2 id="second-factor-reset-title">{t('admin.secondFactor.resetTitle')}</h2>
      <p>{t('admin.secondFactor.resetIntro')}</p>
      <form className="form-row" onSubmit={ask}>
        <label className="field">
          <span>{t('admin.secondFactor.operatorEmail')}</span>
          <input name="email" type="email" required maxLength={254} />
        </label>
        <button className="button button--ghost" type="submit">
          {t('admin.secondFactor.resetAsk')}
        </button>
      </form>
      {email && (
        <ConfirmStep
          id="second-factor-reset-question"
          question={t('admin.secondFactor.resetQuestion', { email })}
          confirm={t('admin.secondFactor.reset')}
          cancel={t('admin.secondFactor.keep')}
          onConfirm={() => void reset()}
          onCancel={() => setEmail(null)}
        />
      )}
      <p role="status">{notice}</p>
      <ErrorText error={error} />
    </section>
  );
}
