import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CaptchaStatus, useCaptchaAnswer } from '@/features/captcha/CaptchaProof';
import { api, isSuccess } from '@/lib/api-client';
import * as ErrorCode from '@/lib/error-codes';
import { createTranslator, type AnyMessageKey, type Messages } from '@/lib/i18n/ui';
import { languageTags, type Language } from '@/lib/locale';
import type { VerifyResult } from './verify.schema';

type Field = 'code' | 'captchaCode';

/** The code in `/verify/{code}`, the address a product's QR code opens. */
const codeInPath = () => {
  const [, route, code] = location.pathname.split('/');
  try {
    return route === 'verify' && code ? decodeURIComponent(code) : '';
  } catch {
    return '';
  }
};

/** /verify/{code}: checks an anti-counterfeit code behind a captcha, and says whether the item may be a copy. */
export default function VerifyCheck({ messages, language }: { messages: Messages; language: Language }) {
  const t = createTranslator(messages);
  const [code, setCode] = useState(codeInPath);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [captchaVersion, setCaptchaVersion] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<VerifyResult | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const captcha = useCaptchaAnswer(result === null, captchaVersion);
  // The captcha's answer is the hook's: the button it enables sends that same answer, with no render between.
  const values: Record<Field, string> = { code, captchaCode: captcha ?? '' };
  useEffect(() => {
    if (captcha) setErrors((current) => ({ ...current, captchaCode: undefined }));
  }, [captcha]);

  const emptyMessage: Record<Field, AnyMessageKey> = {
    code: 'verify.code_err',
    captchaCode: 'sign.Verificationcode_err',
  };
  const check = (field: Field) => {
    const problem = values[field].trim() ? undefined : t(emptyMessage[field]);
    setErrors((current) => ({ ...current, [field]: problem }));
    return !problem;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (![check('code'), check('captchaCode')].every(Boolean)) return;
    setBusy(true);
    const answer = await api.put<VerifyResult>('goods/antifake/verifyCode', {
      code: values.code.trim(),
      captchaCode: values.captchaCode.trim(),
    });
    setBusy(false);
    // A captcha works once, whatever the answer: every attempt needs a new one.
    setCaptchaVersion(Date.now());
    if (isSuccess(answer)) {
      setResult(answer.data);
      return;
    }
    const key = `code.${answer.code}` as AnyMessageKey;
    const message = t(key) === key ? answer.message : t(key);
    const onCaptcha = answer.code === ErrorCode.CaptchaInvalid || answer.code === ErrorCode.CaptchaWrong;
    setErrors({ [onCaptcha ? 'captchaCode' : 'code']: message });
  }

  function another() {
    setResult(null);
    setCode('');
    setCaptchaVersion(Date.now());
    requestAnimationFrame(() => codeInput.current?.focus());
  }

  if (result) {
    const firstCheck = new Intl.DateTimeFormat(languageTags[language], {
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(new Date(result.firstCheckTime));
    return (
      <section
        className={`verify-result${result.suspicious ? ' verify-result--warning' : ''}`}
        aria-labelledby="verify-verdict"
      >
        <div className="verify-result__verdict" role={result.suspicious ? 'alert' : 'status'}>
          <h2 id="verify-verdict">{t(result.suspicious ? 'verify.suspicious' : 'verify.genuine')}</h2>
          <p>
            {result.suspicious ? t('verify.suspiciousText', { max: result.warnAfterChecks }) : t('verify.genuineText')}
          </p>
        </div>
        <div className="verify-result__item">
          {result.picture && <img src={result.picture} alt="" width={120} height={120} />}
          <div>
            <h3>{result.goodsName}</h3>
            <p>{t('verify.specification', { name: result.specificationName })}</p>
            <p className="verify-result__code">{result.code}</p>
            <a href={`/productsList/details?id=${result.goodsId}`}>{t('verify.viewProduct')}</a>
          </div>
        </div>
        <div className="verify-result__checks">
          <p>
            {result.checkCount === 1 ? t('verify.checkedOnce') : t('verify.checkedTimes', { count: result.checkCount })}
          </p>
          <p>{t('verify.firstCheck', { time: firstCheck })}</p>
        </div>
        <button type="button" className="button button--ghost" onClick={another}>
          {t('verify.another')}
        </button>
      </section>
    );
  }

  return (
    <form className="panel-form verify-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor="verify-code">{t('verify.code')}</label>
        <input
          ref={codeInput}
          id="verify-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? 'verify-code-error' : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            if (errors.code) setErrors({ ...errors, code: undefined });
          }}
          onBlur={() => check('code')}
        />
        {errors.code && (
          <p className="field-error" id="verify-code-error">
            {errors.code}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="verify-captcha">{t('sign.captcha')}</label>
        <CaptchaStatus
          id="verify-captcha"
          answer={captcha}
          working={t('sign.captchaWorking')}
          done={t('sign.captchaDone')}
          describedBy={errors.captchaCode ? 'verify-captcha-error' : undefined}
        />
        {errors.captchaCode && (
          <p className="field-error" id="verify-captcha-error">
            {errors.captchaCode}
          </p>
        )}
      </div>
      <button type="submit" className="button button--block" disabled={busy || !captcha}>
        {t('verify.submit')}
      </button>
    </form>
  );
}
