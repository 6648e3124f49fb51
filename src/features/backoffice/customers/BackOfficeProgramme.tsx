import { useEffect, useState } from 'react';
import { adminCall } from '../admin-api';
import { ErrorText, useBackOfficeLanguage } from '../ui';

/* The Energy programme section: what the programme owes and paid, who shares most, and the ledger check. */

type Figures = {
  rebates: { points: number; count: number };
  pointsOutstanding: number;
  openGifts: { points: number; count: number };
  topSharers: { id: number; email: string; friends: number; rebatePoints: number }[];
};
type LedgerCheck = {
  customers: number;
  records: number;
  problems: { userId: number; recordId: number; problem: string }[];
};

export default function BackOfficeProgramme() {
  const { t } = useBackOfficeLanguage();
  const points = (value: number) => t('admin.programme.points', { amount: value.toLocaleString(t.languageTag) });
  const [figures, setFigures] = useState<Figures | null>(null);
  const [check, setCheck] = useState<LedgerCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    adminCall<Figures>('/programme').then(setFigures, (caught: Error) => setError(caught.message));
  }, []);

  const runCheck = async () => {
    setChecking(true);
    setError(null);
    try {
      setCheck(await adminCall<LedgerCheck>('/programme/checkLedger', {}));
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby="programme-title">
      <h1 id="programme-title">{t('admin.frame.section.programme')}</h1>
      {figures && (
        <dl className="backoffice__figures">
          <div>
            <dt>{t('admin.programme.rebatesPaid')}</dt>
            <dd>
              {t('admin.programme.rebatesLine', {
                points: points(figures.rebates.points),
                count: figures.rebates.count,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('admin.programme.outstanding')}</dt>
            <dd>{points(figures.pointsOutstanding)}</dd>
          </div>
          <div>
            <dt>{t('admin.programme.openGifts')}</dt>
            <dd>
              {t('admin.programme.openGiftsLine', {
                count: figures.openGifts.count,
                points: points(figures.openGifts.points),
              })}
            </dd>
          </div>
        </dl>
      )}
      <h2>{t('admin.programme.topSharers')}</h2>
      {figures && figures.topSharers.length === 0 && <p>{t('admin.programme.noSharers')}</p>}
      {figures && figures.topSharers.length > 0 && (
        <table className="data-table backoffice__table">
          <thead>
            <tr>
              <th scope="col">{t('admin.programme.customer')}</th>
              <th scope="col" className="backoffice__amount">
                {t('admin.programme.friends')}
              </th>
              <th scope="col" className="backoffice__amount">
                {t('admin.programme.rebatesEarned')}
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.topSharers.map((sharer) => (
              <tr key={sharer.id}>
                <td>{sharer.email}</td>
                <td className="backoffice__amount">{sharer.friends}</td>
                <td className="backoffice__amount">{points(sharer.rebatePoints)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t('admin.programme.ledgerTitle')}</h2>
      <p>{t('admin.programme.ledgerIntro')}</p>
      <button className="button" type="button" onClick={() => void runCheck()} disabled={checking}>
        {checking ? t('admin.programme.checking') : t('admin.programme.check')}
      </button>
      <div role="status" aria-live="polite">
        {check && (
          <p>
            {check.problems.length === 0
              ? t('admin.programme.consistent', { records: check.records, customers: check.customers })
              : t('admin.programme.problems', {
                  count: check.problems.length,
                  records: check.records,
                  customers: check.customers,
                })}
          </p>
        )}
      </div>
      {check && check.problems.length > 0 && (
        <ul className="field-error">
          {check.problems.map((problem) => (
            <li key={`${problem.recordId}-${problem.problem}`}>
              {t('admin.programme.problem', {
                user: problem.userId,
                record: problem.recordId,
                problem: problem.problem,
              })}
            </li>
          ))}
        </ul>
      )}
      <ErrorText error={error} />
    </section>
  );
}
