import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isMobile } from '@/lib/shell.store';
import { api, isSuccess } from '@/lib/api-client';
import * as ErrorCode from '@/lib/error-codes';
import { createTranslator, type Messages, type UiMessageKey } from '@/lib/i18n/ui';
import type { Language } from '@/lib/locale';
import { showToast } from '@/lib/toast.store';
import { isValidEmail, limits } from '@/lib/validation';

type Field = 'subscribeName' | 'email';

function validate(field: Field, value: string): UiMessageKey | null {
  if (!value.trim()) return field === 'subscribeName' ? 'footer.yourname_err' : 'footer.youremail_err';
  if (field === 'email' && !isValidEmail(value.trim())) return 'sign.account_err2';
  return null;
}

/**
 * The footer's newsletter form: validation on blur, Enter submits. Before the island wakes (or
 * without scripts) it is a plain form the API answers with a page; once awake it answers with a toast
 * and keeps what was typed before.
 */
export default function NewsletterForm({ messages, language }: { messages: Messages; language: Language }) {
  const t = createTranslator(messages);
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ subscribeName: '', email: '' });
  useEffect(() => {
    const typed = new FormData(form.current!);
    const text = (field: Field) => String(typed.get(field) ?? '');
    if (text('subscribeName') || text('email'))
      setValues({ subscribeName: text('subscribeName'), email: text('email') });
  }, []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const check = (field: Field) => {
    const problem = validate(field, values[field]);
    setErrors((current) => ({ ...current, [field]: problem ? t(problem) : undefined }));
    return !problem;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (![check('subscribeName'), check('email')].every(Boolean)) return;
    setBusy(true);
    const result = await api.post('mail/subscribers/addSubscribers', {
      subscribeName: values.subscribeName.trim(),
      email: values.email.trim(),
    });
    setBusy(false);
    if (isSuccess(result)) {
      showToast('success', t('footer.subscribe_s'));
      setValues({ subscribeName: '', email: '' });
      if (isMobile()) window.scrollTo({ top: 0 });
    } else if (result.code === ErrorCode.AlreadySubscribed) {
      showToast('warning', t('code.-224'));
    } else if (result.code === ErrorCode.InvalidEmail) {
      setErrors({ email: t('code.-201') });
    }
  }

  const field = (name: Field, label: UiMessageKey, type: string, max: number, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`newsletter-${name}`}>{t(label)}</label>
      <input
        id={`newsletter-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={max}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `newsletter-${name}-error` : undefined}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        onBlur={() => check(name)}
      />
      {errors[name] && (
        <p className="field-error" id={`newsletter-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form
      ref={form}
      className="newsletter"
      method="post"
      action="/api/v1/mail/subscribers/subscribe"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <input type="hidden" name="language" value={language} />
      {field('subscribeName', 'footer.yourname', 'text', limits.subscribeNameMax, 'name')}
      {field('email', 'footer.youremail', 'email', limits.emailMax, 'email')}
      <button type="submit" className="button" disabled={busy}>
        {t('footer.subscribe')}
      </button>
    </form>
  );
}
