import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { Translate } from '@/lib/i18n/ui';
import type { Language } from '@/lib/locale';
import { adminEnvelope, adminUpload, issuesOf } from '../admin-api';
import { LanguageTexts, TextField } from '../catalogue-fields';
import { ErrorText } from '../ui';
import { fieldMessage, nameOf, type Advert, type Draft, type Errors } from './advert-draft';
import { AdvertPicture } from './AdvertPicture';

/** One advert's editor: position, link, on or off, texts in every language side by side, picture. */
export function AdvertEditor({
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
  const setText = (field: 'title' | 'body', language: Language, value: string) =>
    setDraft((current) => ({ ...current, [field]: { ...current[field], [language]: value } }));

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const answer = await adminUpload<{ reference: string; url: string }>('/adverts/picture', file);
      if (answer.code !== 1)
        return setErrors((current) => ({
          ...current,
          picture: t(answer.status === 413 ? 'admin.adverts.pictureTooLarge' : 'admin.adverts.pictureRefused'),
        }));
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
    const fields = {
      position: draft.position,
      link: draft.link.trim(),
      active: draft.active,
      picture: draft.picture,
      title: draft.title,
      body: draft.body,
    };
    try {
      const answer = await adminEnvelope(
        advert ? '/adverts/update' : '/adverts/create',
        advert ? { advertisingId: advert.advertisingId, advert: fields } : { advert: fields },
      );
      if (answer.code === 1) return onClose(draft.title.EN.trim());
      const issues = issuesOf(answer);
      setErrors(
        issues
          ? Object.fromEntries(
              issues.map((issue) => [issue.path || 'advert', fieldMessage(t, issue.path, issue.message)]),
            )
          : {},
      );
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
          <TextField
            label={t('admin.adverts.link')}
            value={draft.link}
            error={errors.link}
            hint={t('admin.adverts.linkHint')}
            onChange={(link) => update({ link })}
          />
          <label className="catalogue__check">
            <input
              type="checkbox"
              checked={draft.active}
              onChange={(event) => update({ active: event.currentTarget.checked })}
            />
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

        <AdvertPicture
          t={t}
          pictureUrl={draft.pictureUrl}
          error={errors.picture}
          busy={busy}
          onUpload={(event) => void upload(event)}
          onRemove={() => update({ picture: null, pictureUrl: null })}
        />

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
