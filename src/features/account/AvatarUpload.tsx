import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { UserInfo } from '@/features/auth/auth.schema';
import { $signedIn, $user, loadUser } from '@/features/auth/user.store';
import { api, isSuccess } from '@/lib/api-client';
import * as ErrorCode from '@/lib/error-codes';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { showToast } from '@/lib/toast.store';
import { checkAvatarFile, hasPictureBytes, initialsOf } from './profile-form';

type Chosen = { file: File; preview: string };

/** The file starts like a JPEG or PNG and the browser can decode it. */
async function isPicture(file: File): Promise<boolean> {
  if (!hasPictureBytes(new Uint8Array(await file.slice(0, 8).arrayBuffer()))) return false;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/** /my/user: the customer's picture. A chosen file is checked, previewed, then uploaded with progress. */
export default function AvatarUpload({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const user = useStore($user);
  const signedIn = useStore($signedIn);
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );

  if (!signedIn) return null;

  /**
   * A file is refused before any upload or preview unless it is a JPG or PNG of at most 5 MB by name,
   * type, first bytes and a decode by the browser (a text file named `.png` shows no broken preview).
   */
  async function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file) ?? ((await isPicture(file)) ? null : 'account.avatarType');
    setError(problem ? t(problem) : null);
    setChosen(problem ? null : { file, preview: URL.createObjectURL(file) });
  }

  async function save() {
    if (!chosen) return;
    const form = new FormData();
    form.append('file', chosen.file);
    setProgress(0);
    const result = await api.upload<UserInfo>('account/updateHeadPicture', form, setProgress);
    setProgress(null);
    if (!isSuccess(result)) {
      // The server checks the bytes again; its refusal of the file is said as the browser's would be.
      setError(result.code === ErrorCode.IllegalRequest ? t('account.avatarType') : result.message);
      setChosen(null);
      return;
    }
    await loadUser();
    setChosen(null);
    showToast('success', t('account.avatarSaved'));
  }

  const picture = chosen?.preview ?? user.headPicture;
  const uploading = progress !== null;

  return (
    <section className="avatar-upload" aria-labelledby="avatar-title">
      <h2 id="avatar-title" className="visually-hidden">
        {t('account.avatar')}
      </h2>
      <div className="avatar avatar--large">
        {picture ? (
          <img src={picture} alt={chosen ? t('account.avatarPreview') : t('account.avatar')} width={112} height={112} />
        ) : (
          <span aria-hidden="true">{initialsOf(user)}</span>
        )}
      </div>
      <div className="avatar-upload__side">
        {chosen ? (
          <div className="avatar-upload__actions">
            <button type="button" className="button" onClick={() => void save()} disabled={uploading}>
              {t('account.avatarUpload')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setChosen(null)} disabled={uploading}>
              {t('account.avatarCancel')}
            </button>
          </div>
        ) : (
          <label className="button button--ghost avatar-upload__choose">
            {t('account.avatarChoose')}
            <input
              ref={input}
              className="visually-hidden"
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              aria-describedby="avatar-hint"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </label>
        )}
        {uploading ? (
          <div className="avatar-upload__progress">
            <progress max={1} value={progress} aria-labelledby="avatar-progress" />
            <span id="avatar-progress">{t('account.avatarProgress', { percent: Math.round(progress * 100) })}</span>
          </div>
        ) : (
          <p className="field-hint" id="avatar-hint">
            {t('account.avatarHint')}
          </p>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
