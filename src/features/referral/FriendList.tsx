import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Pager } from '@/components/Pager';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { formatTime } from '@/lib/locale';
import { formatMoney } from '@/lib/money';
import { usePagedList } from '@/lib/use-paged-list';
import type { Friend } from './referral.schema';
import { $myShare, loadMyShare, requestShare } from './share.store';

type Props = { messages: Messages; languageTag: string; friendDiscountPercent: number };

/** /order/friends: my share code, rebate rate and link visits, and the friends who registered with my code. */
export default function FriendList({ messages, languageTag, friendDiscountPercent }: Props) {
  const t = createTranslator(messages);
  const myShare = useStore($myShare);
  const { page, pageNum, setPageNum } = usePagedList<Friend>('share/queryUserShareList');
  const time = (iso: string) => formatTime(iso, languageTag);

  useEffect(() => {
    void loadMyShare();
  }, []);

  return (
    <div className="friends">
      <section className="summary-panel">
        <dl className="facts" data-testid="my-share">
          <dt>{t('friends.shareCode')}</dt>
          <dd className="mono">{myShare?.shareCode ?? '…'}</dd>
          <dt>{t('friends.rebateRate')}</dt>
          <dd>{myShare ? `${myShare.rebateRate}%` : '…'}</dd>
          <dt>{t('friends.visits')}</dt>
          <dd>{myShare?.visits ?? '…'}</dd>
        </dl>
        <p className="field-hint" data-testid="rebate-rule">
          {t('friends.rebateOnGoods')}
        </p>
        <button type="button" className="button" onClick={() => requestShare(3)}>
          {t('friends.share')}
        </button>
      </section>
      {!page ? (
        <p>{t('page.loading')}</p>
      ) : page.list.length === 0 ? (
        <p className="placeholder">
          {t('friends.empty', { percent: friendDiscountPercent, rate: myShare?.rebateRate ?? '…' })}
        </p>
      ) : (
        <>
          <table className="data-table" data-testid="friends">
            <thead>
              <tr>
                <th scope="col">{t('friends.name')}</th>
                <th scope="col">{t('friends.email')}</th>
                <th scope="col">{t('friends.registered')}</th>
                <th scope="col" className="numeric">
                  {t('friends.consumption')}
                </th>
                <th scope="col" className="numeric">
                  {t('friends.rebate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((friend) => (
                <tr key={`${friend.email}-${friend.registerTime}`}>
                  <td>{friend.name}</td>
                  <td>{friend.email}</td>
                  <td>{time(friend.registerTime)}</td>
                  <td className="numeric">{formatMoney(friend.consumption, friend.currency)}</td>
                  <td className="numeric">{t('energy.pointsValue', { points: friend.rebate })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="record-cards" data-testid="friend-cards">
            {page.list.map((friend) => (
              <li key={`${friend.email}-${friend.registerTime}`} className="record-card">
                <div className="record-card__head">
                  <strong>{friend.name}</strong>
                  <span>{friend.email}</span>
                </div>
                <dl className="facts">
                  <dt>{t('friends.registered')}</dt>
                  <dd>{time(friend.registerTime)}</dd>
                  <dt>{t('friends.consumption')}</dt>
                  <dd>{formatMoney(friend.consumption, friend.currency)}</dd>
                  <dt>{t('friends.rebate')}</dt>
                  <dd>{t('energy.pointsValue', { points: friend.rebate })}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      {page && <Pager t={t} pageNum={pageNum} total={page.total} pageSize={page.pageSize} onPage={setPageNum} />}
    </div>
  );
}
