import { useState, type FormEvent } from 'react';
import { statusNames } from '@/lib/order-status';
import type { UiMessageKey } from '@/lib/i18n/ui';
import { currencies } from '@/lib/locale';
import { may, type OperatorRole } from '../operators/operators';
import { ErrorText, Pager, useAdminPage, useBackOfficeLanguage } from '../ui';
import { OrderPanel } from './OrderPanel';
import { OrdersExportButton } from './OrdersExportButton';
import { OrdersTable, type OrderRow } from './orders-table';

/* The Orders section: find orders, open one, ship, add events, complete and refund by role. */

type Filters = { status: string; currency: string; from: string; to: string; q: string; review: string };

export default function OrdersBoard({ role }: { role: OperatorRole }) {
  const [filters, setFilters] = useState<Filters>({ status: '', currency: '', from: '', to: '', q: '', review: '' });
  const { page, setPageNum, error, load } = useAdminPage<OrderRow>('/orders', filters);
  const [open, setOpen] = useState<string | null>(null);
  const { t } = useBackOfficeLanguage();

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({
      status: String(form.get('status')),
      currency: String(form.get('currency')),
      from: String(form.get('from')),
      to: String(form.get('to')),
      q: String(form.get('q')).trim(),
      review: String(form.get('review') ?? ''),
    });
    setPageNum(1);
  };

  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">{t('admin.orders.title')}</h1>
      <form className="backoffice__filters" onSubmit={applyFilters} role="search">
        <label className="field">
          <span>{t('admin.orders.search')}</span>
          <input name="q" type="search" defaultValue={filters.q} />
        </label>
        <label className="field">
          <span>{t('admin.orders.status')}</span>
          <select name="status" defaultValue={filters.status}>
            <option value="">{t('admin.orders.any')}</option>
            {Object.entries(statusNames).map(([value, name]) => (
              <option key={value} value={value}>
                {value} {t(`orderStatus.${value}` as UiMessageKey) || name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('admin.orders.currency')}</span>
          <select name="currency" defaultValue={filters.currency}>
            <option value="">{t('admin.orders.any')}</option>
            {currencies.map((currency) => (
              <option key={currency}>{currency}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('admin.orders.reviewQueue')}</span>
          <select name="review" defaultValue={filters.review}>
            <option value="">{t('admin.orders.allOrders')}</option>
            <option value="referral">{t('admin.orders.referralsHeld')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('admin.orders.from')}</span>
          <input name="from" type="date" defaultValue={filters.from} />
        </label>
        <label className="field">
          <span>{t('admin.orders.to')}</span>
          <input name="to" type="date" defaultValue={filters.to} />
        </label>
        <button className="button" type="submit">
          {t('admin.orders.find')}
        </button>
      </form>
      <ErrorText error={error} />
      {page && (
        <>
          <p aria-live="polite">{t('admin.orders.count', { count: page.total })}</p>
          {may(role, 'orders.export') && <OrdersExportButton filters={filters} />}
          <OrdersTable orders={page.list} onOpen={setOpen} withCustomer />
          <Pager page={page} onPage={setPageNum} />
        </>
      )}
      {open && <OrderPanel orderNo={open} role={role} onClose={() => setOpen(null)} onChanged={() => void load()} />}
    </section>
  );
}
