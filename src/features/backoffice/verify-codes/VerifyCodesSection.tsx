import { useState, type FormEvent } from 'react';
import { adminDownload } from '../admin-api';
import { ErrorText } from '../ui';

/** The Verification codes section: issue a batch for a size and download it as CSV for the label printer. */
export default function VerifyCodesSection() {
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
      setMessage(`Issued ${count} codes for ${sku}: downloaded ${name}. Keep the file safe; the codes are not shown again.`);
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="verify-title">
      <h1 id="verify-title">Verification codes</h1>
      <p>Issues anti-counterfeit codes for one size; the CSV holds each code and its QR link (/verify/code) for the label printer.</p>
      <form className="backoffice__filters" onSubmit={issue}>
        <label className="field">
          <span>Size SKU</span>
          <input name="sku" required maxLength={100} autoComplete="off" />
        </label>
        <label className="field">
          <span>How many codes</span>
          <input name="count" type="number" min={1} max={10000} step={1} required defaultValue={100} />
        </label>
        <button className="button" type="submit" disabled={busy}>
          Issue and download CSV
        </button>
      </form>
      <p role="status">{message}</p>
      <ErrorText error={error} />
    </section>
  );
}
