import { useEffect, useState, type FormEvent } from 'react';
import { CaptchaStatus, useCaptchaAnswer } from '@/features/captcha/CaptchaProof';
import { api, isSuccess, type ApiResult } from '@/lib/api-client';
import { clearSession } from '@/lib/browser-storage';
import { wordsOr, type AnyMessageKey, type Translate } from '@/lib/i18n/ui';
import { $cartDrawerOpen, isMobile, type SignType } from '@/lib/shell.store';
import { fieldForCode, fieldsOf, maxLengthOf, validateSignField, type SignField, type SignValues } from './sign-form';
import { welcome } from './welcome';
import { loadUser, register, saveShopState, signIn, signInHooks } from './user.store';

type Props = {
  type: SignType;
  onTypeChange: (type: SignType) => void;
  /** Called after a successful sign-in or registration, and when the reset view's OK is pressed. */
  onDone: () => void;
  t: Translate;
  initialEmail?: string;
};

const labels: Record<SignField, AnyMessageKey> = {
  firstName: 'sign.firstName',
  lastName: 'sign.lastName',
  email: 'sign.email',
  password: 'sign.password',
  captchaCode: 'sign.captcha',
};
const inputTypes: Record<SignField, string> = {
  firstName: 'text',
  lastName: 'text',
  email: 'email',
  password: 'password',
  captchaCode: 'text',
};
const autoComplete: Record<SignType, Record<SignField, string>> = {
  sign: {
    firstName: 'given-name',
    lastName: 'family-name',
    email: 'email',
    password: 'current-password',
    captchaCode: 'off',
  },
  register: {
    firstName: 'given-name',
    lastName: 'family-name',
    email: 'email',
    password: 'new-password',
    captchaCode: 'off',
  },
  reset: { firstName: 'given-name', lastName: 'family-name', email: 'email', password: 'off', captchaCode: 'off' },
};

const empty: SignValues = { firstName: '', lastName: '', email: '', password: '', captchaCode: '' };

