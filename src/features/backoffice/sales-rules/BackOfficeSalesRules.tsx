import type { FormEvent } from 'react';
import { categories } from '@/lib/categories';
import { payMethods } from '@/lib/pay-methods';
import type { SalesRule } from '@/features/sales-rules/sales-rules';
import type { AgeCheckRegion } from '@/features/sales-rules/age-checks.service';
import { ageCheckProviders } from '@/server/age-assurance/provider';
import { adminCall } from '../admin-api';
import type { Translate } from '@/lib/i18n/ui';
import { ErrorText, useAdminData, useBackOfficeLanguage } from '../ui';

/*
 * What may be sold where, and paid how (admins). Saving calls the same rules as the operator CLI
 * (`sales-rule`); the server checks everything again. See docs/decisions/077-sales-rules.md.
 */

/** A rule in one line, in the operator's language. */
function describeRule(rule: SalesRule, t: Translate): string {
  const subject =
    rule.goodsId === null
      ? t('admin.salesRules.category', { category: rule.category ?? '' })
      : t('admin.salesRules.product', { id: rule.goodsId });
  const what = rule.payMethod ? `${rule.payMethod} · ${subject}` : subject;
  const outcome = t(
    rule.allowed
      ? 'admin.salesRules.allowed'
      : rule.payMethod
        ? 'admin.salesRules.notCarried'
        : 'admin.salesRules.notSold',
  );
  return `#${rule.salesRuleId} ${what} → ${rule.region}: ${outcome}${rule.note ? ` (${rule.note})` : ''}`;
}

export default function BackOfficeSalesRules() {
  const { t } = useBackOfficeLanguage();
  const { data, error, act } = useAdminData(() =>
    Promise.all([adminCall<SalesRule[]>('/sales-rules'), adminCall<AgeCheckRegion[]>('/sales-rules/age-checks')]),
  );
  const [rules, ageRegions] = data ?? [null, []];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const subject = String(form.get('subject'));
    const product = /^\d+$/.exec(subject.trim());
    const rule = {
      ...(product ? { goodsId: Number(product[0]) } : { category: subject }),
      region: String(form.get('region')),
      allowed: form.get('allowed') === 'yes',
      payMethod: form.get('payMethod') ? String(form.get('payMethod')) : null,
      note: String(form.get('note')),
    };
    if (await act(() => adminCall('/sales-rules/save', { rule }))) element.reset();
  };

  return (
    <section aria-labelledby="sales-rules-title">
      <h2 id="sales-rules-title">{t('admin.frame.section.salesRules')}</h2>
      <p>{t('admin.salesRules.intro')}</p>
      <ErrorText error={error} />
      {rules === null ? (
        <p>{t('admin.frame.loading')}</p>
      ) : rules.length === 0 ? (
        <p>{t('admin.salesRules.none')}</p>
      ) : (
        <table className="data-table backoffice__table">
          <thead>
            <tr>
              <th scope="col">{t('admin.salesRules.rule')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('admin.salesRules.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr key={rule.salesRuleId}>
                <td>{describeRule(rule, t)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => void act(() => adminCall('/sales-rules/delete', { salesRuleId: rule.salesRuleId }))}
                  >
                    {t('admin.salesRules.remove', { id: rule.salesRuleId })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="backoffice__form"
        aria-label={t('admin.salesRules.setForm')}
        onSubmit={(event) => void submit(event)}
      >
        <div className="form-row">
          <label className="field">
            <span>{t('admin.salesRules.subject')}</span>
            <input name="subject" required list="sales-rule-categories" />
            <datalist id="sales-rule-categories">
              {categories.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
          </label>
          <label className="field">
            <span>{t('admin.salesRules.destination', { example: 'US-CA' })}</span>
            <input name="region" required maxLength={6} />
          </label>
          <label className="field">
            <span>{t('admin.salesRules.payMethod')}</span>
            <select name="payMethod" defaultValue="">
              <option value="">{t('admin.salesRules.anyMethod')}</option>
              {payMethods.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('admin.salesRules.rule')}</span>
            <select name="allowed" defaultValue="no">
              <option value="no">{t('admin.salesRules.refused')}</option>
              <option value="yes">{t('admin.salesRules.allowed')}</option>
            </select>
          </label>
          <label className="field">
            <span>{t('admin.salesRules.note')}</span>
            <input name="note" maxLength={200} />
          </label>
        </div>
        <button type="submit" className="button">
          {t('admin.salesRules.save')}
        </button>
      </form>

      <h3>{t('admin.salesRules.ageTitle')}</h3>
      <p>{t('admin.salesRules.ageIntro')}</p>
      <ul>
        {ageRegions.map((row) => (
          <li key={row.region}>
            {row.region}: {row.provider}{' '}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() =>
                void act(() => adminCall('/sales-rules/age-checks/save', { region: row.region, provider: null }))
              }
            >
              {t('admin.salesRules.noAgeCheck', { region: row.region })}
            </button>
          </li>
        ))}
        {ageRegions.length === 0 && <li>{t('admin.salesRules.ageNone')}</li>}
      </ul>
      <form
        className="backoffice__form"
        aria-label={t('admin.salesRules.askAge')}
        onSubmit={(event) => {
          event.preventDefault();
          const element = event.currentTarget;
          const form = new FormData(element);
          void act(() =>
            adminCall('/sales-rules/age-checks/save', {
              region: String(form.get('region')),
              provider: String(form.get('provider')),
            }),
          ).then((saved) => saved && element.reset());
        }}
      >
        <div className="form-row">
          <label className="field">
            <span>{t('admin.salesRules.destination', { example: 'US-TX' })}</span>
            <input name="region" required maxLength={6} />
          </label>
          <label className="field">
            <span>{t('admin.salesRules.provider')}</span>
            <select name="provider">
              {ageCheckProviders.map((provider) => (
                <option key={provider} value={provider}>
                  {provider}
                </option>
              ))}
            </select>
          </label>
        </div>
        <button type="submit" className="button">
          {t('admin.salesRules.askAge')}
        </button>
      </form>
    </section>
  );
}
