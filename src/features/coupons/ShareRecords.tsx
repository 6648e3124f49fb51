import { Pager } from '@/components/Pager';
import { requestShare, shareLink } from '@/features/referral/share.store';
import { api, isSuccess, warnOf } from '@/lib/api-client';
import { createTranslator, type Messages, type Translate, type UiMessageKey } from '@/lib/i18n/ui';
import { formatNumber, formatTime } from '@/lib/locale';
import { showToast } from '@/lib/toast.store';
import { usePagedList } from '@/lib/use-paged-list';
import type { Coupon } from './coupons.schema';

/** /order/shareRecords: my gift coupons with their state and activation; share again or cancel unused ones. */
export default function ShareRecords({ messages, languageTag }: { messages: Messages; languageTag: string }) {
  const t = createTranslator(messages);
  const { page, pageNum, setPageNum, reload } = usePagedList<Coupon>('coupon/queryReceiveCouponList');
  const time = (iso: string | null) => formatTime(iso, languageTag);

  async function cancel(coupon: Coupon) {
    if (!confirm(t('coupon.cancelConfirm', { points: coupon.points }))) return;
    const result = await api.post<Coupon>('coupon/cancel', undefined, { searchParams: { couponId: coupon.couponId } });
    if (isSuccess(result)) showToast('success', t('coupon.cancelled', { points: coupon.points }));
    else warnOf(result);
    reload();
  }

  const row = (coupon: Coupon) => ({
    gift: `${coupon.product.goodsName} · ${coupon.product.specificationName}`,
    state: (
      <span className={`status status--coupon-${coupon.status}`}>
        {t(`coupon.status.${coupon.status}` as UiMessageKey)}
      </span>
    ),
    activation: coupon.activateTime
      ? t('coupon.activatedBy', { time: time(coupon.activateTime), friend: coupon.activatedBy ?? '' })
      : t('coupon.notActivated'),
    operate: <Operate t={t} coupon={coupon} onCancel={() => void cancel(coupon)} />,
  });

  return (
    <div className="share-records">
      <p>
        <a className="button button--ghost" href="/order/shareEnergy">
          {t('coupon.newGift')}
        </a>
      </p>
      {!page ? (
        <p>{t('page.loading')}</p>
      ) : page.list.length === 0 ? (
        <p className="placeholder">{t('coupon.empty')}</p>
      ) : (
        <>
          <table className="data-table" data-testid="share-records">
            <thead>
              <tr>
                <th scope="col">{t('coupon.code')}</th>
                <th scope="col">{t('coupon.gift')}</th>
                <th scope="col" className="numeric">
                  {t('coupon.points')}
                </th>
                <th scope="col">{t('coupon.state')}</th>
                <th scope="col">{t('coupon.activation')}</th>
                <th scope="col">{t('coupon.operate')}</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((coupon) => {
                const cells = row(coupon);
                return (
                  <tr key={coupon.couponId} data-code={coupon.code}>
                    <td>
                      <span className="mono">{coupon.code}</span>
                      <br />
                      <small className="field-hint">{t('coupon.expires', { time: time(coupon.expireTime) })}</small>
                    </td>
                    <td>{cells.gift}</td>
                    <td className="numeric">{formatNumber(coupon.points, languageTag)}</td>
                    <td>{cells.state}</td>
                    <td>{cells.activation}</td>
                    <td>{cells.operate}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <ul className="record-cards" data-testid="share-record-cards">
            {page.list.map((coupon) => {
              const cells = row(coupon);
              return (
                <li key={coupon.couponId} className="record-card" data-code={coupon.code}>
                  <div className="record-card__head">
                    <strong className="mono">{coupon.code}</strong>
                    {cells.state}
                  </div>
                  <dl className="facts">
                    <dt>{t('coupon.gift')}</dt>
                    <dd>{cells.gift}</dd>
                    <dt>{t('coupon.points')}</dt>
                    <dd>{formatNumber(coupon.points, languageTag)}</dd>
                    <dt>{t('coupon.activation')}</dt>
                    <dd>{cells.activation}</dd>
                  </dl>
                  <p className="field-hint">{t('coupon.expires', { time: time(coupon.expireTime) })}</p>
                  {cells.operate}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {page && <Pager t={t} pageNum={pageNum} total={page.total} pageSize={page.pageSize} onPage={setPageNum} />}
    </div>
  );
}

/** What the owner may still do with an unused coupon: share its link again, or cancel it for the points. */
function Operate({ t, coupon, onCancel }: { t: Translate; coupon: Coupon; onCancel: () => void }) {
  if (!coupon.cancellable) return null;
  return (
    <span className="row-actions">
      <button
        type="button"
        className="button button--small"
        onClick={() => requestShare(1, shareLink(location.origin, 1, coupon.code))}
      >
        {t('coupon.share')}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={onCancel}>
        {t('coupon.cancel')}
      </button>
    </span>
  );
}
