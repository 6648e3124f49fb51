import { useState, type FormEvent } from 'react';
import { adminDownload } from '../admin-api';
import { ErrorText, useBackOfficeLanguage } from '../ui';

/** The Verification codes section: issue a batch for a size and download it as CSV for the label printer. */
export default function VerifyCodesSection() {
  const { t } = useBackOfficeLanguage();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const issue = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sku = String(form.get('sku')).trim();
    const count = Number(form.get('count'));
    setBusy(true);
    setMessage(null);
    setError(null);
    try {
      const name = await adminDownload('/verifyCodes/issue', { sku, count });
      setMessage(t('admin.verifyCodes.issued', { count, sku, name }));
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="verify-title">
      <h1 id="verify-title">{t('admin.frame.section.verifyCodes')}</h1>
      <p>{t('admin.verifyCodes.intro')}</p>
      <form className="backoffice__filters" onSubmit={issue}>
        <label className="field">
          <span>{t('admin.verifyCodes.sku')}</span>
          <input name="sku" required maxLength={100} autoComplete="off" />
        </label>
        <label className="field">
          <span>{t('admin.verifyCodes.count')}</span>
          <input name="count" type="number" min={1} max={10000} step={1} required defaultValue={100} />
        </label>
        <button className="button" type="submit" disabled={busy}>
          {t('admin.verifyCodes.issue')}
        </button>
      </form>
      <p role="status">{message}</p>
      <ErrorText error={error} />
    </section>
  );
}
