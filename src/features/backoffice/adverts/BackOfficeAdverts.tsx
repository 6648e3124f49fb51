import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Translate } from '@/lib/i18n/ui';
import type { Language } from '@/lib/locale';
import { adminCall, adminEnvelope, adminUpload, issuesOf } from '../admin-api';
import { FieldError, LanguageTexts, TextField } from '../catalogue-fields';
import { ConfirmStep, ErrorText, LanguagePicker, useSectionLanguage, type SectionMessages } from '../ui';
import '../catalogue/catalogue.css';
import './adverts.css';

/*
 * The back office's adverts section: the home banners and the other positions, each a list in page
 * order to reorder, switch on and off, edit (texts in every language side by side, link, picture)
 * and delete. The server checks every advert with the catalogue import's rules and answers each
 * invalid field by its path. It speaks the operator's choice of the shop's languages.
 */

type Texts = Record<Language, string>;
type Advert = {
  advertisingId: number;
  key: string;
  position: string;
  sort: number;
  link: string;
  active: boolean;
  picture: string | null;
  pictureUrl: string | null;
  title: Texts;
  body: Texts;
  missingLanguages: Language[];
};
type Board = { position: string; adverts: Advert[] }[];
type Draft = Pick<Advert, 'position' | 'link' | 'active' | 'picture' | 'pictureUrl' | 'title' | 'body'>;
/** Field path as the server names it (`link`, `title.ZH`) → message. */
type Errors = Record<string, string>;

const emptyTexts = (): Texts => ({ EN: '', ZH: '', MS: '' });
const nameOf = (advert: Pick<Advert, 'title' | 'key'>) => advert.title.EN.trim() || advert.key;

