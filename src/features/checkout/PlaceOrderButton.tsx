import { useState, type FormEvent } from 'react';
import type { ApiResult } from '@/lib/api-client';

/** Placing the order to a saved address: the button, and a refusal's message above it. */
export function PlaceOrderButton({ label, onSubmit }: { label: string; onSubmit: () => Promise<ApiResult<unknown>> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const result = await onSubmit();
    setBusy(false);
    if (result.code !== 1) setFailure(result.message);
  }

  return (
    <form className="address-form" onSubmit={(event) => void submit(event)}>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {label}
        </button>
      </div>
    </form>
  );
}
