import { describe, expect, it } from 'vitest';
import { cardFieldsSetupOf, sdkScriptUrl } from './paypal-sdk';

describe("PayPal's card fields in the page", () => {
  it('are used when the card option carries a client id and an SDK address', () => {
    const sdk = { clientId: 'shop-client', sdkUrl: 'https://www.paypal.com/sdk/js' };
    expect(cardFieldsSetupOf([{ payMethod: 'paypal', name: 'PayPal', ...sdk }, { payMethod: 'card', name: 'Card', ...sdk }])).toEqual(sdk);
    expect(cardFieldsSetupOf([{ payMethod: 'card', name: 'Card', clientId: null, sdkUrl: null }])).toBeNull();
    expect(cardFieldsSetupOf([{ payMethod: 'paypal', name: 'PayPal', ...sdk }])).toBeNull();
  });

  it('load the SDK with the client id, the card-fields component and the order currency', () => {
    const src = new URL(sdkScriptUrl({ clientId: 'a b&c', sdkUrl: 'http://127.0.0.1:9000/sdk/js' }, 'MYR'));
    expect(`${src.origin}${src.pathname}`).toBe('http://127.0.0.1:9000/sdk/js');
    expect(Object.fromEntries(src.searchParams)).toEqual({ 'client-id': 'a b&c', components: 'card-fields', currency: 'MYR' });
  });
});
