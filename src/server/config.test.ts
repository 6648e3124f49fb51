import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has defaults that run the shop on one machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4321);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.payment.provider).toBe('test');
    expect(config.referenceRates).toEqual({ USD: 100, CNY: 14, MYR: 22 });
    expect(config.referral.rebateRatePercent).toBe(5);
    // The URL `npm start` prints, so the session cookie and the payment return share one origin.
    expect(config.publicOrigin).toBe('http://127.0.0.1:4321');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '::1' }).publicOrigin).toBe('http://[::1]:4321');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://shop.example/' })).toMatchObject({ publicOrigin: 'https://shop.example', publicOriginSet: true });
  });

  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REBATE_RATE_PERCENT: '150' })).toThrow(/REBATE_RATE_PERCENT/);
  });

  it('needs PayPal credentials when PayPal is the payment provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYPAL_CLIENT_ID/);
  });

  it("loads PayPal's card fields from PayPal unless told otherwise, and only from a URL", () => {
    expect(loadConfig({}).payment.paypal.sdkUrl).toBe('https://www.paypal.com/sdk/js');
    expect(loadConfig({ PAYPAL_SDK_URL: 'http://127.0.0.1:9000/sdk/js' }).payment.paypal.sdkUrl).toBe('http://127.0.0.1:9000/sdk/js');
    expect(() => loadConfig({ PAYPAL_SDK_URL: 'www.paypal.com/sdk/js' })).toThrow(/PAYPAL_SDK_URL/);
    expect(() => loadConfig({ PAYPAL_SDK_URL: 'javascript:alert(1)' })).toThrow(/PAYPAL_SDK_URL/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('hashes passwords at OWASP’s cost and trusts no proxy unless told', () => {
    const config = loadConfig({});
    expect(config.passwords).toEqual({ hashCost: 17, resetMinutes: 30 });
    expect(config.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '8' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
