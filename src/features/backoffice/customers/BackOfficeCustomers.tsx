import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog';
import { adminCall } from '../admin-api';
import { may, type OperatorRole } from '../operators/operators';
import { OrdersTable, type OrderRow } from '../orders/orders-table';
import type { Translate, UiMessageKey } from '@/lib/i18n/ui';
import { ConfirmStep, dateTime, ErrorText, Pager, useAdminPage, useBackOfficeLanguage } from '../ui';

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
  ledger: {
    transactionNo: string;
    type: string;
    points: number;
    balanceAfter: number;
    reference: string;
    time: string;
  }[];
  friends: CustomerRow[];
};

const state = (row: CustomerRow, t: Translate) =>
  t(row.erased ? 'admin.customers.erased' : row.disabled ? 'admin.customers.disabled' : 'admin.customers.active');
/** A ledger record's kind as the customer's energy page names it; an unknown one as its code. */
const recordType = (type: string, t: Translate) => {
  const key = `energy.type.${type}` as UiMessageKey;
  const name = t(key);
  return name === key ? type : name;
};

export default function BackOfficeCustomers({ role }: { role: OperatorRole }) {
  const { t } = useBackOfficeLanguage();
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
      <h1 id="customers-title">{t('admin.frame.section.customers')}</h1>
      <form className="backoffice__filters" onSubmit={search} role="search">
        <label className="field">
          <span>{t('admin.customers.search')}</span>
          <input name="q" type="search" defaultValue={q} maxLength={100} />
        </label>
        <button className="button" type="submit">
          {t('admin.customers.find')}
        </button>
      </form>
      <ErrorText error={error} />
      {page && (
        <>
          <p aria-live="polite">{t('admin.customers.count', { count: page.total })}</p>
          <table className="data-table backoffice__table">
            <thead>
              <tr>
                <th scope="col">{t('admin.customers.email')}</th>
                <th scope="col">{t('admin.customers.name')}</th>
                <th scope="col">{t('admin.customers.registered')}</th>
                <th scope="col">{t('admin.customers.account')}</th>
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
                  <td>{dateTime(customer.createTime, t.languageTag)}</td>
                  <td>{state(customer, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} onPage={setPageNum} label={t('admin.customers.pages')} />
        </>
      )}
      {open !== null && (
        <CustomerPanel
          id={open}
          role={role}
          onOpen={setOpen}
          onClose={() => setOpen(null)}
          onChanged={() => void load()}
        />
      )}
    </section>
  );
}

function CustomerPanel({
  id,
  role,
  onOpen,
  onClose,
  onChanged,
}: {
  id: number;
  role: OperatorRole;
  onOpen: (id: number) => void;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useBackOfficeLanguage();
  const [customer, setCustomer] = useState<CustomerDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    setCustomer(null);
    adminCall<CustomerDetails>(`/customers/details?id=${id}`).then(setCustomer, (caught: Error) =>
      setError(caught.message),
    );
  }, [id]);

  const toggle = async (disable: boolean) => {
    setConfirming(false);
    setError(null);
    try {
      setCustomer(await adminCall<CustomerDetails>(disable ? '/customers/disable' : '/customers/enable', { id }));
      setNotice(t(disable ? 'admin.customers.disabledDone' : 'admin.customers.enabledDone'));
      onChanged();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={customer ? t('admin.customers.customer', { email: customer.email }) : t('admin.customers.customerTitle')}
      closeLabel={t('admin.orders.close')}
      width={860}
    >
      {!customer && !error && <p>{t('admin.frame.loading')}</p>}
      {customer && (
        <div className="backoffice__order">
          <p>
            <strong>{state(customer, t)}</strong> · {customer.name} ·{' '}
            {t('admin.customers.registeredOn', { when: dateTime(customer.createTime, t.languageTag) })} ·{' '}
            {t('admin.customers.browsers', { count: customer.signedInBrowsers })} · {t('admin.customers.shareCode')}{' '}
            <span className="mono">{customer.shareCode}</span> ·{' '}
            {t('admin.customers.rebate', { rate: customer.rebateRate })} ·{' '}
            {t('admin.customers.referredBy', { who: customer.referrer ?? t('admin.customers.nobody') })}
          </p>
          <p>
            {t('admin.customers.balance')}{' '}
            <strong data-testid="energy-balance">{t('admin.customers.points', { count: customer.balance })}</strong>
            {customer.owed > 0 && (
              <>
                {' '}
                · {t('admin.customers.owes')}{' '}
                <strong data-testid="energy-owed">{t('admin.customers.points', { count: customer.owed })}</strong>{' '}
                {t('admin.customers.owedWhy')}
              </>
            )}
          </p>
          {may(role, 'customers.manage') && !customer.erased && (
            <div className="backoffice__actions">
              {customer.disabled ? (
                <button className="button" type="button" onClick={() => void toggle(false)}>
                  {t('admin.customers.enable')}
                </button>
              ) : (
                <button className="button button--ghost" type="button" onClick={() => setConfirming(true)}>
                  {t('admin.customers.disable')}
                </button>
              )}
              {confirming && (
                <ConfirmStep
                  id="disable-question"
                  question={t('admin.customers.disableQuestion', { email: customer.email })}
                  confirm={t('admin.customers.disableConfirm')}
                  cancel={t('admin.customers.keepActive')}
                  onConfirm={() => void toggle(true)}
                  onCancel={() => setConfirming(false)}
                />
              )}
            </div>
          )}
          <h3>{t('admin.frame.section.orders')}</h3>
          <OrdersTable orders={customer.orders} />
          {customer.orders.length === 0 && <p>{t('admin.customers.noOrders')}</p>}
          <h3>{t('admin.customers.ledger')}</h3>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.audit.when')}</th>
                <th scope="col">{t('admin.customers.transaction')}</th>
                <th scope="col">{t('admin.customers.type')}</th>
                <th scope="col" className="backoffice__amount">
                  {t('admin.customers.pointsHeader')}
                </th>
                <th scope="col" className="backoffice__amount">
                  {t('admin.customers.balanceHeader')}
                </th>
              </tr>
            </thead>
            <tbody>
              {customer.ledger.map((record) => (
                <tr key={record.transactionNo}>
                  <td>{dateTime(record.time, t.languageTag)}</td>
                  <td className="mono">{record.transactionNo}</td>
                  <td>{recordType(record.type, t)}</td>
                  <td className="backoffice__amount">{record.points > 0 ? `+${record.points}` : record.points}</td>
                  <td className="backoffice__amount">{record.balanceAfter}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {customer.ledger.length === 0 && <p>{t('admin.customers.noRecords')}</p>}
          <h3>{t('admin.customers.friends', { count: customer.friends.length })}</h3>
          <ul>
            {customer.friends.map((friend) => (
              <li key={friend.id}>
                <button type="button" className="link-button" onClick={() => onOpen(friend.id)}>
                  {friend.email}
                </button>{' '}
                — {friend.name},{' '}
                {t('admin.customers.registeredOn', { when: dateTime(friend.createTime, t.languageTag) })}
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
