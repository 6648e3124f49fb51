import type { FormEvent } from 'react';
import { categories } from '@/features/catalog/catalog';
import { payMethods } from '@/features/orders/orders';
import { describeRule, type SalesRule } from '@/features/sales-rules/sales-rules';
import type { AgeCheckRegion } from '@/features/sales-rules/age-checks.service';
import { ageCheckProviders } from '@/server/age-assurance/provider';
import { adminCall } from '../admin-api';
import { ErrorText, useAdminData } from '../ui';

/*
 * What may be sold where, and paid how (admins). Saving calls the same rules as the operator CLI
 * (`sales-rule`); the server checks everything again. See docs/decisions/077-sales-rules.md.
 */

export default function BackOfficeSalesRules() {
  const { data, error, act } = useAdminData(() => Promise.all([adminCall<SalesRule[]>('/sales-rules'), adminCall<AgeCheckRegion[]>('/sales-rules/age-checks')]));
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
      <h2 id="sales-rules-title">Sales rules</h2>
      <p>
        Whether a category (or one product) may be sold to a destination, and which payment methods may carry it there. A product&apos;s rule wins over its category&apos;s; a
        state&apos;s (US-CA) over its country&apos;s (US) over every destination (*). No rule: sold, and every method takes it. Check the law of each destination and your
        payment processors&apos; terms yourself: the demo rules are an example, not legal advice.
      </p>
      <ErrorText error={error} />
      {rules === null ? (
        <p>Loading…</p>
      ) : rules.length === 0 ? (
        <p>No rules: everything is sold wherever the shop ships, with every payment method.</p>
      ) : (
        <table className="data-table backoffice__table">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr key={rule.salesRuleId}>
                <td>{describeRule(rule)}</td>
                <td>
                  <button type="button" className="button button--ghost button--small" onClick={() => void act(() => adminCall('/sales-rules/delete', { salesRuleId: rule.salesRuleId }))}>
                    Remove rule #{rule.salesRuleId}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="backoffice__form" aria-label="Set a sales rule" onSubmit={(event) => void submit(event)}>
        <div className="form-row">
          <label className="field">
            <span>Category, or a product id</span>
            <input name="subject" required list="sales-rule-categories" />
            <datalist id="sales-rule-categories">
              {categories.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
          </label>
          <label className="field">
            <span>Destination (* everywhere, MY, US-CA)</span>
            <input name="region" required maxLength={6} />
          </label>
          <label className="field">
            <span>Payment method</span>
            <select name="payMethod" defaultValue="">
              <option value="">(whether it is sold at all)</option>
              {payMethods.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Rule</span>
            <select name="allowed" defaultValue="no">
              <option value="no">refused</option>
              <option value="yes">allowed</option>
            </select>
          </label>
          <label className="field">
            <span>Why (for operators)</span>
            <input name="note" maxLength={200} />
          </label>
        </div>
        <button type="submit" className="button">
          Save rule
        </button>
      </form>

      <h3>Age checks by destination</h3>
      <p>Every visitor confirms being 18 or older. A destination set here also needs the provider&apos;s age check before an order to it; only the outcome is stored.</p>
      <ul>
        {ageRegions.map((row) => (
          <li key={row.region}>
            {row.region}: {row.provider}{' '}
            <button type="button" className="button button--ghost button--small" onClick={() => void act(() => adminCall('/sales-rules/age-checks/save', { region: row.region, provider: null }))}>
              No age check for {row.region}
            </button>
          </li>
        ))}
        {ageRegions.length === 0 && <li>None: the 18+ confirmation everywhere.</li>}
      </ul>
      <form
        className="backoffice__form"
        aria-label="Ask for an age check"
        onSubmit={(event) => {
          event.preventDefault();
          const element = event.currentTarget;
          const form = new FormData(element);
          void act(() => adminCall('/sales-rules/age-checks/save', { region: String(form.get('region')), provider: String(form.get('provider')) })).then((saved) => saved && element.reset());
        }}
      >
        <div className="form-row">
          <label className="field">
            <span>Destination (* everywhere, MY, US-TX)</span>
            <input name="region" required maxLength={6} />
          </label>
          <label className="field">
            <span>Provider</span>
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
          Ask for an age check
        </button>
      </form>
    </section>
  );
}
