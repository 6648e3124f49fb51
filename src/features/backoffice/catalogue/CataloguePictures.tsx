import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { PICTURE_ALT_MAX } from '@/features/catalogue/catalogue';
import { languages, type Language } from '@/lib/locale';
import { AdminApiError, adminUpload } from '../admin-api';
import { FieldError, TextField } from '../catalogue-fields';
import { useBackOfficeLanguage } from '../ui';
import type { Translate } from '@/lib/i18n/ui';

/*
 * The product editor's pictures: upload (stored as WebP by the server), reorder (the first is the
 * main picture), remove, and describe each in every language for screen readers.
 */

type Texts = Record<Language, string>;
/** A picture as the catalogue import format writes it: its reference alone, or with alt texts. */
export type PictureReference = string | { src: string; alt?: Partial<Texts> };
/** A picture being edited: its reference, the URL it is shown at, its alt texts. */
export type PictureDraft = { src: string; url: string; alt: Texts };
/** Field path (as the server names it, e.g. `pictures.1.alt.ZH`) → message. */
type Errors = Record<string, string>;

export const PICTURES_MAX = 8;
const noAlt = () => Object.fromEntries(languages.map((language) => [language, ''])) as Texts;

export function toPictureDrafts(pictures: PictureReference[], urls: string[]): PictureDraft[] {
  return pictures.map((picture, index) => {
    const { src, alt = {} } = typeof picture === 'string' ? { src: picture } : picture;
    return { src, url: urls[index] ?? '', alt: { ...noAlt(), ...alt } };
  });
}

/** The pictures in the import format, alt texts always given so that emptied ones are emptied. */
export const fromPictureDrafts = (pictures: PictureDraft[]): PictureReference[] =>
  pictures.map(({ src, alt }) => ({ src, alt }));

/** Uploads one picture as multipart; answers its `stored:` reference and URL. */
async function uploadPicture(file: File, t: Translate) {
  const answer = await adminUpload<{ reference: string; url: string }>('/catalogue/picture', file);
  if (answer.code !== 1)
    throw new AdminApiError(
      answer.code,
      t(answer.status === 413 ? 'admin.pictures.tooLarge' : 'admin.pictures.wrongType'),
    );
  return answer.data;
}

type Props = {
  pictures: PictureDraft[];
  errors: Errors;
  readOnly: boolean;
  busy: boolean;
  onBusy: (busy: boolean) => void;
  onChange: (change: (pictures: PictureDraft[]) => void) => void;
  /** The upload's refusal for the pictures field, or null once one went through. */
  onUploadError: (message: string | null) => void;
};

export function CataloguePictures({ pictures, errors, readOnly, busy, onBusy, onChange, onUploadError }: Props) {
  const list = useRef<HTMLUListElement>(null);
  // After a move, the moved picture's button keeps the focus (the one that still moves it, if the other cannot).
  const [moved, setMoved] = useState<{ index: number; direction: 'earlier' | 'later' } | null>(null);
  const { t } = useBackOfficeLanguage();
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!moved || !list.current) return;
    const item = list.current.children[moved.index];
    const other = moved.direction === 'earlier' ? 'later' : 'earlier';
    const button = [moved.direction, other]
      .map((direction) => item?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`))
      .find((candidate) => candidate && !candidate.disabled);
    button?.focus();
  }, [moved]);

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    onBusy(true);
    try {
      const uploaded = await uploadPicture(file, t);
      onChange((next) => void next.push({ src: uploaded.reference, url: uploaded.url, alt: noAlt() }));
      onUploadError(null);
      setAnnouncement(t('admin.pictures.added', { number: pictures.length + 1 }));
    } catch (caught) {
      onUploadError((caught as Error).message);
    } finally {
      onBusy(false);
    }
  };
  const move = (index: number, direction: 'earlier' | 'later') => {
    const to = direction === 'earlier' ? index - 1 : index + 1;
    onChange((next) => void next.splice(to, 0, ...next.splice(index, 1)));
    setMoved({ index: to, direction });
    setAnnouncement(
      t(to === 0 ? 'admin.pictures.movedMain' : 'admin.pictures.moved', { number: index + 1, to: to + 1 }),
    );
  };
  const remove = (index: number) => {
    onChange((next) => void next.splice(index, 1));
    setAnnouncement(t('admin.pictures.removed', { number: index + 1 }));
  };

  return (
    <fieldset className="catalogue__pictures">
      <legend>{t('admin.pictures.legend')}</legend>
      <p id="pictures-alt-hint" className="catalogue__hint">
        {t('admin.pictures.altHint', { max: PICTURE_ALT_MAX })}
      </p>
      <ul ref={list}>
        {pictures.map((picture, index) => {
          const label = t('admin.pictures.picture', { number: index + 1 });
          return (
            <li key={`${picture.src}-${index}`}>
              <img src={picture.url} alt={label} width={96} height={96} />
              <div className="catalogue__picture">
                <p className="catalogue__picture-title">{index === 0 ? t('admin.pictures.main', { label }) : label}</p>
                {!readOnly && (
                  <div className="catalogue__row">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      data-move="earlier"
                      disabled={index === 0}
                      onClick={() => move(index, 'earlier')}
                    >
                      {t('admin.pictures.earlier', { number: index + 1 })}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      data-move="later"
                      disabled={index === pictures.length - 1}
                      onClick={() => move(index, 'later')}
                    >
                      {t('admin.pictures.later', { number: index + 1 })}
                    </button>
                    <button type="button" className="button button--ghost button--small" onClick={() => remove(index)}>
                      {t('admin.pictures.remove', { number: index + 1 })}
                    </button>
                  </div>
                )}
                <div className="catalogue__row">
                  {languages.map((language) => (
                    <TextField
                      key={language}
                      label={t('admin.pictures.alt', { label, language })}
                      value={picture.alt[language]}
                      error={errors[`pictures.${index}.alt.${language}`]}
                      readOnly={readOnly}
                      onChange={(value) => onChange((next) => void (next[index]!.alt[language] = value))}
                    />
                  ))}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {!readOnly && pictures.length < PICTURES_MAX && (
        <label className="field">
          <span>{t('admin.pictures.add')}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => void add(event)}
            disabled={busy}
            aria-describedby="pictures-error"
          />
        </label>
      )}
      <FieldError
        id="pictures-error"
        error={errors.pictures ?? Object.entries(errors).find(([path]) => /^pictures\.\d+$/.test(path))?.[1]}
      />
    </fieldset>
  );
}
