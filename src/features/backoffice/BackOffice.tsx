import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/Dialog';
import { OrderStatus, refundable, statusNames, type OrderStatusValue } from '@/features/orders/orders';
import { formatMoney } from '@/lib/money';
import type { Messages } from '@/lib/i18n/ui';
import { currencies, type Currency, type Language } from '@/lib/locale';
import { adminCall, AdminApiError } from './admin-api';
import BackOfficeAdverts from './adverts/BackOfficeAdverts';
import BackOfficeCatalogue from './catalogue/BackOfficeCatalogue';
import BackOfficeCustomers from './customers/BackOfficeCustomers';
import { OrdersExportButton, VerifyCodesSection } from './orders/OrdersExportButton';
import BackOfficeProgramme from './customers/BackOfficeProgramme';
import BackOfficePublish from './publish/BackOfficePublish';
import BackOfficeSecondFactor, { SecondFactorSignIn } from './operators/BackOfficeSecondFactor';
import PriceStockGrid from './prices/PriceStockGrid';
import { may, type OperatorRole } from './operators/operators';
import { OrdersTable, statusName, type OrderRow } from './orders/orders-table';
import { ConfirmStep, dateTime, ErrorText, Pager, useAdminPage } from './ui';

/*
 * The back office at /admin: operators sign in with their own accounts and see the sections their
 * role allows. The server checks every call again; hiding a section here is only a courtesy.
 */

type Me = { email: string; role: OperatorRole; secondFactor: boolean };

/** `messages`: the strings of the sections that speak the operator's choice of the shop's languages, in each language. */
export default function BackOffice({ messages }: { messages: Record<Language, Messages> }) {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const invite = new URLSearchParams(window.location.search).get('invite');

  useEffect(() => {
    adminCall<Me>('/auth/me').then(setMe, () => setMe(null));
  }, []);

  if (invite) return <SetPassword token={invite} />;
  if (me === undefined) return <p className="backoffice__loading">Loading…</p>;
  if (me === null) return <SignIn onSignedIn={setMe} />;
  return <Console me={me} messages={messages} onSignedOut={() => setMe(null)} />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="backoffice__narrow">
      <h1>{title}</h1>
      {children}
    </main>
  );
}

function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The password was right and the operator's second factor asks for a code.
  const [codeFor, setCodeFor] = useState<{ email: string; password: string } | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = { email: String(form.get('email')), password: String(form.get('password')) };
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await adminCall<Me>('/auth/signIn', credentials));
    } catch (caught) {
      if (caught instanceof AdminApiError && caught.code === -241) setCodeFor(credentials);
      else setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (codeFor) return <SecondFactorSignIn {...codeFor} onSignedIn={onSignedIn} onCancel={() => setCodeFor(null)} />;
  return (
    <Frame title="Back office sign-in">
      <form className="panel-form" onSubmit={submit}>
        <label className="field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label className="field">
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <ErrorText error={error} />
        <button className="button" type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </Frame>
  );
}

function SetPassword({ token }: { token: string }) {
  const [state, setState] = useState<'editing' | 'done'>('editing');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('password') !== form.get('repeat')) return setError('The two passwords differ.');
    try {
      await adminCall('/auth/setPassword', { token, password: form.get('password') });
      setState('done');
    } catch (caught) {
      setError(caught instanceof AdminApiError && caught.code === -219 ? 'This link has expired or was used already. Ask an admin for a new one.' : (caught as Error).message);
    }
  };
  if (state === 'done') {
    return (
      <Frame title="Password set">
        <p>
          Your password is set. <a href="/admin/">Sign in</a>.
        </p>
      </Frame>
    );
  }
  return (
    <Frame title="Set your back-office password">
      <form className="panel-form" onSubmit={submit}>
        <label className="field">
          <span>New password (at least 12 characters)</span>
          <input name="password" type="password" autoComplete="new-password" minLength={12} maxLength={200} required />
        </label>
        <label className="field">
          <span>Repeat it</span>
          <input name="repeat" type="password" autoComplete="new-password" minLength={12} maxLength={200} required />
        </label>
        <ErrorText error={error} />
        <button className="button" type="submit">
          Set password
        </button>
      </form>
    </Frame>
  );
}

