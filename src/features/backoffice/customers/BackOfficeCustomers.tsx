import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { adminCall } from '../admin-api';
import { may, type OperatorRole } from '../operators/operators';
import { OrdersTable, type OrderRow } from '../orders/orders-table';
import { ConfirmStep, dateTime as date, ErrorText, Pager, useAdminPage } from '../ui';

/* The Customers section: find a customer, see their orders, energy and friends, disable or enable the account. */

type CustomerRow = { id: number; email: string; name: string; createTime: string; disabled: boolean; erased: boolean };
type CustomerDetails = CustomerRow & {
  shareCode: string;
  rebateRate: number;
  referrer: string | null;
  balance: number;
  owed: number;
  signedInBrowsers: number;
  orders: OrderRow[];
  ledger: { transactionNo: string; type: string; points: number; balanceAfter: number; reference: string; time: string }[];
  friends: CustomerRow[];
};

const state = (row: CustomerRow) => (row.erased ? 'Erased' : row.disabled ? 'Disabled' : 'Active');

export default function BackOfficeCustomers({ role }: { role: OperatorRole }) {
  const [q, setQ] = useState('');
  const { page, setPageNum, error, load } = useAdminPage<CustomerRow>('/customers', { q });
  const [open, setOpen] = useState<number | null>(null);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q')).trim());
    setPageNum(1);
  };

  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title">Customers</h1>
      <form className="backoffice__filters" onSubmit={search} role="search">
        <label className="field">
          <span>Email or name</span>
          <input name="q" type="search" defaultValue={q} maxLength={100} />
        </label>
        <button className="button" type="submit">
          Search
        </button>
      </form>
      <ErrorText error={error} />
      {page && (
        <>
          <p aria-live="polite">{page.total === 1 ? '1 customer' : `${page.total} customers`}</p>
          <table className="data-table backoffice__table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Registered</th>
                <th scope="col">Account</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <button type="button" className="link-button" onClick={() => setOpen(customer.id)}>
                      {customer.email}
                    </button>
                  </td>
                  <td>{customer.name}</td>
                  <td>{date(customer.createTime)}</td>
                  <td>{state(customer)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} onPage={setPageNum} label="Customer pages" />
        </>
      )}
      {open !== null && <CustomerPanel id={open} role={role} onOpen={setOpen} onClose={() => setOpen(null)} onChanged={() => void load()} />}
    </section>
  );
}

function CustomerPanel({ id, role, onOpen, onClose, onChanged }: { id: number; role: OperatorRole; onOpen: (id: number) => void; onClose: () => void; onChanged: () => void }) {
  const [customer, setCustomer] = useState<CustomerDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    setCustomer(null);
    adminCall<CustomerDetails>(`/customers/details?id=${id}`).then(setCustomer, (caught: Error) => setError(caught.message));
  }, [id]);

  const toggle = async (disable: boolean) => {
    setConfirming(false);
    setError(null);
    try {
      setCustomer(await adminCall<CustomerDetails>(disable ? '/customers/disable' : '/customers/enable', { id }));
      setNotice(disable ? 'Account disabled; the customer was signed out everywhere.' : 'Account enabled; the customer can sign in again.');
      onChanged();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <Dialog open onClose={onClose} title={customer ? `Customer ${customer.email}` : 'Customer'} closeLabel="Close" width={860}>
      {!customer && !error && <p>Loading…</p>}
      {customer && (
        <div className="backoffice__order">
          <p>
            <strong>{state(customer)}</strong> · {customer.name} · registered {date(customer.createTime)} · signed in on {customer.signedInBrowsers} browser(s) · share code{' '}
            <span className="mono">{customer.shareCode}</span> · rebate {customer.rebateRate}% · referred by {customer.referrer ?? 'nobody'}
          </p>
          <p>
            Energy balance: <strong data-testid="energy-balance">{customer.balance} points</strong>
            {customer.owed > 0 && <> · owes <strong data-testid="energy-owed">{customer.owed} points</strong> (taken back after they were spent; paid first from the next credits)</>}
          </p>
          {may(role, 'customers.manage') && !customer.erased && (
            <div className="backoffice__actions">
              {customer.disabled ? (
                <button className="button" type="button" onClick={() => void toggle(false)}>
                  Enable account
                </button>
              ) : (
                <button className="button button--ghost" type="button" onClick={() => setConfirming(true)}>
                  Disable account…
                </button>
              )}
              {confirming && (
                <ConfirmStep
                  id="disable-question"
                  question={`Disable ${customer.email}? They are signed out everywhere and cannot sign in until enabled again.`}
                  confirm="Disable"
                  cancel="Keep it active"
                  onConfirm={() => void toggle(true)}
                  onCancel={() => setConfirming(false)}
                />
              )}
            </div>
          )}
          <h3>Orders</h3>
          <OrdersTable orders={customer.orders} />
          {customer.orders.length === 0 && <p>No orders.</p>}
          <h3>Energy ledger</h3>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Transaction</th>
                <th scope="col">Type</th>
                <th scope="col" className="backoffice__amount">
                  Points
                </th>
                <th scope="col" className="backoffice__amount">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {customer.ledger.map((record) => (
                <tr key={record.transactionNo}>
                  <td>{date(record.time)}</td>
                  <td className="mono">{record.transactionNo}</td>
                  <td>{record.type}</td>
                  <td className="backoffice__amount">{record.points > 0 ? `+${record.points}` : record.points}</td>
                  <td className="backoffice__amount">{record.balanceAfter}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {customer.ledger.length === 0 && <p>No energy records.</p>}
          <h3>Friends ({customer.friends.length})</h3>
          <ul>
            {customer.friends.map((friend) => (
              <li key={friend.id}>
                <button type="button" className="link-button" onClick={() => onOpen(friend.id)}>
                  {friend.email}
                </button>{' '}
                — {friend.name}, registered {date(friend.createTime)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p role="status">{notice}</p>
      <ErrorText error={error} />
    </Dialog>
  );
}
