import { useEffect, useState } from 'react';
import { Pager } from '@/components/Pager';
import { Tabs } from '@/components/Tabs';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, type Messages, type Translate, type UiMessageKey } from '@/lib/i18n/ui';
import { formatNumber, formatTime } from '@/lib/locale';
import { usePagedList } from '@/lib/use-paged-list';
import { energyTypes, type EnergyType } from './energy';
import type { EnergyRecordItem, MyEnergy } from './energy.schema';

/** /order/energy: the balance, what to do with points, and the records (a table on desktop, cards on phones). */
export default function EnergyPage({ messages, languageTag }: { messages: Messages; languageTag: string }) {
  const t = createTranslator(messages);
  const [energy, setEnergy] = useState<MyEnergy | null>(null);
  const balance = energy?.balance ?? null;
  const [type, setType] = useState<EnergyType | null>(null);
  const { page, pageNum, setPageNum } = usePagedList<EnergyRecordItem>(
    'energy/queryEnergyRecordList',
    type ? { type } : {},
  );

  useEffect(() => {
    void api.get<MyEnergy>('energy/getMyEnergy').then((result) => isSuccess(result) && setEnergy(result.data));
  }, []);

  const chooseType = (next: EnergyType | null) => {
    setType(next);
    setPageNum(1);
  };

  return (
    <div className="energy">
      <section className="summary-panel" aria-labelledby="energy-balance">
        <h2 id="energy-balance">{t('energy.balance')}</h2>
        <p className="energy__points" data-testid="energy-balance">
          {balance === null ? '…' : t('energy.pointsValue', { points: balance })}
        </p>
        {/* Available (the balance above) and pending apart: a rebate is spendable only once its order's return window has closed. */}
        {energy !== null && energy.pending > 0 && (
          <p className="field-hint" data-testid="energy-pending">
            {t('energy.pending', { points: energy.pending })}
          </p>
        )}
        {energy !== null && energy.owed > 0 && (
          <p className="field-hint" data-testid="energy-owed">
            {t('energy.owed', { points: energy.owed })}
          </p>
        )}
        <p className="field-hint">{t('energy.howTo')}</p>
        <div className="form-actions">
          <a className="button" href="/order/recharge">
            {t('energy.recharge')}
          </a>
          <a className="button button--ghost" href="/order/shareEnergy">
            {t('energy.shareEnergy')}
          </a>
          <a className="button button--ghost" href="/order/friends">
            {t('energy.friends')}
          </a>
        </div>
      </section>

      <h2>{t('energy.records')}</h2>
      <Tabs
        label={t('energy.type')}
        tabs={[null, ...energyTypes].map((tab) => ({
          value: tab,
          label: tab ? t(typeKey(tab)) : t('energy.allTypes'),
        }))}
        value={type}
        onChange={chooseType}
      />
      {!page ? (
        <p>{t('page.loading')}</p>
      ) : page.list.length === 0 ? (
        <p className="placeholder">{t('energy.empty')}</p>
      ) : (
        <>
          <RecordTable t={t} records={page.list} languageTag={languageTag} />
          <RecordCards t={t} records={page.list} languageTag={languageTag} />
        </>
      )}
      {page && <Pager t={t} pageNum={pageNum} total={page.total} pageSize={page.pageSize} onPage={setPageNum} />}
    </div>
  );
}

const typeKey = (type: EnergyType) => `energy.type.${type}` as UiMessageKey;
const signed = (points: number, languageTag: string) => `${points > 0 ? '+' : ''}${formatNumber(points, languageTag)}`;

type RecordsProps = { t: Translate; records: EnergyRecordItem[]; languageTag: string };

/** Desktop: the spec's columns side by side. */
function RecordTable({ t, records, languageTag }: RecordsProps) {
  return (
    <table className="data-table" data-testid="energy-records">
      <thead>
        <tr>
          <th scope="col">{t('energy.time')}</th>
          <th scope="col">{t('energy.type')}</th>
          <th scope="col" className="numeric">
            {t('energy.points')}
          </th>
          <th scope="col" className="numeric">
            {t('energy.balancePoints')}
          </th>
          <th scope="col" className="numeric">
            {t('energy.deductionPoints')}
          </th>
          <th scope="col">{t('energy.transactionNo')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.recordId}>
            <td>{formatTime(record.time, languageTag)}</td>
            <td>{t(typeKey(record.type))}</td>
            <td className={`numeric points points--${record.points > 0 ? 'in' : 'out'}`}>
              {signed(record.points, languageTag)}
            </td>
            <td className="numeric">{formatNumber(record.balancePoints, languageTag)}</td>
            <td className="numeric">
              {record.deductionPoints ? formatNumber(record.deductionPoints, languageTag) : ''}
            </td>
            <td className="mono">{record.transactionNo}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones: one card per record, the change in points first. */
function RecordCards({ t, records, languageTag }: RecordsProps) {
  return (
    <ul className="record-cards" data-testid="energy-record-cards">
      {records.map((record) => (
        <li key={record.recordId} className="record-card">
          <div className="record-card__head">
            <strong>{t(typeKey(record.type))}</strong>
            <strong className={`points points--${record.points > 0 ? 'in' : 'out'}`}>
              {signed(record.points, languageTag)}
            </strong>
          </div>
          <dl className="facts">
            <dt>{t('energy.time')}</dt>
            <dd>{formatTime(record.time, languageTag)}</dd>
            <dt>{t('energy.balancePoints')}</dt>
            <dd>{formatNumber(record.balancePoints, languageTag)}</dd>
            {record.deductionPoints > 0 && (
              <>
                <dt>{t('energy.deductionPoints')}</dt>
                <dd>{formatNumber(record.deductionPoints, languageTag)}</dd>
              </>
            )}
            <dt>{t('energy.transactionNo')}</dt>
            <dd className="mono">{record.transactionNo}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
