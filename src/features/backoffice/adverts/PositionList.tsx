import { useState } from 'react';
import type { Translate } from '@/lib/i18n/ui';
import { adminCall } from '../admin-api';
import { ConfirmStep } from '../ui';
import { nameOf, type Advert, type Board } from './advert-draft';

/** One position's adverts in page order: move, switch on and off, edit, delete (after a confirming step). */
export function PositionList({
  t,
  name,
  entry,
  onEdit,
  onChange,
}: {
  t: Translate;
  name: string;
  entry: Board[number];
  onEdit: (advert: Advert) => void;
  onChange: (run: () => Promise<unknown>, done: string) => Promise<void>;
}) {
  const [deleting, setDeleting] = useState<Advert | null>(null);
  const headingId = `adverts-${entry.position}`;
  const ids = entry.adverts.map((advert) => advert.advertisingId);

  const move = (index: number, by: -1 | 1) => {
    const order = [...ids];
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    const advert = entry.adverts[index]!;
    void onChange(
      async () => {
        await adminCall('/adverts/reorder', { position: entry.position, advertisingIds: order });
        // The moved advert's button keeps the focus when it can still move that way, else its other one.
        requestAnimationFrame(() => {
          const same = document.getElementById(
            `advert-${advert.advertisingId}-${by < 0 ? 'up' : 'down'}`,
          ) as HTMLButtonElement | null;
          (same && !same.disabled
            ? same
            : document.getElementById(`advert-${advert.advertisingId}-${by < 0 ? 'down' : 'up'}`)
          )?.focus();
        });
      },
      t('admin.adverts.moved', { title: nameOf(advert) }),
    );
  };
  const setActive = (advert: Advert, active: boolean) =>
    void onChange(
      () => adminCall('/adverts/setActive', { advertisingId: advert.advertisingId, active }),
      t(active ? 'admin.adverts.switchedOn' : 'admin.adverts.switchedOff', { title: nameOf(advert) }),
    );
  const remove = (advert: Advert) => {
    setDeleting(null);
    void onChange(
      () => adminCall('/adverts/delete', { advertisingId: advert.advertisingId }),
      t('admin.adverts.deleted', { title: nameOf(advert) }),
    );
  };

  return (
    <section aria-labelledby={headingId} className="adverts__position">
      <h2 id={headingId}>{name}</h2>
      {entry.adverts.length === 0 ? (
        <p>{t('admin.adverts.none')}</p>
      ) : (
        <table className="data-table backoffice__table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('admin.adverts.order')}</th>
              <th scope="col">{t('admin.adverts.picture')}</th>
              <th scope="col">{t('admin.adverts.advert')}</th>
              <th scope="col">{t('admin.adverts.link')}</th>
              <th scope="col">{t('admin.adverts.state')}</th>
              <th scope="col">{t('admin.adverts.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {entry.adverts.map((advert, index) => {
              const title = nameOf(advert);
              return (
                <tr key={advert.advertisingId}>
                  <td>
                    <div className="adverts__order">
                      <span>{index + 1}</span>
                      <button
                        type="button"
                        id={`advert-${advert.advertisingId}-up`}
                        className="button button--ghost button--small"
                        aria-label={t('admin.adverts.moveUp', { title })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        id={`advert-${advert.advertisingId}-down`}
                        className="button button--ghost button--small"
                        aria-label={t('admin.adverts.moveDown', { title })}
                        disabled={index === entry.adverts.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        ↓
                      </button>
                    </div>
                  </td>
                  <td>
                    {advert.pictureUrl ? (
                      <img src={advert.pictureUrl} alt="" width={96} height={36} className="adverts__thumb" />
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    <strong>{title}</strong>
                    {advert.missingLanguages.length > 0 && (
                      <>
                        {' '}
                        <span className="tag catalogue__missing">
                          {t('admin.adverts.missingIn', { languages: advert.missingLanguages.join(', ') })}
                        </span>
                      </>
                    )}
                  </td>
                  <td className="mono">{advert.link}</td>
                  <td>{advert.active ? t('admin.adverts.shown') : t('admin.adverts.off')}</td>
                  <td>
                    <div className="adverts__actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={t('admin.adverts.editNamed', { title })}
                        onClick={() => onEdit(advert)}
                      >
                        {t('admin.adverts.edit')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={t(advert.active ? 'admin.adverts.switchOffNamed' : 'admin.adverts.switchOnNamed', {
                          title,
                        })}
                        onClick={() => setActive(advert, !advert.active)}
                      >
                        {t(advert.active ? 'admin.adverts.switchOff' : 'admin.adverts.switchOn')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={t('admin.adverts.deleteNamed', { title })}
                        onClick={() => setDeleting(advert)}
                      >
                        {t('admin.adverts.delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {deleting && (
        <ConfirmStep
          id={`${headingId}-delete`}
          question={t('admin.adverts.deleteQuestion', { title: nameOf(deleting) })}
          confirm={t('admin.adverts.delete')}
          cancel={t('admin.adverts.keep')}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
