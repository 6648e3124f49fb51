import type { Dispatch } from 'react';
import { openSignIn } from '@/lib/shell.store';
import type { Translate } from '@/lib/i18n/ui';
import { limits } from '@/lib/validation';
import type { CheckoutFormAction, ContactErrors, ContactField } from './checkout-form-state';

type Props = {
  t: Translate;
  signedIn: boolean;
  /** The signed-in customer's email. */
  userEmail: string;
  email: string;
  password: string;
  contactErrors: ContactErrors;
  dispatch: Dispatch<CheckoutFormAction>;
};

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** Who orders: the signed-in customer's email, or a guest's email and new password (spec §5). */
export function ContactFields({ t, signedIn, userEmail, email, password, contactErrors, dispatch }: Props) {
  const leaveContactField = (field: ContactField, value: string) =>
    dispatch({ type: 'contactFieldLeft', field, value });
  const changeContactField = (field: ContactField, value: string) =>
    dispatch({ type: 'contactFieldChanged', field, value });
  const contactError = (field: ContactField) =>
    contactErrors[field] && (
      <p className="field-error" id={`checkout-${field}-error`}>
        {t(contactErrors[field])}
      </p>
    );

  return (
    <>
      <h2>{t('checkout.contact')}</h2>
      {signedIn ? (
        <p>{userEmail}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor="checkout-email">{t('checkout.email')}</label>
            <input
              id="checkout-email"
              type="email"
              autoComplete="email"
              maxLength={limits.emailMax}
              value={email}
              aria-invalid={contactErrors.email ? true : undefined}
              aria-describedby={describedBy(contactErrors.email && 'checkout-email-error')}
              onChange={(event) => changeContactField('email', event.target.value)}
              onBlur={(event) => leaveContactField('email', event.target.value)}
            />
            {contactError('email')}
          </div>
          <div className="field">
            <label htmlFor="checkout-password">{t('checkout.newPassword')}</label>
            <input
              id="checkout-password"
              type="password"
              autoComplete="new-password"
              maxLength={limits.passwordMax}
              value={password}
              aria-invalid={contactErrors.password ? true : undefined}
              aria-describedby={describedBy(
                'checkout-password-rule',
                contactErrors.password && 'checkout-password-error',
              )}
              onChange={(event) => changeContactField('password', event.target.value)}
              onBlur={(event) => leaveContactField('password', event.target.value)}
            />
            <p className="field-hint" id="checkout-password-rule">
              {t('sign.passwordRule')}
            </p>
            {contactError('password')}
          </div>
          <button type="button" className="link-button checkout__sign-in" onClick={() => openSignIn('sign')}>
            {t('checkout.haveAccount')}
          </button>
        </>
      )}
    </>
  );
}
