import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { UserInfo } from '@/features/auth/auth.schema';
import { $signedIn, $user, loadUser } from '@/features/auth/user.store';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { languageNames, languages, type Language } from '@/lib/locale';
import { showToast } from '@/lib/toast.store';
import { profileMaxLength, validateProfileField, type ProfileField, type ProfileValues } from './profile-form';

type Props = {
  messages: Messages;
  /** The page's language: the mail language offered when the account has none yet. */
  language: Language;
  /** Account management also sets the language of the shop's mails. */
  withLanguage?: boolean;
};

const fields: ProfileField[] = ['firstName', 'lastName', 'phone'];
const labels = { firstName: 'account.firstName', lastName: 'account.lastName', phone: 'account.phone' } as const;
const autoComplete = { firstName: 'given-name', lastName: 'family-name', phone: 'tel' } as const;

const valuesOf = (user: UserInfo): ProfileValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone,
});

/** /my/user and /my/account_set: name and phone (and on account management, the mail language). */
export default function ProfileForm({ messages, language, withLanguage = false }: Props) {
  const t = createTranslator(messages);
  const user = useStore($user);
  const signedIn = useStore($signedIn);
  const [values, setValues] = useState(() => valuesOf(user));
  const [mailLanguage, setMailLanguage] = useState<Language>(user.language || language);
  const [edited, setEdited] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The stored user shows at once; the server's answer replaces it unless the customer has started typing.
  useEffect(() => {
    if (edited) return;
    setValues(valuesOf(user));
    setMailLanguage(user.language || language);
  }, [user, edited, language]);

  if (!signedIn) return null;

  const check = (field: ProfileField, value = values[field]) => {
    const problem = validateProfileField(field, value);
    setErrors((current) => ({ ...current, [field]: problem ? t(problem) : undefined }));
    return !problem;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fields.map((field) => check(field)).every(Boolean)) return;
    setBusy(true);
    setFailure(null);
    const body = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone.trim(),
      ...(withLanguage ? { language: mailLanguage } : {}),
    };
    const result = await api.put<UserInfo>('account/updateUserInfo', body);
    if (isSuccess(result)) {
      await loadUser();
      setEdited(false);
      showToast('success', t('account.saved'));
    } else {
      setFailure(result.message);
    }
    setBusy(false);
  }

  const input = (field: ProfileField) => (
    <div className="field" key={field}>
      <label htmlFor={`profile-${field}`}>{t(labels[field])}</label>
      <input
        id={`profile-${field}`}
        type={field === 'phone' ? 'tel' : 'text'}
        autoComplete={autoComplete[field]}
        maxLength={profileMaxLength[field]}
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `profile-${field}-error` : undefined}
        onChange={(event) => {
          setValues({ ...values, [field]: event.target.value });
          setEdited(true);
          if (errors[field]) setErrors({ ...errors, [field]: undefined });
        }}
        onBlur={() => check(field)}
      />
      {errors[field] && (
        <p className="field-error" id={`profile-${field}-error`}>
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    <form className="panel-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor="profile-email">{t('account.email')}</label>
        <input id="profile-email" type="email" value={user.email} readOnly />
      </div>
      {withLanguage && (
        <div className="field">
          <label htmlFor="profile-userCode">{t('account.userCode')}</label>
          <input id="profile-userCode" value={user.userCode} readOnly />
        </div>
      )}
      <div className="form-row">
        {input('firstName')}
        {input('lastName')}
      </div>
      {input('phone')}
      {withLanguage && (
        <div className="field">
          <label htmlFor="profile-language">{t('account.language')}</label>
          <select
            id="profile-language"
            value={mailLanguage}
            aria-describedby="profile-language-hint"
            onChange={(event) => {
              setMailLanguage(event.target.value as Language);
              setEdited(true);
            }}
          >
            {languages.map((option) => (
              <option key={option} value={option}>
                {languageNames[option]}
              </option>
            ))}
          </select>
          <p className="field-hint" id="profile-language-hint">
            {t('account.languageHint')}
          </p>
        </div>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {t('account.save')}
      </button>
    </form>
  );
}