type Section = 'orders' | 'catalogue' | 'prices' | 'adverts' | 'customers' | 'programme' | 'verify-codes' | 'audit' | 'publish' | 'second-factor';
const sections: { id: Section; label: string; allowed: (role: OperatorRole) => boolean }[] = [
  { id: 'orders', label: 'Orders', allowed: (role) => may(role, 'orders.read') },
  { id: 'catalogue', label: 'Catalogue', allowed: (role) => may(role, 'catalogue.read') },
  { id: 'prices', label: 'Prices & stock', allowed: (role) => may(role, 'catalogue.read') },
  { id: 'adverts', label: 'Adverts', allowed: (role) => may(role, 'adverts.write') },
  { id: 'customers', label: 'Customers', allowed: (role) => may(role, 'customers.read') },
  { id: 'programme', label: 'Energy programme', allowed: (role) => may(role, 'programme.read') },
  { id: 'verify-codes', label: 'Verification codes', allowed: (role) => may(role, 'verify-codes.issue') },
  { id: 'audit', label: 'Audit log', allowed: (role) => may(role, 'audit.read') },
  { id: 'publish', label: 'Publish', allowed: (role) => may(role, 'site.publish') },
  { id: 'second-factor', label: 'Two-step sign-in', allowed: () => true },
];

function Console({ me, messages, onSignedOut }: { me: Me; messages: Record<Language, Messages>; onSignedOut: () => void }) {
  const mine = sections.filter((section) => section.allowed(me.role));
  const [section, setSection] = useState<Section | undefined>(mine[0]?.id);
  const signOut = async (everywhere: boolean) => {
    await adminCall(everywhere ? '/auth/signOutEverywhere' : '/auth/signOut', {});
    onSignedOut();
  };
  return (
    <div className="backoffice__console">
      <header className="backoffice__bar">
        <strong>Energy Shop · Back office</strong>
        <nav aria-label="Sections" className="backoffice__sections">
          {mine.map((item) => (
            <button key={item.id} type="button" className="tab" aria-current={section === item.id ? 'page' : undefined} onClick={() => setSection(item.id)}>
              {item.label}
            </button>
          ))}
        </nav>
        <span className="backoffice__who">
          {me.email} ({me.role})
        </span>
        <button type="button" className="button button--ghost button--small" onClick={() => void signOut(false)}>
          Sign out
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => void signOut(true)}>
          Sign out everywhere
        </button>
      </header>
      <main className="backoffice__main">
        {section === 'orders' && <OrdersBoard role={me.role} />}
        {section === 'catalogue' && <BackOfficeCatalogue role={me.role} />}
        {section === 'prices' && <PriceStockGrid messages={messages} canWrite={may(me.role, 'catalogue.write')} />}
        {section === 'adverts' && <BackOfficeAdverts messages={messages} />}
        {section === 'customers' && <BackOfficeCustomers role={me.role} />}
        {section === 'programme' && <BackOfficeProgramme />}
        {section === 'verify-codes' && <VerifyCodesSection />}
        {section === 'audit' && <AuditLog />}
        {section === 'publish' && <BackOfficePublish role={me.role} />}
        {section === 'second-factor' && <BackOfficeSecondFactor role={me.role} />}
        {!section && <p>Your role has no back-office section yet.</p>}
      </main>
    </div>
  );
}

/* ── Orders ────────────────────────────────────────────────────────────────────────────────── */

type Filters = { status: string; currency: string; from: string; to: string; q: string };

/** Orders a logistics event can be added to: paid or later. */
const takesEvents: OrderStatusValue[] = [OrderStatus.Paid, OrderStatus.Shipped, OrderStatus.SignedFor, OrderStatus.Completed];