export default function BackOfficeAdverts({ messages }: { messages: SectionMessages }) {
  const { language, t, choose } = useSectionLanguage(messages);
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ advert: Advert | null; draft: Draft } | null>(null);

  const load = useCallback(async () => {
    try {
      setBoard(await adminCall<Board>('/adverts'));
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const positionName = (position: string) => {
    const key = `admin.adverts.position.${position}` as Parameters<Translate>[0];
    const name = t(key);
    return name === key ? position : name;
  };

  /** Runs a change, then shows the board as the server answers it and what was done. */
  const change = async (run: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      await run();
      await load();
      setNotice(done);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  const open = (advert: Advert | null, position = 'home-banner') => {
    setNotice(null);
    setEditing({
      advert,
      draft: advert
        ? { position: advert.position, link: advert.link, active: advert.active, picture: advert.picture, pictureUrl: advert.pictureUrl, title: { ...advert.title }, body: { ...advert.body } }
        : { position, link: '/', active: true, picture: null, pictureUrl: null, title: emptyTexts(), body: emptyTexts() },
    });
  };

  if (editing) {
    return (
      <div lang={language.toLowerCase()}>
        <AdvertEditor
          t={t}
          advert={editing.advert}
          initial={editing.draft}
          positions={board?.map((entry) => entry.position) ?? []}
          positionName={positionName}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              setNotice(t('admin.adverts.saved', { title: saved }));
              void load();
            }
          }}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="adverts-title" lang={language.toLowerCase()}>
      <div className="catalogue__head">
        <h1 id="adverts-title">{t('admin.adverts.title')}</h1>
        <LanguagePicker label={t('admin.adverts.language')} language={language} onChoose={choose} />
        <button type="button" className="button" onClick={() => open(null)}>
          {t('admin.adverts.new')}
        </button>
      </div>
      <p>{t('admin.adverts.intro')}</p>
      <p role="status">{notice}</p>
      <ErrorText error={error} />
      {!board && !error && <p>{t('admin.adverts.loading')}</p>}
      {board?.map((entry) => (
        <PositionList
          key={entry.position}
          t={t}
          name={positionName(entry.position)}
          entry={entry}
          onEdit={(advert) => open(advert)}
          onChange={change}
        />
      ))}
    </section>
  );
}

function PositionList({
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
    void onChange(async () => {
      await adminCall('/adverts/reorder', { position: entry.position, advertisingIds: order });
      // The moved advert's button keeps the focus when it can still move that way, else its other one.
      requestAnimationFrame(() => {
        const same = document.getElementById(`advert-${advert.advertisingId}-${by < 0 ? 'up' : 'down'}`) as HTMLButtonElement | null;
        (same && !same.disabled ? same : document.getElementById(`advert-${advert.advertisingId}-${by < 0 ? 'down' : 'up'}`))?.focus();
      });
    }, t('admin.adverts.moved', { title: nameOf(advert) }));
  };
  const setActive = (advert: Advert, active: boolean) =>
    void onChange(
      () => adminCall('/adverts/setActive', { advertisingId: advert.advertisingId, active }),
      t(active ? 'admin.adverts.switchedOn' : 'admin.adverts.switchedOff', { title: nameOf(advert) }),
    );
  const remove = (advert: Advert) => {
    setDeleting(null);
    void onChange(() => adminCall('/adverts/delete', { advertisingId: advert.advertisingId }), t('admin.adverts.deleted', { title: nameOf(advert) }));
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
                      <button type="button" id={`advert-${advert.advertisingId}-up`} className="button button--ghost button--small" aria-label={t('admin.adverts.moveUp', { title })} disabled={index === 0} onClick={() => move(index, -1)}>
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
                  <td>{advert.pictureUrl ? <img src={advert.pictureUrl} alt="" width={96} height={36} className="adverts__thumb" /> : '—'}</td>
                  <td>
                    <strong>{title}</strong>
                    {advert.missingLanguages.length > 0 && (
                      <>
                        {' '}
                        <span className="tag catalogue__missing">{t('admin.adverts.missingIn', { languages: advert.missingLanguages.join(', ') })}</span>
                      </>
                    )}
                  </td>
                  <td className="mono">{advert.link}</td>
                  <td>{advert.active ? t('admin.adverts.shown') : t('admin.adverts.off')}</td>
                  <td>
                    <div className="adverts__actions">
                      <button type="button" className="button button--ghost button--small" aria-label={t('admin.adverts.editNamed', { title })} onClick={() => onEdit(advert)}>
                        {t('admin.adverts.edit')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={t(advert.active ? 'admin.adverts.switchOffNamed' : 'admin.adverts.switchOnNamed', { title })}
                        onClick={() => setActive(advert, !advert.active)}
                      >
                        {t(advert.active ? 'admin.adverts.switchOff' : 'admin.adverts.switchOn')}
                      </button>
                      <button type="button" className="button button--ghost button--small" aria-label={t('admin.adverts.deleteNamed', { title })} onClick={() => setDeleting(advert)}>
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

/** The server's complaint about a field, in the operator's language where the section knows the field. */
function fieldMessage(t: Translate, path: string, message: string) {
  if (path === 'link') return t('admin.adverts.linkError');
  if (path.startsWith('title.') || path.startsWith('body.')) return t('admin.adverts.textError');
  if (path === 'picture') return t('admin.adverts.pictureMissing');
  return message;
}

function AdvertEditor({
  t,
  advert,
  initial,
  positions,
  positionName,
  onClose,
}: {
  t: Translate;
  advert: Advert | null;
  initial: Draft;
  positions: string[];
  positionName: (position: string) => string;
  onClose: (saved?: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const setText = (field: 'title' | 'body', language: Language, value: string) => setDraft((current) => ({ ...current, [field]: { ...current[field], [language]: value } }));

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const answer = await adminUpload<{ reference: string; url: string }>('/adverts/picture', file);
      if (answer.code !== 1) return setErrors((current) => ({ ...current, picture: t(answer.status === 413 ? 'admin.adverts.pictureTooLarge' : 'admin.adverts.pictureRefused') }));
      update({ picture: answer.data.reference, pictureUrl: answer.data.url });
      setErrors(({ picture: _dropped, ...rest }) => rest);
    } catch (caught) {
      setErrors((current) => ({ ...current, picture: (caught as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    const fields = { position: draft.position, link: draft.link.trim(), active: draft.active, picture: draft.picture, title: draft.title, body: draft.body };
    try {
      const answer = await adminEnvelope(advert ? '/adverts/update' : '/adverts/create', advert ? { advertisingId: advert.advertisingId, advert: fields } : { advert: fields });
      if (answer.code === 1) return onClose(draft.title.EN.trim());
      const issues = issuesOf(answer);
      setErrors(issues ? Object.fromEntries(issues.map((issue) => [issue.path || 'advert', fieldMessage(t, issue.path, issue.message)])) : {});
      setFailure(issues ? t('admin.adverts.fix') : answer.message);
    } catch (caught) {
      setFailure((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const title = advert ? t('admin.adverts.editTitle', { title: nameOf(advert) }) : t('admin.adverts.new');
  return (
    <section aria-labelledby="advert-title">
      <div className="catalogue__head">
        <h1 id="advert-title">{title}</h1>
        <button type="button" className="button button--ghost" onClick={() => onClose()}>
          {t('admin.adverts.back')}
        </button>
      </div>
      <form className="catalogue__editor" onSubmit={save} noValidate>
        <div className="catalogue__row">
          <label className="field">
            <span>{t('admin.adverts.position')}</span>
            <select value={draft.position} onChange={(event) => update({ position: event.currentTarget.value })}>
              {[...new Set([...positions, draft.position])].map((position) => (
                <option key={position} value={position}>
                  {positionName(position)}
                </option>
              ))}
            </select>
          </label>
          <TextField label={t('admin.adverts.link')} value={draft.link} error={errors.link} hint={t('admin.adverts.linkHint')} onChange={(link) => update({ link })} />
          <label className="catalogue__check">
            <input type="checkbox" checked={draft.active} onChange={(event) => update({ active: event.currentTarget.checked })} />
            <span>{t('admin.adverts.active')}</span>
          </label>
        </div>

        <LanguageTexts
          caption={t('admin.adverts.texts')}
          rows={[
            { field: 'title', label: t('admin.adverts.titleField') },
            { field: 'body', label: t('admin.adverts.bodyField'), multiline: true },
          ]}
          values={draft}
          errors={errors}
          missingLabel={t('admin.adverts.missing')}
          onChange={setText}
        />

        <fieldset className="catalogue__pictures">
          <legend>{t('admin.adverts.picture')}</legend>
          {draft.pictureUrl && (
            <div className="adverts__picture">
              <img src={draft.pictureUrl} alt={t('admin.adverts.pictureAlt')} width={320} height={120} />
              <button type="button" className="button button--ghost button--small" onClick={() => update({ picture: null, pictureUrl: null })}>
                {t('admin.adverts.removePicture')}
              </button>
            </div>
          )}
          <label className="field">
            <span>{t('admin.adverts.upload')}</span>
            <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(event) => void upload(event)} disabled={busy} aria-describedby="advert-picture-error" />
          </label>
          <FieldError id="advert-picture-error" error={errors.picture} />
        </fieldset>

        <ErrorText error={failure} />
        <div className="catalogue__save">
          <button className="button" type="submit" disabled={busy}>
            {advert ? t('admin.adverts.save') : t('admin.adverts.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
