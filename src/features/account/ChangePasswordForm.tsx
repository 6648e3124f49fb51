import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { encodePassword } from '@/features/auth/auth';
import { $signedIn } from '@/features/auth/user.store';
import { openSignIn } from '@/lib/shell.store';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, wordsOr, type Messages } from '@/lib/i18n/ui';
import { limits } from '@/lib/validation';
import { passwordFieldForCode, validatePasswordField, type PasswordField, type PasswordValues } from './profile-form';

const fields: PasswordField[] = ['oldPassword', 'newPassword', 'confirmPassword'];
const labels = {
  oldPassword: 'account.currentPassword',
  newPassword: 'account.newPassword',
  confirmPassword: 'account.confirmPassword',
} as const;
const empty: PasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * /my/changePassword. Visitors may open the page (spec §4), so signed out it asks them to sign in.
 * The server ends the customer's other sessions; this one stays.
 */
export default function ChangePasswordForm({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const signedIn = useStore($signedIn);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!signedIn) {
    return (
      <div className="placeholder sign-prompt">
        <p>{t('account.signInPrompt')}</p>
        <button type="button" className="button" onClick={() => openSignIn('sign')}>
          {t('account.signIn')}
        </button>
        <button type="button" className="link-button" onClick={() => openSignIn('reset')}>
          {t('account.forgotPassword')}
        </button>
      </div>
    );
  }

  const check = (field: PasswordField, next = values) => {
    const problem = validatePasswordField(field, next);
    setErrors((current) => ({ ...current, [field]: problem ? t(problem) : undefined }));
    return !problem;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fields.map((field) => check(field)).every(Boolean)) return;
    setBusy(true);
    const result = await api.put('account/updatePassword', {
      oldPassword: encodePassword(values.oldPassword),
      newPassword: encodePassword(values.newPassword),
    });
    setBusy(false);
    if (isSuccess(result)) {
      setValues(empty);
      setDone(true);
      return;
    }
    setErrors({ [passwordFieldForCode(result.code)]: wordsOr(t, `code.${result.code}`, result.message) });
  }

  return (
    <form className="panel-form" noValidate onSubmit={(event) => void submit(event)}>
      {done && (
        <p className="notice notice--ok" role="status">
          {t('account.passwordChanged')}
        </p>
      )}
      {fields.map((field) => (
        <div className="field" key={field}>
          <label htmlFor={`password-${field}`}>{t(labels[field])}</label>
          <input
            id={`password-${field}`}
            type="password"
            autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
            maxLength={limits.passwordMax}
            value={values[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={
              errors[field] ? `password-${field}-error` : field === 'newPassword' ? 'password-rule' : undefined
            }
            onChange={(event) => {
              setValues({ ...values, [field]: event.target.value });
              setDone(false);
              if (errors[field]) setErrors({ ...errors, [field]: undefined });
            }}
            onBlur={() => check(field)}
          />
          {errors[field] ? (
            <p className="field-error" id={`password-${field}-error`}>
              {errors[field]}
            </p>
          ) : (
            field === 'newPassword' && (
              <p className="field-hint" id="password-rule">
                {t('sign.passwordRule')}
              </p>
            )
          )}
        </div>
      ))}
      <button type="submit" className="button" disabled={busy}>
        {t('account.changePassword')}
      </button>
    </form>
  );
}
