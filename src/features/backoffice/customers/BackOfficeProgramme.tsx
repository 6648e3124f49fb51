import { useEffect, useState } from 'react';
import { adminCall } from '../admin-api';
import { ErrorText } from '../ui';

/* The Energy programme section: what the programme owes and paid, who shares most, and the ledger check. */

type Figures = {
  rebates: { points: number; count: number };
  pointsOutstanding: number;
  openGifts: { points: number; count: number };
  topSharers: { id: number; email: string; friends: number; rebatePoints: number }[];
};
type LedgerCheck = { customers: number; records: number; problems: { userId: number; recordId: number; problem: string }[] };

const points = (value: number) => `${value.toLocaleString('en-GB')} points`;

export default function BackOfficeProgramme() {
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
      <h1 id="programme-title">Energy programme</h1>
      {figures && (
        <dl className="backoffice__figures">
          <div>
            <dt>Rebates paid</dt>
            <dd>
              {points(figures.rebates.points)} in {figures.rebates.count} rebate(s)
            </dd>
          </div>
          <div>
            <dt>Points outstanding</dt>
            <dd>{points(figures.pointsOutstanding)}</dd>
          </div>
          <div>
            <dt>Open gifts</dt>
            <dd>
              {figures.openGifts.count} gift(s) holding {points(figures.openGifts.points)}
            </dd>
          </div>
        </dl>
      )}
      <h2>Top sharers</h2>
      {figures && figures.topSharers.length === 0 && <p>Nobody has brought a friend yet.</p>}
      {figures && figures.topSharers.length > 0 && (
        <table className="data-table backoffice__table">
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col" className="backoffice__amount">
                Friends
              </th>
              <th scope="col" className="backoffice__amount">
                Rebates earned
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
      <h2>Ledger consistency</h2>
      <p>Checks every customer&apos;s energy ledger: each balance follows from the one before, never negative, deductions matching debits.</p>
      <button className="button" type="button" onClick={() => void runCheck()} disabled={checking}>
        {checking ? 'Checking…' : 'Check the ledger'}
      </button>
      <div role="status" aria-live="polite">
        {check && (
          <p>
            {check.problems.length === 0 ? 'The ledger is consistent' : `${check.problems.length} problem(s) found`}: {check.records} records of {check.customers} customers checked.
          </p>
        )}
      </div>
      {check && check.problems.length > 0 && (
        <ul className="field-error">
          {check.problems.map((problem) => (
            <li key={`${problem.recordId}-${problem.problem}`}>
              Customer {problem.userId}, record {problem.recordId}: {problem.problem}
            </li>
          ))}
        </ul>
      )}
      <ErrorText error={error} />
    </section>
  );
}
