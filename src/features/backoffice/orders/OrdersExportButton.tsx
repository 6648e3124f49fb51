import { useState } from 'react';
import { adminDownload } from '../admin-api';
import { useBackOfficeLanguage } from '../ui';

/** Downloads the orders of the board's current filter as CSV. */
export function OrdersExportButton({ filters }: { filters: Record<string, string> }) {
  const { t } = useBackOfficeLanguage();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value));
      setMessage(t('admin.orders.downloaded', { file: await adminDownload(`/orders/export?${query}`) }));
    } catch (caught) {
      setMessage((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="backoffice__export">
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => void download()}
        disabled={busy}
      >
        {t('admin.orders.exportCsv')}
      </button>{' '}
      <span role="status">{message}</span>
    </p>
  );
}
