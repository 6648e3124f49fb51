import { useState, type FormEvent } from 'react';
import { adminCall } from '../admin-api';
import { ConfirmStep, dateTime, ErrorText, useAdminData, useBackOfficeLanguage } from '../ui';
import type { Me } from './OperatorSignIn';
import { operatorRoles, type OperatorRole } from './operators';

/*
 * The Operators section (admins): add an operator or change one's role, disable or enable one, reset
 * a password. The same service as `npm run shop -- operator …` answers both (decision 083).
 */

type OperatorAccount = {
  email: string;
  role: OperatorRole;
  state: 'invited' | 'active' | 'disabled';
  secondFactor: boolean;
  createdAt: string;
};
type PasswordLink = { email: string; role: OperatorRole; link: string; expiresInHours: number };
type Pending = { kind: 'disable' | 'reset'; email: string };

export default function BackOfficeOperators({ me }: { me: Me }) {
  const { t } = useBackOfficeLanguage();
  const { data, error, act } = useAdminData(() => adminCall<OperatorAccount[]>('/operators/list'));
  const [link, setLink] = useState<PasswordLink | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setNotice(null);
    void act(async () => {
      setLink(
        await adminCall<PasswordLink>('/operators/add', {
          email: String(fields.get('email')).trim(),
          role: String(fields.get('role')),
        }),
      );
      form.reset();
    });
  };
  const setDisabled = (email: string, disabled: boolean) => {
    setLink(null);
    void act(async () => {
      await adminCall('/operators/setDisabled', { email, disabled });
      setNotice(t(disabled ? 'admin.operators.disabledDone' : 'admin.operators.enabledDone', { email }));
    });
  };
  const reset = (email: string) => {
    setNotice(null);
    void act(async () => setLink(await adminCall<PasswordLink>('/operators/resetPassword', { email })));
  };
  const confirm = () => {
    if (!pending) return;
    setPending(null);
    if (pending.kind === 'disable') setDisabled(pending.email, true);
    else reset(pending.email);
  };

  return (
    <section aria-labelledby="operators-title" className="backoffice__operators">
      <h1 id="operators-title">{t('admin.operators.title')}</h1>
      <p>{t('admin.operators.intro')}</p>
      <form className="backoffice__filters" onSubmit={add} aria-labelledby="operators-add">
        <h2 id="operators-add" className="visually-hidden">
          {t('admin.operators.add')}
        </h2>
        <label className="field">
          <span>{t('admin.operators.email')}</span>
          <input name="email" type="email" required maxLength={254} autoComplete="off" />
        </label>
        <label className="field">
          <span>{t('admin.operators.role')}</span>
          <select name="role" defaultValue="editor">
            {operatorRoles.map((role) => (
              <option key={role} value={role}>
                {t(`admin.frame.role.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <button className="button" type="submit">
          {t('admin.operators.add')}
        </button>
      </form>
      {link && (
        <div className="notice" role="status">
          <p>{t('admin.operators.linkFor', { email: link.email, hours: link.expiresInHours })}</p>
          <p>
            <input
              className="backoffice__link"
              readOnly
              value={link.link}
              aria-label={t('admin.operators.link')}
              onFocus={(event) => event.currentTarget.select()}
            />
          </p>
        </div>
      )}
      <p role="status">{notice}</p>
      <ErrorText error={error} />
      {pending && (
        <ConfirmStep
          id="operator-question"
          question={t(
            pending.kind === 'disable' ? 'admin.operators.disableQuestion' : 'admin.operators.resetQuestion',
            { email: pending.email },
          )}
          confirm={t(pending.kind === 'disable' ? 'admin.operators.disable' : 'admin.operators.reset')}
          cancel={t('admin.operators.cancel')}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
      {data && (
        <div className="backoffice__scroll">
          <table className="data-table backoffice__table">
            <caption className="visually-hidden">{t('admin.operators.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.operators.email')}</th>
                <th scope="col">{t('admin.operators.role')}</th>
                <th scope="col">{t('admin.operators.state')}</th>
                <th scope="col">{t('admin.operators.secondFactor')}</th>
                <th scope="col">{t('admin.operators.since')}</th>
                <th scope="col">{t('admin.operators.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((operator) => (
                <tr key={operator.email}>
                  <td>{operator.email}</td>
                  <td>{t(`admin.frame.role.${operator.role}`)}</td>
                  <td>{t(`admin.operators.state.${operator.state}`)}</td>
                  <td>{t(operator.secondFactor ? 'admin.operators.on' : 'admin.operators.off')}</td>
                  <td>{dateTime(operator.createdAt, t.languageTag)}</td>
                  <td className="backoffice__row-actions">
                    {operator.email.toLowerCase() === me.email.toLowerCase() ? (
                      <span>{t('admin.operators.you')}</span>
                    ) : operator.state === 'disabled' ? (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => setDisabled(operator.email, false)}
                      >
                        {t('admin.operators.enable')}
                      </button>
                    ) : (
                      <>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          onClick={() => setPending({ kind: 'disable', email: operator.email })}
                        >
                          {t('admin.operators.disable')}
                        </button>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          onClick={() => setPending({ kind: 'reset', email: operator.email })}
                        >
                          {t('admin.operators.reset')}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
