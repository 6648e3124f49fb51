import type { ChangeEvent } from 'react';
import type { Translate } from '@/lib/i18n/ui';
import { FieldError } from '../catalogue-fields';

/** The advert's picture: the one shown, its removal, and an upload of another. */
export function AdvertPicture({
  t,
  pictureUrl,
  error,
  busy,
  onUpload,
  onRemove,
}: {
  t: Translate;
  pictureUrl: string | null;
  error: string | undefined;
  busy: boolean;
  onUpload: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="catalogue__pictures">
      <legend>{t('admin.adverts.picture')}</legend>
      {pictureUrl && (
        <div className="adverts__picture">
          <img src={pictureUrl} alt={t('admin.adverts.pictureAlt')} width={320} height={120} />
          <button type="button" className="button button--ghost button--small" onClick={onRemove}>
            {t('admin.adverts.removePicture')}
          </button>
        </div>
      )}
      <label className="field">
        <span>{t('admin.adverts.upload')}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={onUpload}
          disabled={busy}
          aria-describedby="advert-picture-error"
        />
      </label>
      <FieldError id="advert-picture-error" error={error} />
    </fieldset>
  );
}