function OrdersBoard({ role }: { role: OperatorRole }) {
  const [filters, setFilters] = useState<Filters>({ status: '', currency: '', from: '', to: '', q: '' });
  const { page, setPageNum, error, load } = useAdminPage<OrderRow>('/orders', filters);
  const [open, setOpen] = useState<string | null>(null);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({ status: String(form.get('status')), currency: String(form.get('currency')), from: String(form.get('from')), to: String(form.get('to')), q: String(form.get('q')).trim() });
    setPageNum(1);
  };

  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <form className="backoffice__filters" onSubmit={applyFilters} role="search">
        <label className="field">
          <span>Order number or email</span>
          <input name="q" type="search" defaultValue={filters.q} />
        </label>
        <label className="field">
          <span>Status</span>
          <select name="status" defaultValue={filters.status}>
            <option value="">Any</option>
            {Object.entries(statusNames).map(([value, name]) => (
              <option key={value} value={value}>
                {value} {name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Currency</span>
          <select name="currency" defaultValue={filters.currency}>
            <option value="">Any</option>
            {currencies.map((currency) => (
              <option key={currency}>{currency}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>From</span>
          <input name="from" type="date" defaultValue={filters.from} />
        </label>
        <label className="field">
          <span>To</span>
          <input name="to" type="date" defaultValue={filters.to} />
        </label>
        <button className="button" type="submit">
          Find
        </button>
      </form>
      <ErrorText error={error} />
      {page && (
        <>
          <p aria-live="polite">{page.total === 1 ? '1 order' : `${page.total} orders`}</p>
          {may(role, 'orders.export') && <OrdersExportButton filters={filters} />}
          <OrdersTable orders={page.list} onOpen={setOpen} withCustomer />
          <Pager page={page} onPage={setPageNum} />
        </>
      )}
      {open && <OrderPanel orderNo={open} role={role} onClose={() => setOpen(null)} onChanged={() => void load()} />}
    </section>
  );
}

type Details = {
  orderNo: string;
  status: number;
  currency: Currency;
  payAmount: number;
  goodsTotal: number;
  discountAmount: number;
  email: string;
  payMethod: string;
  createTime: string;
  payTime: string | null;
  lines: { goodsName: string; specificationName: string; goodsQuantity: number; unitPrice: number }[];
  delivery: {
    address: { firstName: string; lastName: string; address: string; address2: string; city: string; zipCode: string; stateName: string; countryName: string; phone: string } | null;
    carrier: string | null;
    trackingNumber: string | null;
    events: { time: string; text: string }[];
  };
  payments: { provider: string; method: string; status: string; amount: number; currency: string; createTime: string }[];
};

function OrderPanel({ orderNo, role, onClose, onChanged }: { orderNo: string; role: OperatorRole; onClose: () => void; onChanged: () => void }) {
  const [order, setOrder] = useState<Details | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmRefund, setConfirmRefund] = useState(false);

  useEffect(() => {
    adminCall<Details>(`/orders/details?orderNo=${encodeURIComponent(orderNo)}`).then(setOrder, (caught: Error) => setError(caught.message));
  }, [orderNo]);

  const act = async (path: string, body: Record<string, unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      setOrder(await adminCall<Details>(path, { orderNo, ...body }));
      setNotice(done);
      onChanged();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const submitForm = (path: string, fields: string[], done: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void act(path, Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? '')])), done);
  };
  const status = order?.status;

  return (
    <Dialog open onClose={onClose} title={`Order ${orderNo}`} closeLabel="Close" width={820}>
      {!order && !error && <p>Loading…</p>}
      {order && (
        <div className="backoffice__order">
          <p>
            <strong>{statusName(order.status)}</strong> · placed {dateTime(order.createTime)} · paid {dateTime(order.payTime)} · {order.payMethod} · {order.email}
          </p>
          <table className="data-table">
            <caption className="visually-hidden">Lines</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Qty</th>
                <th scope="col" className="backoffice__amount">
                  Unit price
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, index) => (
                <tr key={index}>
                  <td>
                    {line.goodsName} – {line.specificationName}
                  </td>
                  <td>{line.goodsQuantity}</td>
                  <td className="backoffice__amount">{formatMoney(line.unitPrice, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            Goods {formatMoney(order.goodsTotal, order.currency)} · discount {formatMoney(order.discountAmount, order.currency)} · <strong>total {formatMoney(order.payAmount, order.currency)}</strong>
          </p>
          {order.delivery.address && (
            <address>
              {order.delivery.address.firstName} {order.delivery.address.lastName}, {order.delivery.address.address} {order.delivery.address.address2}, {order.delivery.address.zipCode}{' '}
              {order.delivery.address.city}, {order.delivery.address.stateName}, {order.delivery.address.countryName} · {order.delivery.address.phone}
            </address>
          )}
          <h3>Payments</h3>
          <ul>
            {order.payments.map((payment, index) => (
              <li key={index}>
                {dateTime(payment.createTime)}: {payment.provider}/{payment.method} {formatMoney(payment.amount, payment.currency as Currency)} — {payment.status}
              </li>
            ))}
            {order.payments.length === 0 && <li>None</li>}
          </ul>
          <h3>Logistics</h3>
          <p>{order.delivery.carrier ? `${order.delivery.carrier} · ${order.delivery.trackingNumber}` : 'Not shipped'}</p>
          <ul>
            {order.delivery.events.map((event, index) => (
              <li key={index}>
                {dateTime(event.time)}: {event.text}
              </li>
            ))}
          </ul>

          {may(role, 'orders.fulfil') && (
            <div className="backoffice__actions">
              {status === OrderStatus.Paid && (
                <form className="form-row" onSubmit={submitForm('/orders/ship', ['carrier', 'trackingNumber'], 'Shipped; the customer was mailed the tracking number.')}>
                  <label className="field">
                    <span>Carrier</span>
                    <input name="carrier" required maxLength={60} />
                  </label>
                  <label className="field">
                    <span>Tracking number</span>
                    <input name="trackingNumber" required maxLength={60} />
                  </label>
                  <button className="button" type="submit">
                    Ship
                  </button>
                </form>
              )}
              {status !== undefined && takesEvents.includes(status as OrderStatusValue) && (
                <form className="form-row" onSubmit={submitForm('/orders/addEvent', ['text'], 'Event added.')}>
                  <label className="field">
                    <span>Logistics event</span>
                    <input name="text" required maxLength={300} />
                  </label>
                  <button className="button button--ghost" type="submit">
                    Add event
                  </button>
                </form>
              )}
              {status === OrderStatus.Shipped && (
                <button className="button" type="button" onClick={() => void act('/orders/signFor', {}, 'Marked signed for.')}>
                  Mark signed for
                </button>
              )}
              {status === OrderStatus.SignedFor && (
                <button className="button" type="button" onClick={() => void act('/orders/complete', {}, 'Completed.')}>
                  Complete now
                </button>
              )}
              {may(role, 'orders.refund') && status !== undefined && refundable.includes(status as OrderStatusValue) && (
                <button className="button button--ghost" type="button" onClick={() => setConfirmRefund(true)}>
                  Refund…
                </button>
              )}
            </div>
          )}
          {confirmRefund && (
            <ConfirmStep
              id="refund-question"
              question={`Refund ${formatMoney(order.payAmount, order.currency)} to the customer through ${order.payMethod} and close the order? This cannot be undone.`}
              confirm="Refund"
              cancel="Keep the order"
              onConfirm={() => {
                setConfirmRefund(false);
                void act('/orders/refund', {}, 'Refunded; the order is closed.');
              }}
              onCancel={() => setConfirmRefund(false)}
            />
          )}
        </div>
      )}
      <p role="status">{notice}</p>
      <ErrorText error={error} />
    </Dialog>
  );
}

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

/* ── Audit log ─────────────────────────────────────────────────────────────────────────────── */

type AuditEntry = { id: number; actor: string; action: string; subject: string; before: unknown; after: unknown; time: string };

function AuditLog() {
  const [action, setAction] = useState('');
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (before?: number) => {
    const query = new URLSearchParams({ limit: '50' });
    if (action) query.set('action', action);
    if (before) query.set('before', String(before));
    try {
      const page = await adminCall<AuditEntry[]>(`/audit?${query}`);
      setEntries((current) => (before ? [...current, ...page] : page));
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, [action]);

  useEffect(() => {
    void load();
  }, [load]);

  const show = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <label className="field backoffice__filters">
        <span>Action</span>
        <select value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">All</option>
          {auditActions.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
      <ErrorText error={error} />
      <table className="data-table backoffice__table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">On</th>
            <th scope="col">Before → after</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{dateTime(entry.time)}</td>
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
          Older
        </button>
      )}
    </section>
  );
}