/** Sign in, register, or ask for a password reset: the dialog's and the /sign page's form. */
export function SignForm({ type, onTypeChange, onDone, t, initialEmail = '' }: Props) {
  const [values, setValues] = useState<SignValues>({ ...empty, email: initialEmail });
  const [errors, setErrors] = useState<Partial<Record<SignField, string>>>({});
  const [busy, setBusy] = useState(false);
  const [resetSent, setResetSent] = useState(false);
  const [captchaVersion, setCaptchaVersion] = useState(() => Date.now());
  const captcha = useCaptchaAnswer(type === 'reset' && !resetSent, captchaVersion);
  useEffect(() => {
    setValues((current) => ({ ...current, captchaCode: captcha ?? '' }));
    if (captcha) setErrors((current) => ({ ...current, captchaCode: undefined }));
  }, [captcha]);
  const fields = fieldsOf[type];

  const check = (field: SignField, value = values[field]) => {
    const problem = validateSignField(type, field, value);
    setErrors((current) => ({ ...current, [field]: problem ? t(problem) : undefined }));
    return !problem;
  };

  const switchTo = (next: SignType) => {
    setErrors({});
    onTypeChange(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fields.map((field) => check(field)).every(Boolean)) return;
    setBusy(true);
    const result = await send();
    setBusy(false);
    if (isSuccess(result)) {
      if (type === 'reset') setResetSent(true);
      else
        await finishSignIn(onDone, type === 'register' ? t('sign.welcome', { name: values.firstName.trim() }) : null);
      return;
    }
    // Shown once on the field concerned, cleared when the customer types there again.
    const field = fieldForCode(type, result.code);
    if (fields.includes(field)) setErrors((current) => ({ ...current, [field]: messageFor(result) }));
    if (type === 'reset' && (result.code === -232 || result.code === -233)) setCaptchaVersion(Date.now());
  }

  const messageFor = (result: ApiResult<unknown>) => wordsOr(t, `code.${result.code}`, result.message);

  function send(): Promise<ApiResult<unknown>> {
    const email = values.email.trim();
    if (type === 'sign') return signIn({ email, password: values.password });
    if (type === 'register') {
      return register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email,
        password: values.password,
      });
    }
    return api.post('login/preResetPwd', { email, captchaCode: values.captchaCode.trim() });
  }

  if (resetSent) {
    return (
      <div className="sign-form">
        <p role="status">{t('sign.resetSent')}</p>
        <button type="button" className="button button--block" onClick={onDone}>
          {t('sign.ok')}
        </button>
      </div>
    );
  }

  return (
    <form className="sign-form" noValidate onSubmit={(event) => void submit(event)}>
      {fields.map((field) => (
        <div className="field" key={`${type}-${field}`}>
          <label htmlFor={`sign-${field}`}>{t(labels[field])}</label>
          {field === 'captchaCode' ? (
            <CaptchaStatus
              id="sign-captchaCode"
              answer={captcha}
              working={t('sign.captchaWorking')}
              done={t('sign.captchaDone')}
              describedBy={errors[field] ? `sign-${field}-error` : undefined}
            />
          ) : (
            <input
              id={`sign-${field}`}
              name={field}
              type={inputTypes[field]}
              autoComplete={autoComplete[type][field]}
              maxLength={maxLengthOf[field]}
              value={values[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={
                errors[field]
                  ? `sign-${field}-error`
                  : field === 'password' && type === 'register'
                    ? 'sign-password-rule'
                    : undefined
              }
              onChange={(event) => {
                setValues({ ...values, [field]: event.target.value });
                if (errors[field]) setErrors({ ...errors, [field]: undefined });
              }}
              onBlur={() => check(field)}
            />
          )}
          {errors[field] ? (
            <p className="field-error" id={`sign-${field}-error`}>
              {errors[field]}
            </p>
          ) : (
            field === 'password' &&
            type === 'register' && (
              <p className="field-hint" id="sign-password-rule">
                {t('sign.passwordRule')}
              </p>
            )
          )}
        </div>
      ))}
      {type === 'register' && (
        <p className="field-hint">
          <a href="/privacy">{t('sign.privacyLink')}</a>
        </p>
      )}
      <button type="submit" className="button button--block" disabled={busy || (type === 'reset' && !captcha)}>
        {t(`sign.submit.${type}`)}
      </button>
      <div className="sign-form__switch">
        {type === 'sign' && (
          <>
            <button type="button" className="link-button" onClick={() => switchTo('register')}>
              {t('sign.toRegister')}
            </button>
            <button type="button" className="link-button" onClick={() => switchTo('reset')}>
              {t('sign.toReset')}
            </button>
          </>
        )}
        {type === 'register' && (
          <button type="button" className="link-button" onClick={() => switchTo('sign')}>
            {t('sign.toSign')}
          </button>
        )}
        {type === 'reset' && (
          <button type="button" className="link-button" onClick={() => switchTo('sign')}>
            {t('sign.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * After sign-in or registration (spec §4): session storage cleared (the referee code is used up), the
 * user reloads, and what the sign-in sets off elsewhere (`SignInHook`: the cart, a pending share) runs
 * at its moments; a new customer is welcomed.
 */
async function finishSignIn(onDone: () => void, welcomeMessage: string | null) {
  for (const hook of signInHooks) hook.signedIn?.();
  clearSession();
  saveShopState({ payEmail: undefined });
  $cartDrawerOpen.set(false);
  await loadUser();
  for (const hook of signInHooks) await hook.accountLoaded?.();
  if (isMobile()) {
    // A phone signs in on /sign, whose `onDone` leaves for the page the visitor came from (the one
    // navigation: a second one here could cancel it). That page shows the welcome and what follows
    // the sign-in (the share dialog the visitor asked for), so both are kept for it first.
    if (welcomeMessage) welcome(welcomeMessage, { onNextPage: true });
    for (const hook of signInHooks) hook.finished?.('next page');
    onDone();
    return;
  }
  onDone();
  // Once the dialog has closed and the account has loaded: the welcome's few seconds are not spent
  // behind the dialog while the account loads.
  if (welcomeMessage) welcome(welcomeMessage);
  for (const hook of signInHooks) hook.finished?.('this page');
}
