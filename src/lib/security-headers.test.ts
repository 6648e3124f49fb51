import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/features/auth/auth';
import { DEFAULT_PASSWORD, uniqueEmail } from '../../tests/support/customers';
import { observatory } from '../../tests/support/observatory';
import { apiHeaders, headersFor, netlifyHeadersFile, pageCsp, siteHeaderRules } from './security-headers';
import { aShop } from '../../tests/support/fixtures';

const input = { publicOrigin: 'https://shop.example', paypalSdkUrl: null, scriptHashes: ["'sha256-abc='"] };

describe('the header policy', () => {
  it('gives pages a CSP without unsafe-inline scripts, locked base, forms, plugins and framing', () => {
    const csp = pageCsp(input);
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp.split(';').find((directive) => directive.includes('script-src'))).not.toContain('unsafe');
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "frame-src 'none'",
      'upgrade-insecure-requests',
    ]) {
      expect(csp).toContain(directive);
    }
    expect(pageCsp({ ...input, publicOrigin: 'http://localhost:4321' })).not.toContain('upgrade-insecure-requests');
  });

  it('sends HSTS only when the shop is reached over https', () => {
    expect(apiHeaders(input)['Strict-Transport-Security']).toMatch(/^max-age=63072000/);
    expect(apiHeaders({ publicOrigin: 'http://localhost:4321' })['Strict-Transport-Security']).toBeUndefined();
  });

  it("writes Netlify's _headers with every rule, and matches paths the way Netlify does", () => {
    const rules = siteHeaderRules(input);
    const file = netlifyHeadersFile(rules);
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self';/m);
    expect(file).toMatch(/^\/\*\/my\/\*\n {2}Cache-Control: no-store$/m);
    expect(headersFor(rules, '/en-usd/my/order/details/index.html')['Cache-Control']).toBe('no-store');
    expect(headersFor(rules, '/productsList/')['Cache-Control']).toBeUndefined();
    expect(headersFor(rules, '/_astro/a.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
  });

  it('scores below A+ on the Observatory rules when a header is missing (the scorer can fail)', () => {
    const headers = new Headers(apiHeaders(input));
    expect(observatory({ headers, https: true, origin: input.publicOrigin }).grade).toBe('A+');
    headers.delete('Content-Security-Policy');
    expect(observatory({ headers, https: true, origin: input.publicOrigin }).grade).not.toMatch(/^A/);
    headers.set('Content-Security-Policy', "default-src 'self'; script-src 'self' 'unsafe-inline'");
    expect(observatory({ headers, https: true, origin: input.publicOrigin }).results[0]).toMatchObject({
      result: 'csp-implemented-with-unsafe-inline',
    });
  });
});

/** A shop whose public origin is https. */
const httpsShop = await aShop({ env: { PUBLIC_ORIGIN: 'https://shop.example' } });

describe('the API over https', () => {
  const shop = httpsShop;

  it('scores A+ on answers, errors and the session cookie of a sign-in', async () => {
    const { response } = await shop.post('/login/register', {
      firstName: 'Mei',
      lastName: 'Tan',
      email: uniqueEmail(),
      password: encodePassword(DEFAULT_PASSWORD),
    });
    expect(response.headers.get('Set-Cookie')).toMatch(/^token=/);
    for (const answer of [
      response,
      (await shop.get('/site/getSiteInfo')).response,
      (await shop.get('/no/such/route')).response,
    ]) {
      const report = observatory({ headers: answer.headers, https: true, origin: 'https://shop.example' });
      expect(report, JSON.stringify(report.results)).toMatchObject({ grade: 'A+' });
    }
    expect(response.headers.get('Set-Cookie')).toMatch(/HttpOnly/);
    expect(response.headers.get('Set-Cookie')).toMatch(/Secure/);
  });
});
