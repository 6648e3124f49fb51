import { useCallback, useEffect, useState } from 'react';
import { adminCall } from '../admin-api';
import { dateTime, ErrorText, useBackOfficeLanguage } from '../ui';

/* The Audit log section: who did what, newest first, filtered by action. */

/** The actions the audit log can be filtered by. */
const auditActions = [
  'order.ship',
  'order.add-event',
  'order.sign-for',
  'order.complete',
  'order.refund',
  'operator.add',
  'operator.sign-in',
  'operator.second-factor-on',
  'operator.second-factor-off',
  'operator.second-factor-reset',
  'orders.export',
  'verify-codes.issue',
  'customer.disable',
  'customer.enable',
  'ledger.check',
  'catalogue.grid.save',
  'catalogue.grid.bulk',
  'adverts.create',
  'adverts.update',
  'adverts.switch-on',
  'adverts.switch-off',
  'adverts.reorder',
  'adverts.delete',
  'site.publish',
  'site.published',
  'site.publish-failed',
];

type AuditEntry = {
  id: number;
  actor: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
  time: string;
};

export default function AuditLog() {
  const { t } = useBackOfficeLanguage();
  const [action, setAction] = useState('');
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (before?: number) => {
      const query = new URLSearchParams({ limit: '50' });
      if (action) query.set('action', action);
      if (before) query.set('before', String(before));
      try {
        const page = await adminCall<AuditEntry[]>(`/audit?${query}`);
        setEntries((current) => (before ? [...current, ...page] : page));
      } catch (caught) {
        setError((caught as Error).message);
      }
    },
    [action],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const show = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('admin.frame.section.audit')}</h1>
      <label className="field backoffice__filters">
        <span>{t('admin.audit.action')}</span>
        <select value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">{t('admin.audit.all')}</option>
          {auditActions.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
      <ErrorText error={error} />
      <table className="data-table backoffice__table">
        <thead>
          <tr>
            <th scope="col">{t('admin.audit.when')}</th>
            <th scope="col">{t('admin.audit.who')}</th>
            <th scope="col">{t('admin.audit.action')}</th>
            <th scope="col">{t('admin.audit.on')}</th>
            <th scope="col">{t('admin.audit.change')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{dateTime(entry.time, t.languageTag)}</td>
              <td>{entry.actor}</td>
              <td className="mono">{entry.action}</td>
              <td className="mono">{entry.subject}</td>
              <td className="mono">
                {show(entry.before)} → {show(entry.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length > 0 && entries.length % 50 === 0 && (
        <button type="button" className="button button--ghost" onClick={() => void load(entries.at(-1)!.id)}>
          {t('admin.audit.older')}
        </button>
      )}
    </section>
  );
}
