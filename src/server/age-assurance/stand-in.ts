import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { translate, type MessageKey } from '@/lib/i18n';
import { parseLanguage, type Language } from '@/lib/locale';
import { testGatewayCsp } from '@/lib/security-headers';
import type { AppEnv } from '../http/context';
import { renderSmallPage } from '../http/small-page';
import { escapeHtml } from '../mail/layout';
import type { AgeCheckOutcome, AgeCheckProvider } from './provider';

/*
 * The local stand-in of an age-assurance provider, for tests and trying the flow: its page (no
 * scripts) asks the tester to answer as an adult or not, and sends them back. It keeps its checks in
 * this process's memory, as a real provider keeps them on its side; it sees no document at all.
 */

export const AGE_STAND_IN_ROUTE = '/age/stand-in';

type StandInCheck = { outcome: AgeCheckOutcome; returnUrl: string; language: Language };
const checks = new Map<string, StandInCheck>();

export function createStandInAgeProvider(publicOrigin: string): AgeCheckProvider {
  return {
    name: 'stand-in',
    async start({ returnUrl, language }) {
      const checkId = randomUUID();
      checks.set(checkId, { outcome: 'pending', returnUrl, language });
      return { checkId, url: `${publicOrigin}/api/v1${AGE_STAND_IN_ROUTE}/${checkId}` };
    },
    async outcome(checkId) {
      return checks.get(checkId)?.outcome ?? 'failed';
    },
  };
}

/** Where the stand-in sends the customer back: the shop's return URL with the check's id. */
function backTo(checkId: string, check: StandInCheck) {
  const url = new URL(check.returnUrl);
  url.searchParams.set('ageCheck', checkId);
  return url.toString();
}

function renderPage(checkId: string, check: StandInCheck) {
  const t = (key: MessageKey) => escapeHtml(translate(check.language, key));
  const body =
    check.outcome === 'pending'
      ? `<p>${t('ageStandIn.question')}</p>
      <form method="get" action="decide">
        <input type="hidden" name="id" value="${escapeHtml(checkId)}">
        <button name="outcome" value="passed">${t('ageStandIn.adult')}</button>
        <button name="outcome" value="failed" class="secondary">${t('ageStandIn.minor')}</button>
      </form>`
      : `<p><a class="button" href="${escapeHtml(backTo(checkId, check))}">${t('ageStandIn.back')}</a></p>`;
  return renderSmallPage({
    language: check.language,
    title: t('ageStandIn.title'),
    before: `<div class="banner">${t('ageStandIn.banner')}</div>\n`,
    body,
    style: `
  .banner { background: #b3261e; color: #fff; padding: 12px 16px; text-align: center; font-weight: bold; }
  button, .button { display: inline-block; border: 0; border-radius: 6px; padding: 12px 18px; margin: 4px 8px 4px 0; font-size: 15px; cursor: pointer; background: #b0456e; color: #fff; text-decoration: none; }
  button.secondary { background: #e9e1e4; color: #2b2b2b; }`,
  });
}

/** The stand-in's page at `/api/v1/age/stand-in/{id}`; its answer (a plain link-like GET, as it is a stand-in) goes back to the shop. */
export function ageStandInRoutes() {
  return new Hono<AppEnv>()
    .get('/decide', (c) => {
      const checkId = c.req.query('id') ?? '';
      const check = checks.get(checkId);
      const outcome = c.req.query('outcome');
      if (!check || (outcome !== 'passed' && outcome !== 'failed')) return c.notFound();
      if (check.outcome === 'pending') check.outcome = outcome;
      return c.redirect(backTo(checkId, check), 303);
    })
    .get('/:id', (c) => {
      const check = checks.get(c.req.param('id'));
      if (!check) return c.notFound();
      c.header('Content-Security-Policy', testGatewayCsp);
      return c.html(
        renderPage(c.req.param('id'), { ...check, language: parseLanguage(c.req.query('language') ?? check.language) }),
      );
    });
}
