import { translate, type MessageKey } from '@/lib/i18n';
import { languageTags, type Language } from '@/lib/locale';
import { formatMoney } from '@/lib/money';
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

  return `<!doctype html>
<html lang="${languageTags[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t('testGateway.title')}</title>
<style>
  body { margin: 0; font-family: Arial, Helvetica, sans-serif; color: #2b2b2b; background: #faf6f7; line-height: 1.5; }
  .banner { background: #b3261e; color: #fff; padding: 12px 16px; text-align: center; font-weight: bold; }
  main { max-width: 420px; margin: 32px auto; padding: 24px; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 22px; margin: 0 0 8px; } h2 { font-size: 16px; margin: 28px 0 8px; }
  .amount { font-size: 20px; margin: 0 0 20px; }
  button, .button { display: inline-block; border: 0; border-radius: 6px; padding: 12px 18px; margin: 4px 8px 4px 0; font-size: 15px; cursor: pointer; background: #b0456e; color: #fff; text-decoration: none; }
  button.secondary { background: #e9e1e4; color: #2b2b2b; }
  label { display: block; } input[name="cardNumber"] { display: block; width: 100%; box-sizing: border-box; padding: 10px; margin-top: 4px; font-size: 16px; }
  .help { font-size: 13px; color: #666; } .error { color: #b3261e; }
</style>
</head>
<body>
<div class="banner">${t('testGateway.banner')}</div>
<main>
  <h1>${t('testGateway.title')}</h1>
  <p class="amount">${t('testGateway.amount', { amount: formatMoney(payment.amount, payment.currency) })}</p>
  ${body}
</main>
</body>
</html>`;
}
