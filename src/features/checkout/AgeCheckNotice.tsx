import { openSignIn } from '@/lib/shell.store';
import type { Translate } from '@/lib/i18n/ui';

type Props = {
  t: Translate;
  /** `start`: a signed-in customer goes to the age-assurance provider; `sign-in`: a guest signs in first. */
  needed: 'start' | 'sign-in';
  failed: boolean;
  onStart: () => void;
};

/** An order the sales rules sell only after an age check (decision 077): what the customer does next. */
export function AgeCheckNotice({ t, needed, failed, onStart }: Props) {
  return (
    <div className="age-check" role="status">
      <p>{t('checkout.ageCheckRequired')}</p>
      {failed && <p className="field-error">{t('checkout.ageCheckFailed')}</p>}
      {needed === 'start' ? (
        <button type="button" className="button button--ghost" onClick={onStart}>
          {t('checkout.ageCheckStart')}
        </button>
      ) : (
        <button type="button" className="link-button" onClick={() => openSignIn('sign')}>
          {t('checkout.ageCheckSignIn')}
        </button>
      )}
    </div>
  );
}
