import { translate, type MessageKey } from '@/lib/i18n';
import type { Language } from '@/lib/locale';
import { formatMoney } from '@/lib/money';
import { renderSmallPage } from '../http/small-page';
import { escapeHtml } from '../mail/layout';
import { returnUrlOf, type TestGatewayPayment } from './test-gateway';

/** The test gateway's approval page: self-contained HTML (no scripts), in the tester's language. */
export function renderTestGatewayPage(language: Language, payment: TestGatewayPayment, notice?: 'cardUnknown'): string {
  const t = (key: MessageKey, params?: Record<string, string>) => escapeHtml(translate(language, key, params));
  const decided = payment.status !== 'created';
  const body = decided
    ? `<p>${t('testGateway.handled')}</p><p><a class="button" href="${escapeHtml(returnUrlOf(payment))}">${t('testGateway.back')}</a></p>`
    : `<form method="post" action="decide" enctype="multipart/form-data">
        <input type="hidden" name="id" value="${escapeHtml(payment.id)}">
        <button name="decision" value="approve">${t('testGateway.approve')}</button>
        <button name="decision" value="decline" class="secondary">${t('testGateway.decline')}</button>
      </form>
      <h2>${t('testGateway.cardTitle')}</h2>
      ${notice ? `<p class="error" role="alert">${t(`testGateway.${notice}`)}</p>` : ''}
      <form method="post" action="decide" enctype="multipart/form-data">
        <input type="hidden" name="id" value="${escapeHtml(payment.id)}">
        <input type="hidden" name="decision" value="card">
        <input type="hidden" name="language" value="${language}">
        <label>${t('testGateway.cardNumber')} <input name="cardNumber" inputmode="numeric" autocomplete="off" placeholder="4111 1111 1111 1111" required></label>
        <p class="help">${t('testGateway.cardHelp')}</p>
        <button>${t('testGateway.payWithCard')}</button>
      </form>`;

  return renderSmallPage({
    language,
    title: t('testGateway.title'),
    before: `<div class="banner">${t('testGateway.banner')}</div>\n`,
    body: `<p class="amount">${t('testGateway.amount', { amount: formatMoney(payment.amount, payment.currency) })}</p>
  ${body}`,
    style: `
  .banner { background: #b3261e; color: #fff; padding: 12px 16px; text-align: center; font-weight: bold; }
  h2 { font-size: 16px; margin: 28px 0 8px; }
  .amount { font-size: 20px; margin: 0 0 20px; }
  button, .button { display: inline-block; border: 0; border-radius: 6px; padding: 12px 18px; margin: 4px 8px 4px 0; font-size: 15px; cursor: pointer; background: #b0456e; color: #fff; text-decoration: none; }
  button.secondary { background: #e9e1e4; color: #2b2b2b; }
  label { display: block; } input[name="cardNumber"] { display: block; width: 100%; box-sizing: border-box; padding: 10px; margin-top: 4px; font-size: 16px; }
  .help { font-size: 13px; color: #666; } .error { color: #b3261e; }`,
  });
}
